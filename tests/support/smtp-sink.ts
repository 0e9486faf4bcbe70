import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  raw: string;
  /** The message body with quoted-printable soft breaks undone, for reading codes and names. */
  text: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpSink(port = 0) {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        const [head = "", ...body] = raw.split(/\r?\n\r?\n/);
        const subject = head.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1]?.replace(/\r?\n[ \t]/g, " ") ?? "";
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          raw,
          text: body
            .join("\n\n")
            .replace(/=\r?\n/g, "")
            .replace(/=3D/g, "="),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}?tls=off`,
    messages,
    /** Waits until `count` messages have arrived. */
    async waitFor(count: number, timeoutMs = 5000): Promise<CapturedMail[]> {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
