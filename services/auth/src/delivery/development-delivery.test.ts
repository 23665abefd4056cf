import { createLogger } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import type { OtpMessage } from "./code-delivery.js";
import { DevelopmentCodeDelivery, DevOutbox } from "./development-delivery.js";

const message = (overrides: Partial<OtpMessage> = {}): OtpMessage => ({
  messageId: "otp_1",
  channel: "EMAIL",
  to: "demo@tarmac.test",
  code: "123456",
  expiresInSeconds: 300,
  ...overrides,
});

describe("DevelopmentCodeDelivery", () => {
  it("keeps the message in the outbox, newest first, with the e-mail's subject and body", async () => {
    const clock = new ManualClock();
    const outbox = new DevOutbox(10);
    const delivery = new DevelopmentCodeDelivery({ outbox, logger: silentLogger(), clock });
    await delivery.deliver(message());
    clock.advance(1000);
    await delivery.deliver(message({ messageId: "otp_2", channel: "SMS", to: "+919800000001", code: "654321" }));
    const [sms, email] = outbox.list();
    expect(sms).toMatchObject({
      messageId: "otp_2",
      channel: "SMS",
      to: "+919800000001",
      code: "654321",
      subject: "",
      createdAt: clock.now(),
    });
    expect(sms!.body).toMatch(/^654321 is your Tarmac login code/);
    expect(sms!.body.length).toBeLessThanOrEqual(160);
    expect(email).toMatchObject({ channel: "EMAIL", code: "123456", subject: "Your Tarmac login code" });
    expect(email!.body).toContain("expires in 5 minutes");
    expect(outbox.latestCode("demo@tarmac.test")).toBe("123456");
    expect(outbox.list({ to: "+919800000001" })).toEqual([sms]);
    expect(outbox.list({ limit: 1 })).toEqual([sms]);
  });

  it("writes the code to the log under names the logger does not redact", async () => {
    const lines: string[] = [];
    const logger = createLogger({ name: "auth", level: "info" }, { write: (line: string) => void lines.push(line) });
    const delivery = new DevelopmentCodeDelivery({ outbox: new DevOutbox(), logger, clock: new ManualClock() });
    await delivery.deliver(message({ code: "777888" }));
    const logged = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(logged).toMatchObject({ devCode: "777888", recipient: "demo@tarmac.test", channel: "EMAIL", messageId: "otp_1" });
  });
});

describe("DevOutbox", () => {
  it("keeps only the last N messages", () => {
    const outbox = new DevOutbox(3);
    for (let i = 0; i < 5; i++) {
      outbox.add({ messageId: `m${i}`, channel: "EMAIL", to: "a@b.co", code: `00000${i}`, subject: "", body: "", createdAt: new Date(i) });
    }
    expect(outbox.list().map((m) => m.messageId)).toEqual(["m4", "m3", "m2"]);
    outbox.clear();
    expect(outbox.list()).toEqual([]);
  });

  it("refuses a capacity below 1", () => {
    expect(() => new DevOutbox(0)).toThrow();
  });
});
