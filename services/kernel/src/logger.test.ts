import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.js";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ name: "t" }, stream) };
}

describe("logger", () => {
  it("redacts API keys, tokens, OTP codes and passenger contact data at any depth", () => {
    const { lines, logger } = capture();
    logger.info(
      {
        req: { headers: { "x-api-key": "tk_test_abcdefgh_secret", authorization: "Bearer t" } },
        body: { verification_token: "vt-9f8e7d", otp: "123456", contact_info: { email: "a@b.c", phone: "+91" } },
        passengers: [{ first_name: "ASHA", email: "x@y.z" }],
      },
      "hello",
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of ["tk_test_abcdefgh_secret", "Bearer t", "vt-9f8e7d", "123456", "a@b.c", "+91", "x@y.z"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("ASHA");
  });
});
