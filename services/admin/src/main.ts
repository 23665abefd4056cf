#!/usr/bin/env tsx
import { runCli } from "./cli.js";
import { connectClients } from "./clients.js";
import { adminCredential } from "./credential.js";

/** Bootstrap only: real argv, env, streams and gRPC clients; every decision is in runCli. */
const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  connect: (urls) => connectClients(urls, adminCredential(process.env)),
});
// Idle HTTP/2 sessions to the services would keep the process alive; stdout and stderr are
// synchronous for files and pipes on Linux, so nothing written is lost.
process.exit(code);
