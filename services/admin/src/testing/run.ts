import { runCli } from "../cli.js";
import type { AdminClients, ServiceUrls } from "../clients.js";
import { NOW } from "./fakes.js";

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The URLs the command line asked to connect to; empty when it stopped before. */
  readonly connected: ServiceUrls[];
}

/** Runs the command line in-process against the given clients, capturing what it prints. */
export async function run(argv: readonly string[], options: { clients?: AdminClients; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const connected: ServiceUrls[] = [];
  const code = await runCli(argv, {
    env: options.env ?? {},
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
    now: () => NOW,
    connect: (urls) => {
      connected.push(urls);
      if (!options.clients) throw new Error("this test expected no connection");
      return options.clients;
    },
  });
  return { code, stdout: stdout.join("\n"), stderr: stderr.join("\n"), connected };
}
