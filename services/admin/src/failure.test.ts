import { Code, ConnectError } from "@connectrpc/connect";
import { DomainError, fieldError, toConnectError, validationFailed } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { PeerCallError } from "./clients.js";
import { describeFailure, PartialFailure } from "./failure.js";

const URL = "http://127.0.0.1:50055";
const failed = (cause: unknown) => new PeerCallError("auth", URL, "AuthService.IssueApiKey", cause);

describe("describeFailure", () => {
  it("gives a catalogue refusal as one line, then its field errors", () => {
    const cause = toConnectError(
      validationFailed([
        fieldError("agent_id", "REQUIRED", "agent_id is required"),
        fieldError("scopes", "INVALID_VALUE", "unknown scope"),
      ]),
    );
    const report = describeFailure(failed(cause));
    expect(report.exitCode).toBe(1);
    expect(report.lines).toEqual([
      "error: VALIDATION_FAILED: 2 fields failed validation",
      "  agent_id: agent_id is required (REQUIRED)",
      "  scopes: unknown scope (INVALID_VALUE)",
    ]);
    expect(report.json).toEqual({
      error: {
        code: "VALIDATION_FAILED",
        message: "2 fields failed validation",
        errors: [
          { field: "agent_id", code: "REQUIRED", message: "agent_id is required" },
          { field: "scopes", code: "INVALID_VALUE", message: "unknown scope" },
        ],
        service: "auth",
        url: URL,
        method: "AuthService.IssueApiKey",
      },
    });
  });

  it("keeps a service's UNAVAILABLE refusal apart from an unreachable service", () => {
    const refused = describeFailure(failed(toConnectError(new DomainError("UNAVAILABLE", "MongoDB is down"))));
    expect(refused.lines).toEqual(["error: UNAVAILABLE: MongoDB is down"]);
    const unreachable = describeFailure(failed(new ConnectError("connect ECONNREFUSED 127.0.0.1:50055", Code.Unavailable)));
    expect(unreachable.lines).toEqual([
      `error: UNAVAILABLE: cannot reach the auth service at ${URL} (connect ECONNREFUSED 127.0.0.1:50055)`,
    ]);
  });

  it("warns that a timed-out change may have happened", () => {
    const report = describeFailure(failed(new ConnectError("the operation timed out", Code.DeadlineExceeded)));
    expect(report.lines[0]).toMatch(
      /^error: UNAVAILABLE: the auth service at http:\/\/127\.0\.0\.1:50055 did not answer in time; the change may or may not/,
    );
  });

  it("names Connect codes without a catalogue detail", () => {
    const report = describeFailure(failed(new ConnectError("nope", Code.PermissionDenied)));
    expect(report.lines).toEqual([`error: PERMISSION_DENIED: nope (AuthService.IssueApiKey at ${URL})`]);
  });

  it("adds what a partial command did and how to finish it", () => {
    const cause = failed(toConnectError(new DomainError("UNAVAILABLE", "later")));
    const report = describeFailure(new PartialFailure({ agent: { agent_id: "agt_1" } }, "finish with X", cause));
    expect(report.lines).toEqual(["error: UNAVAILABLE: later", "note: finish with X"]);
    expect(report.json).toMatchObject({ agent: { agent_id: "agt_1" }, error: { code: "UNAVAILABLE" }, note: "finish with X" });
  });

  it("reports anything else as INTERNAL with exit code 1", () => {
    expect(describeFailure(new Error("the auth service answered without an agent"))).toMatchObject({
      lines: ["error: INTERNAL: the auth service answered without an agent"],
      exitCode: 1,
    });
  });
});
