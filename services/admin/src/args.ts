import { defined } from "@tarmac/kernel";
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { Command, CommandGroup, FlagSpec, RawInput } from "./command.js";
import { GLOBAL_FLAGS, GLOBAL_VALUE_FLAGS } from "./global-flags.js";
import { UsageError } from "./usage-error.js";

/** Where on the command tree argv points, before any flag of a command is read. */
export interface Located {
  readonly group?: CommandGroup;
  readonly command?: Command;
  /** argv without the command words. */
  readonly rest: string[];
  /** -h or --help was given (before any `--`). */
  readonly help: boolean;
  /** Why argv names no command: missing or unknown words. */
  readonly problem?: string;
}

export interface GlobalValues {
  readonly json: boolean;
  readonly "auth-url"?: string;
  readonly "wallet-url"?: string;
  readonly "webhooks-url"?: string;
  readonly "booking-url"?: string;
}

/**
 * The first words that are not flags (or values of global flags) name group and command: two
 * words, or three for a command of two words ("agencies billing set").
 */
export function locate(argv: readonly string[], groups: readonly CommandGroup[]): Located {
  const found: number[] = [];
  let end = argv.indexOf("--");
  if (end === -1) end = argv.length;
  for (let i = 0; i < end && found.length < 3; i++) {
    const token = defined(argv[i], "argument");
    if (token.startsWith("-") && token.length > 1) {
      if (GLOBAL_VALUE_FLAGS.has(token)) i++;
      continue;
    }
    found.push(i);
  }
  const help = argv.slice(0, end).some((t) => t === "-h" || t === "--help");
  const [groupWord, commandWord, thirdWord] = found.map((i) => defined(argv[i], "argument"));
  const without = (words: number) => argv.filter((_, i) => !found.slice(0, words).includes(i));
  const rest = without(2);
  if (groupWord === undefined) return { rest, help, problem: "missing command" };
  const group = groups.find((g) => g.name === groupWord);
  if (!group) return { rest, help, problem: `unknown command "${shown(groupWord)}"` };
  // A group that is itself the command (`reconcile`): its command has no name of its own.
  const bare = group.commands.find((c) => c.name === "");
  if (bare) return { group, command: bare, rest: without(1), help };
  if (commandWord === undefined) return { group, rest, help, problem: `missing command after "${group.name}"` };
  const twoWords = group.commands.find((c) => thirdWord !== undefined && c.name === `${commandWord} ${thirdWord}`);
  if (twoWords) return { group, command: twoWords, rest: without(3), help };
  const command = group.commands.find((c) => c.name === commandWord);
  if (command) return { group, command, rest, help };
  if (group.commands.some((c) => c.name.startsWith(`${commandWord} `)))
    return { group, rest, help, problem: `missing command after "${group.name} ${shown(commandWord)}"` };
  return { group, rest, help, problem: `unknown command "${group.name} ${shown(commandWord)}"` };
}

/** Reads the rest of argv against the command's arguments and flags plus the global ones. */
export function readArgs(command: Command, rest: readonly string[]): { raw: RawInput; globals: GlobalValues } {
  const specs: Record<string, FlagSpec> = { ...GLOBAL_FLAGS, ...command.flags };
  const options: ParseArgsConfig["options"] = Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [
      name,
      { type: spec.type, ...(spec.short && { short: spec.short }), ...(spec.multiple && { multiple: true }) },
    ]),
  );
  const end = rest.indexOf("--");
  // parseArgs would read "-100" as the short flags -1 -0 -0.
  const negative = rest.slice(0, end === -1 ? undefined : end).find((t) => /^-\d/.test(t));
  if (negative !== undefined) throw new UsageError(`amounts must not be negative (${negative})`);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...rest], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(explain(error, command, specs));
  }
  const { values, positionals } = parsed;
  const extra = positionals[command.args.length];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${shown(extra)}"`);
  const missing = command.args[positionals.length];
  if (missing) throw new UsageError(`missing ${missing.label}`);
  const raw: RawInput = {};
  command.args.forEach((arg, i) => (raw[arg.key] = positionals[i]));
  for (const name of Object.keys(command.flags)) raw[name] = values[name] as string | string[] | boolean | undefined;
  const globals: GlobalValues = {
    json: values.json === true,
    ...(typeof values["auth-url"] === "string" && { "auth-url": values["auth-url"] }),
    ...(typeof values["wallet-url"] === "string" && { "wallet-url": values["wallet-url"] }),
    ...(typeof values["webhooks-url"] === "string" && { "webhooks-url": values["webhooks-url"] }),
    ...(typeof values["booking-url"] === "string" && { "booking-url": values["booking-url"] }),
  };
  return { raw, globals };
}

/** Checks the raw input with the command's schema; every problem names its argument or flag. */
export function validate<I>(command: Command<I>, raw: RawInput): I {
  const result = command.input.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? "");
    const label = command.args.find((a) => a.key === key)?.label ?? (key === "" ? "input" : `--${key}`);
    return `${label}: ${issue.message}`;
  });
  throw new UsageError(lines.join("\n"));
}

function explain(error: unknown, command: Command, specs: Record<string, FlagSpec>): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  const option = /'(-[^' ]+)/.exec(message)?.[1] ?? "";
  const where = `"${command.group} ${command.name}"`;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    return `unknown flag ${shown(option)} for ${where}`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const spec = specs[option.replace(/^--?/, "")] ?? Object.values(specs).find((s) => `-${s.short}` === option);
    return spec?.type === "boolean" ? `${option} does not take a value` : `${option} needs a value ${spec?.value ?? ""}`.trim();
  }
  return message.split("\n")[0] ?? message;
}

/** What may be echoed of a word ops typed: an API key shows only its prefix and id. */
export function shown(word: string): string {
  return word.replace(/(tk_(?:live|test)_[A-Za-z0-9]{0,8})[A-Za-z0-9_]*/g, "$1…");
}
