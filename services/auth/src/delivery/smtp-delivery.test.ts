import { afterEach, describe, expect, it } from "vitest";
import { startTinySmtpServer, type TinySmtpServer } from "../testing/tiny-smtp-server.js";
import { describeDeliveryError, type OtpMessage } from "./code-delivery.js";
import { createSmtpTransport, SmtpCodeDelivery, type MailTransport, type SmtpSettings } from "./smtp-delivery.js";

const message: OtpMessage = { messageId: "otp_1", channel: "EMAIL", to: "demo@tarmac.test", code: "123456", expiresInSeconds: 300 };

describe("SmtpCodeDelivery with a fake transport", () => {
  it("sends one e-mail with the code in the subject and body", async () => {
    const sent: unknown[] = [];
    const transport: MailTransport = { sendMail: async (mail) => void sent.push(mail) };
    await new SmtpCodeDelivery({ transport, from: "Tarmac <no-reply@tarmac.test>" }).deliver(message);
    expect(sent).toEqual([
      {
        from: "Tarmac <no-reply@tarmac.test>",
        to: "demo@tarmac.test",
        subject: "Your Tarmac login code",
        text: expect.stringContaining("Your Tarmac login code is 123456."),
      },
    ]);
  });

  it("refuses an SMS and passes a transport failure on", async () => {
    const failing: MailTransport = { sendMail: async () => Promise.reject(new Error("connection refused")) };
    const delivery = new SmtpCodeDelivery({ transport: failing, from: "x@y.z" });
    await expect(delivery.deliver({ ...message, channel: "SMS" })).rejects.toThrow(/e-mail only/);
    await expect(delivery.deliver(message)).rejects.toThrow("connection refused");
  });
});

describe("SmtpCodeDelivery through nodemailer to a tiny SMTP server", () => {
  let server: TinySmtpServer | undefined;
  let delivery: SmtpCodeDelivery | undefined;
  afterEach(async () => {
    await delivery?.close();
    await server?.close();
  });

  const settings = (port: number, overrides: Partial<SmtpSettings> = {}): SmtpSettings => ({
    host: "127.0.0.1",
    port,
    secure: false,
    requireTls: false,
    user: "mailer",
    password: "s3cret-pass",
    from: "Tarmac <no-reply@tarmac.test>",
    timeoutMs: 2_000,
    ...overrides,
  });

  it("authenticates and delivers the message", async () => {
    server = await startTinySmtpServer();
    delivery = new SmtpCodeDelivery({ transport: await createSmtpTransport(settings(server.port)), from: "Tarmac <no-reply@tarmac.test>" });
    await delivery.deliver(message);
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail).toMatchObject({
      from: "no-reply@tarmac.test",
      to: ["demo@tarmac.test"],
      auth: { user: "mailer", password: "s3cret-pass" },
    });
    expect(mail!.data).toMatch(/^Subject: Your Tarmac login code$/m);
    expect(mail!.data).toContain("Your Tarmac login code is 123456.");
  });

  it("delivers through an smtp:// URL too", async () => {
    server = await startTinySmtpServer();
    const url = `smtp://mailer:url-pass@127.0.0.1:${server.port}`;
    delivery = new SmtpCodeDelivery({
      transport: await createSmtpTransport(settings(0, { url, host: undefined })),
      from: "no-reply@tarmac.test",
    });
    await delivery.deliver(message);
    expect(server.received[0]?.auth).toEqual({ user: "mailer", password: "url-pass" });
  });

  it("rejects when the server refuses the recipient, and the logged failure names neither address nor password", async () => {
    server = await startTinySmtpServer({ rejectRecipients: true });
    delivery = new SmtpCodeDelivery({ transport: await createSmtpTransport(settings(server.port)), from: "no-reply@tarmac.test" });
    const error = await delivery.deliver(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const logged = JSON.stringify(describeDeliveryError(error));
    expect(logged).toContain("550");
    expect(logged).not.toContain("demo@tarmac.test");
    expect(logged).not.toContain("s3cret-pass");
  });

  it("gives up on an unreachable server within its timeout", async () => {
    // A port with nothing listening: connection refused at once, never a hang.
    delivery = new SmtpCodeDelivery({ transport: await createSmtpTransport(settings(1, { timeoutMs: 500 })), from: "x@y.z" });
    const started = Date.now();
    await expect(delivery.deliver(message)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe("describeDeliveryError", () => {
  it("keeps name, code and status and scrubs addresses and phone numbers", () => {
    const error = Object.assign(new Error("550 <demo@tarmac.test> and +91 98000 00001 refused"), { code: "EENVELOPE", responseCode: 550 });
    expect(describeDeliveryError(error)).toEqual({
      name: "Error",
      message: "550 <[address]> and [number] refused",
      code: "EENVELOPE",
      responseCode: 550,
    });
    expect(describeDeliveryError("x")).toEqual({ message: "non-error thrown" });
  });
});
