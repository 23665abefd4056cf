import { locate, readArgs, validate } from "./args.js";
import type { AdminClients, ServiceUrls } from "./clients.js";
import type { Command, CommandGroup } from "./command.js";
import { GROUPS } from "./commands/index.js";
import { describeFailure } from "./failure.js";
import { resolveUrls } from "./global-flags.js";
import { commandHelp, groupHelp, rootHelp, usageHint } from "./help.js";
import { EXIT, UsageError } from "./usage-error.js";

/** Everything the command line touches outside itself, injected so tests need no process. */
export interface CliEnvironment {
  readonly env: NodeJS.ProcessEnv;
  /** Each call is one block of output; the writer ends it with a newline. */
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Builds the service clients once the command line is known to be good. */
  readonly connect: (urls: ServiceUrls) => AdminClients;
  readonly now?: () => Date;
  readonly groups?: readonly CommandGroup[];
}

/** Runs one command line and answers its exit code: 0 done, 1 refused or unreachable, 2 usage. */
export async function runCli(argv: readonly string[], io: CliEnvironment): Promise<number> {
  // `pnpm admin -- keys list x` hands the `--` through: it separates pnpm's flags, not ours.
  const args = argv[0] === "--" ? argv.slice(1) : [...argv];
  const groups = io.groups ?? GROUPS;
  const json = args.includes("--json");
  const located = locate(args, groups);
  const path = [located.group?.name, located.command?.name].filter((w): w is string => w !== undefined);
  const usage = (error: UsageError, withHelp?: string): number => {
    const [first = "", ...more] = error.message.split("\n");
    io.stderr([`error: ${first}`, ...more.map((line) => `error: ${line}`), withHelp ? `\n${withHelp}` : usageHint(path)].join("\n"));
    if (json) io.stdout(JSON.stringify({ error: { code: "USAGE", message: error.message } }));
    return EXIT.usage;
  };

  if (located.problem !== undefined || !located.command) {
    const level = located.group ? groupHelp(located.group) : rootHelp(groups);
    const unknown = located.problem?.startsWith("unknown") === true;
    if (located.help && !unknown) return help(io, level);
    return usage(new UsageError(located.problem ?? "missing command"), unknown ? undefined : level);
  }
  const command: Command = located.command;
  if (located.help) return help(io, commandHelp(command));

  let input: unknown;
  let urls: ServiceUrls;
  try {
    const { raw, globals } = readArgs(command, located.rest);
    input = validate(command, raw);
    urls = resolveUrls(globals, io.env);
  } catch (error) {
    if (error instanceof UsageError) return usage(error);
    throw error;
  }

  try {
    const output = await command.run(input, { clients: io.connect(urls), now: io.now ?? (() => new Date()), env: io.env });
    io.stdout(json ? JSON.stringify(output.json) : output.text);
    if (output.notice) io.stderr(output.notice);
    return output.exitCode ?? EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) return usage(error);
    const report = describeFailure(error);
    io.stderr(report.lines.join("\n"));
    if (json) io.stdout(JSON.stringify(report.json));
    return report.exitCode;
  }
}

function help(io: CliEnvironment, text: string): number {
  io.stdout(text);
  return EXIT.ok;
}
