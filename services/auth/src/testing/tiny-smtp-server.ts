import { createServer, type AddressInfo, type Server, type Socket } from "node:net";

interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  /** The raw message (headers and body) as sent after DATA. */
  readonly data: string;
  /** The decoded AUTH PLAIN credentials, when the client authenticated. */
  readonly auth?: { user: string; password: string };
}

export interface TinySmtpServer {
  readonly port: number;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * Just enough SMTP (RFC 5321) for a client to deliver to, on 127.0.0.1 and a free port: EHLO
 * advertising AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT. No TLS. For tests only.
 */
export async function startTinySmtpServer(options: { rejectRecipients?: boolean } = {}): Promise<TinySmtpServer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let mail: { from: string; to: string[]; auth?: { user: string; password: string } } = { from: "", to: [] };
    let auth: { user: string; password: string } | undefined;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 tiny.test ESMTP");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push({ from: mail.from, to: mail.to, data, ...(auth && { auth }) });
          mail = { from: "", to: [] };
          reply("250 2.0.0 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.split(" ")[0]!.toUpperCase();
        if (verb === "EHLO" || verb === "HELO") {
          socket.write("250-tiny.test\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n");
        } else if (verb === "AUTH") {
          const [, mechanism, initial] = line.split(" ");
          if (mechanism?.toUpperCase() !== "PLAIN" || !initial) {
            reply("504 5.5.4 only AUTH PLAIN with an initial response");
            continue;
          }
          const [, user = "", password = ""] = Buffer.from(initial, "base64").toString("utf8").split("\0");
          auth = { user, password };
          reply("235 2.7.0 authenticated");
        } else if (verb === "MAIL") {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          if (options.rejectRecipients) {
            reply(`550 5.1.1 <${/<([^>]*)>/.exec(line)?.[1] ?? ""}>: recipient rejected`);
            continue;
          }
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 2.1.5 ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "RSET" || verb === "NOOP") {
          mail = { from: "", to: [] };
          reply("250 2.0.0 ok");
        } else if (verb === "QUIT") {
          reply("221 2.0.0 bye");
          socket.end();
        } else {
          reply("502 5.5.2 not implemented");
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
