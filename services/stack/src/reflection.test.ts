import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";

/** The buf CLI the workspace pins: `buf curl` is the reflection client the README shows internal teams. */
const buf = join(fileURLToPath(new URL("../../..", import.meta.url)), "node_modules", ".bin", "buf");
const run = promisify(execFile);

const served: Record<string, string> = {
  search: "tarmac.search.v1.SearchService",
  fare: "tarmac.fare.v1.FareService",
  booking: "tarmac.booking.v1.BookingService",
  wallet: "tarmac.wallet.v1.WalletService",
  auth: "tarmac.auth.v1.AuthService",
};

describe("every service answers server reflection (buf curl)", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: {}, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
  });
  afterAll(() => stack.stop());

  it.each(Object.keys(served))("%s: lists its service, health and reflection, over v1 and v1alpha", async (name) => {
    const url = stack.services[name]!;
    for (const protocol of ["grpc-v1", "grpc-v1alpha"]) {
      const { stdout } = await run(buf, ["curl", "--http2-prior-knowledge", "--reflect-protocol", protocol, "--list-services", url]);
      expect(stdout.trim().split("\n")).toEqual(
        expect.arrayContaining([
          served[name],
          "grpc.health.v1.Health",
          "grpc.reflection.v1.ServerReflection",
          "grpc.reflection.v1alpha.ServerReflection",
        ]),
      );
    }
    const { stdout: methods } = await run(buf, ["curl", "--http2-prior-knowledge", "--list-methods", url]);
    expect(methods).toContain(`${served[name]}/`);
  });

  it("describes a request well enough for buf curl to call a method from JSON, and errors carry the standard details", async () => {
    // buf curl knows the request's fields only from reflection: it cannot encode JSON without them.
    const args = ["curl", "--http2-prior-knowledge", "--protocol", "grpc", "-d", '{"agentId":"agt_nobody"}'];
    // A failed call exits non-zero and prints its error (JSON) on stderr.
    const { stdout, stderr } = await run(buf, [...args, `${stack.services.wallet}/tarmac.wallet.v1.WalletService/GetBalance`]).catch(
      (failure: unknown) => failure as { stdout: string; stderr: string },
    );
    const answer = JSON.parse(stdout || stderr) as { code: string; details: { type: string }[] };
    expect(answer.details.map((d) => d.type)).toEqual(expect.arrayContaining(["tarmac.errors.v1.ErrorDetail", "google.rpc.ErrorInfo"]));
  });
});
