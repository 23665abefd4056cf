import type { z } from "zod";
import type { AdminClients } from "./clients.js";

/** A flag of one command, for parseArgs and for its help. */
export interface FlagSpec {
  readonly type: "string" | "boolean";
  readonly short?: string;
  /** May be given more than once (e.g. --address-line); the values arrive as an array, in order. */
  readonly multiple?: boolean;
  /** Placeholder shown in help, e.g. "<rupees>". */
  readonly value?: string;
  readonly description: string;
}

/** A positional argument: `key` names it in the input, `label` in help and messages. */
export interface ArgSpec {
  readonly key: string;
  readonly label: string;
  readonly description: string;
}

interface CommandContext {
  readonly clients: AdminClients;
  readonly now: () => Date;
  /** The environment, for what a command reads of it (the caller credential). */
  readonly env: NodeJS.ProcessEnv;
}

/** What a command prints: `json` under --json, else `text`; `notice` goes to stderr either way. */
interface CommandOutput {
  readonly json: Record<string, unknown>;
  readonly text: string;
  readonly notice?: string;
  /** The exit code when not 0: a check that ran and found something (EXIT.found). */
  readonly exitCode?: number;
}

/** Positionals by key and flags by name, as parsed, for the command's zod schema. */
export type RawInput = Record<string, string | string[] | boolean | undefined>;

export interface Command<I = unknown> {
  readonly group: string;
  readonly name: string;
  readonly summary: string;
  /** A paragraph for the command's own help. */
  readonly description: string;
  readonly args: readonly ArgSpec[];
  readonly flags: Readonly<Record<string, FlagSpec>>;
  readonly examples: readonly string[];
  readonly input: z.ZodType<I>;
  run(input: I, context: CommandContext): Promise<CommandOutput>;
}

/** Keeps `I` tied between a command's schema and its run(). */
export function defineCommand<I>(command: Command<I>): Command<I> {
  return command;
}

export interface CommandGroup {
  readonly name: string;
  readonly summary: string;
  readonly commands: readonly Command[];
}
