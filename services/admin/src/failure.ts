import { Code, ConnectError } from "@connectrpc/connect";
import { DomainError } from "@tarmac/kernel";
import { ErrorDetailSchema } from "@tarmac/proto/tarmac/errors/v1/errors_pb.js";
import { PeerCallError } from "./clients.js";
import { EXIT } from "./usage-error.js";

/** A command that made some changes before one failed: what was done, and how to finish. */
export class PartialFailure extends Error {
  override readonly name = "PartialFailure";

  constructor(
    readonly done: Record<string, unknown>,
    readonly note: string,
    override readonly cause: unknown,
  ) {
    super(note, { cause });
  }
}

export interface FailureReport {
  /** For stderr: the first is `error: <CODE>: <message>`. */
  readonly lines: string[];
  /** For stdout under --json. */
  readonly json: { error: Record<string, unknown> } & Record<string, unknown>;
  readonly exitCode: number;
}

/** Any failure of a command that got past the command line -> what ops read, and exit code 1. */
export function describeFailure(error: unknown): FailureReport {
  if (error instanceof PartialFailure) {
    const inner = describeFailure(error.cause);
    return { ...inner, lines: [...inner.lines, `note: ${error.note}`], json: { ...error.done, ...inner.json, note: error.note } };
  }
  if (!(error instanceof PeerCallError)) {
    const message = error instanceof Error ? error.message : String(error);
    return report("INTERNAL", message, []);
  }
  const where = { service: error.peer, url: error.url, method: error.method };
  // Peer clients reject with the kernel's DomainError; ops read what the service sent, kept as its cause.
  const sent = error.cause instanceof DomainError && error.cause.cause !== undefined ? error.cause.cause : error.cause;
  const connect = ConnectError.from(sent);
  const [detail] = connect.findDetails(ErrorDetailSchema);
  if (detail) {
    // The detail as sent, not via the kernel's catalogue: a newer service's new code still shows.
    const fields = detail.errors.map((e) => ({ field: e.field, code: e.code, message: e.message }));
    return report(detail.code, connect.rawMessage, fields, where);
  }
  switch (connect.code) {
    case Code.Unavailable:
      return report("UNAVAILABLE", `cannot reach the ${error.peer} service at ${error.url} (${connect.rawMessage})`, [], where);
    case Code.DeadlineExceeded:
      return report(
        "UNAVAILABLE",
        `the ${error.peer} service at ${error.url} did not answer in time; the change may or may not have been made ` +
          "(money movements are safe to repeat with the same --reference)",
        [],
        where,
      );
    default:
      return report(codeName(connect.code), `${connect.rawMessage} (${error.method} at ${error.url})`, [], where);
  }
}

function report(
  code: string,
  message: string,
  errors: { field: string; code: string; message: string }[],
  where: Record<string, string> = {},
): FailureReport {
  const lines = [`error: ${code}: ${message}`, ...errors.map((e) => `  ${e.field}: ${e.message} (${e.code})`)];
  return { lines, json: { error: { code, message, errors, ...where } }, exitCode: EXIT.failed };
}

/** Code.DeadlineExceeded -> "DEADLINE_EXCEEDED". */
function codeName(code: Code): string {
  return ((Code as Record<number, string | undefined>)[code] ?? `CODE_${code}`).replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
}
