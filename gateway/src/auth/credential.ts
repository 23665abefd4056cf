import { DomainError } from "@tarmac/kernel";
import { AgentStatus } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyRequest } from "fastify";
import type { CredentialVerifier } from "./credential-verifier.js";

/** One way a caller proves who it is: where it is read from, its format, and who verifies it. */
export interface Credential {
  /** Names it in the scope refusal: "This API key lacks the flight.book scope". */
  readonly noun: string;
  /** The credential of a request; undefined when absent. May throw for one that is there but unreadable. */
  read(request: FastifyRequest): string | undefined;
  /** Refused without a peer call when it is not in the format auth issues (guessing costs auth nothing). */
  readonly wellFormed: (value: string) => boolean;
  readonly missing: () => DomainError;
  readonly malformed: () => DomainError;
  readonly verifier: CredentialVerifier;
  /** Fastify plugins `read` relies on, registered before this credential's plugin. */
  readonly needs?: readonly string[];
}

/** Auth verifies a credential of a suspended agent (or agency) too; the gateway refuses it. */
export function requireActiveAgent(status: AgentStatus): void {
  if (status === AgentStatus.ACTIVE) return;
  const state = status === AgentStatus.SUSPENDED ? "suspended" : "not active";
  throw new DomainError("AUTH_AGENT_SUSPENDED", `The agent account is ${state}`);
}
