import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, keyFingerprint, parseSecretKey, SecretBoxError, secretBoxFromConfig } from "./secret-box.js";
import { newWebhookSecret } from "./signature.js";

const keyA = randomBytes(32);
const keyB = randomBytes(32);

describe("createSecretBox", () => {
  const box = createSecretBox([{ kid: "a", key: keyA }], "a");

  it("round trips, with a fresh IV every time", () => {
    const secret = newWebhookSecret();
    const sealed = box.seal("we_1", secret);
    expect(sealed).toMatch(/^v1\.a\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret.slice("whsec_".length));
    expect(box.open("we_1", sealed)).toBe(secret);
    expect(box.seal("we_1", secret)).not.toBe(sealed);
  });

  it("does not open for another endpoint id", () => {
    const sealed = box.seal("we_1", "whsec_x");
    expect(() => box.open("we_2", sealed)).toThrow(SecretBoxError);
  });

  it("does not open when any part is altered", () => {
    const sealed = box.seal("we_1", "whsec_secret_value");
    const [version, kid, iv, body] = sealed.split(".") as [string, string, string, string];
    const flip = (text: string, at: number) => {
      const bytes = Buffer.from(text, "base64url");
      bytes[at] = bytes[at]! ^ 1;
      return bytes.toString("base64url");
    };
    for (const tampered of [
      [version, kid, flip(iv, 0), body],
      [version, kid, iv, flip(body, 0)],
      [version, kid, iv, flip(body, Buffer.from(body, "base64url").length - 1)],
      [version, kid, iv, body.slice(0, -4)],
      ["v2", kid, iv, body],
    ]) {
      expect(() => box.open("we_1", tampered.join("."))).toThrow(SecretBoxError);
    }
    expect(() => box.open("we_1", "not sealed")).toThrow(SecretBoxError);
    expect(() => box.open("we_1", "v1.a.!!.!!")).toThrow(SecretBoxError);
  });

  it("never puts the secret or the key in an error", () => {
    const sealed = box.seal("we_1", "whsec_do_not_log");
    try {
      box.open("we_2", sealed);
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain("whsec_do_not_log");
      expect(String(error)).not.toContain(keyA.toString("hex"));
    }
  });

  it("opens what an old key sealed after a rotation, and seals with the new one", () => {
    const before = createSecretBox([{ kid: "a", key: keyA }], "a");
    const sealedByA = before.seal("we_1", "whsec_old");
    const after = createSecretBox(
      [
        { kid: "b", key: keyB },
        { kid: "a", key: keyA },
      ],
      "b",
    );
    expect(after.open("we_1", sealedByA)).toBe("whsec_old");
    expect(after.needsReseal(sealedByA)).toBe(true);
    const sealedByB = after.seal("we_1", "whsec_new");
    expect(sealedByB.startsWith("v1.b.")).toBe(true);
    expect(after.needsReseal(sealedByB)).toBe(false);
    // A key that is gone no longer opens its seals.
    expect(() => createSecretBox([{ kid: "b", key: keyB }], "b").open("we_1", sealedByA)).toThrow(/key a/);
  });

  it("refuses a bad key set", () => {
    expect(() => createSecretBox([{ kid: "a", key: randomBytes(16) }], "a")).toThrow(SecretBoxError);
    expect(() => createSecretBox([{ kid: "a.b", key: keyA }], "a.b")).toThrow(SecretBoxError);
    expect(() => createSecretBox([{ kid: "a", key: keyA }], "b")).toThrow(SecretBoxError);
    expect(() =>
      createSecretBox(
        [
          { kid: "a", key: keyA },
          { kid: "a", key: keyB },
        ],
        "a",
      ),
    ).toThrow(SecretBoxError);
  });
});

describe("parseSecretKey", () => {
  it("reads 64 hex digits and 43 base64url characters (or base64 with =)", () => {
    expect(parseSecretKey(keyA.toString("hex"))).toEqual(keyA);
    expect(parseSecretKey(keyA.toString("base64url"))).toEqual(keyA);
    expect(parseSecretKey(keyA.toString("base64"))).toEqual(keyA);
  });

  it.each(["", "abc", "00".repeat(31), "00".repeat(33), randomBytes(31).toString("base64url"), "z".repeat(64)])("refuses %j", (text) => {
    expect(() => parseSecretKey(text)).toThrow(SecretBoxError);
  });
});

describe("secretBoxFromConfig", () => {
  it("names a bare key by its fingerprint and keeps previous keys for opening", () => {
    const old = secretBoxFromConfig(keyA.toString("base64url"));
    expect(old.currentKid).toBe(keyFingerprint(keyA));
    const sealed = old.seal("we_1", "whsec_1");
    const rotated = secretBoxFromConfig(keyB.toString("hex"), ` ${keyA.toString("base64url")} `);
    expect(rotated.currentKid).toBe(keyFingerprint(keyB));
    expect(rotated.open("we_1", sealed)).toBe("whsec_1");
  });

  it("takes explicit key ids", () => {
    const box = secretBoxFromConfig(`k2:${keyB.toString("hex")}`, `k1:${keyA.toString("hex")}`);
    expect(box.currentKid).toBe("k2");
    expect(box.seal("we_1", "whsec_1").startsWith("v1.k2.")).toBe(true);
  });

  it("refuses an empty key", () => {
    expect(() => secretBoxFromConfig("")).toThrow(/WEBHOOK_SECRET_KEY/);
  });
});
