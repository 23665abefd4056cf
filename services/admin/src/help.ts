import type { Command, CommandGroup, FlagSpec } from "./command.js";
import { GLOBAL_FLAGS } from "./global-flags.js";

const PROGRAM = "pnpm admin";

const EXIT_CODES = "Exit codes: 0 done, 1 a service refused or could not be reached, 2 bad command line, 3 reconcile found discrepancies.";

export function rootHelp(groups: readonly CommandGroup[]): string {
  const commands = groups.flatMap((g) => g.commands.map((c) => [`${g.name} ${c.name}`.trim(), c.summary] as const));
  return [
    "Tarmac admin: agents, API keys and wallets, for operations, over the services' gRPC contracts.",
    "",
    `Usage: ${PROGRAM} <group> <command> [arguments] [flags]`,
    "",
    "Commands:",
    columns(commands),
    "",
    "Global flags (on every command):",
    flagList(GLOBAL_FLAGS),
    "",
    EXIT_CODES,
    "",
    "Examples:",
    ...groups.map((g) => `  ${g.commands[0]?.examples[0] ?? ""}`),
    "",
    `Run '${PROGRAM} <group> --help' or '${PROGRAM} <group> <command> --help' for more.`,
  ].join("\n");
}

export function groupHelp(group: CommandGroup): string {
  return [
    `${PROGRAM} ${group.name}: ${group.summary}`,
    "",
    `Usage: ${PROGRAM} ${group.name} <command> [arguments] [flags]`,
    "",
    "Commands:",
    columns(group.commands.map((c) => [`${c.name} ${argLabels(c)}`.trim(), c.summary] as const)),
    "",
    "Global flags:",
    flagList(GLOBAL_FLAGS),
    "",
    "Examples:",
    ...group.commands.map((c) => `  ${c.examples[0] ?? ""}`),
    "",
    `Run '${PROGRAM} ${group.name} <command> --help' for a command's arguments and flags.`,
  ].join("\n");
}

export function commandHelp(command: Command): string {
  const hasFlags = Object.keys(command.flags).length > 0;
  return [
    `${PROGRAM} ${command.group} ${command.name}`.trim() + `: ${command.summary}`,
    "",
    `Usage: ${PROGRAM} ${command.group} ${command.name} ${argLabels(command)} [flags]`.replace(/ +/g, " "),
    "",
    wrap(command.description),
    ...(command.args.length > 0 ? ["", "Arguments:", columns(command.args.map((a) => [a.label, a.description] as const))] : []),
    ...(hasFlags ? ["", "Flags:", flagList(command.flags)] : []),
    "",
    "Global flags:",
    flagList(GLOBAL_FLAGS),
    "",
    EXIT_CODES,
    "",
    "Examples:",
    ...command.examples.map((e) => `  ${e}`),
  ].join("\n");
}

/** The hint under a usage error, for the deepest level argv reached. */
export function usageHint(path: readonly string[]): string {
  return `Run '${[PROGRAM, ...path, "--help"].join(" ")}' for usage.`;
}

function argLabels(command: Command): string {
  return command.args.map((a) => a.label).join(" ");
}

function flagList(flags: Readonly<Record<string, FlagSpec>>): string {
  return columns(
    Object.entries(flags).map(([name, spec]) => {
      const short = spec.short ? `-${spec.short}, ` : "";
      return [`${short}--${name}${spec.value ? ` ${spec.value}` : ""}`, spec.description] as const;
    }),
  );
}

function columns(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`).join("\n");
}

function wrap(text: string, width = 100): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line].join("\n");
}
