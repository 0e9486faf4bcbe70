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

/** The bytes of a quoted-printable text (`=E0=A4` and soft line breaks). */
const quotedPrintableBytes = (text: string, underscoreIsSpace = false) => {
  const plain = (underscoreIsSpace ? text.replace(/_/g, " ") : text).replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < plain.length; i++) {
    const hex = plain[i] === "=" ? plain.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(plain[i] as string, "utf8"));
  }
  return Buffer.from(bytes);
};

/**
 * A captured message as its reader sees it: the subject's encoded words (RFC 2047) and the body's
 * transfer encoding (quoted-printable or base64) undone, as UTF-8: what a Hindi mail says in Devanagari.
 */
export function readMail(mail: CapturedMail): { subject: string; text: string } {
  const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
  // Adjacent encoded words are one run of bytes: a character may be split between two of them.
  const subject = mail.subject.replace(/(?:=\?utf-8\?[bq]\?[^?]*\?=\s*)+/gi, (run) => {
    const words = [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)];
    return Buffer.concat(
      words.map(([, encoding, data = ""]) =>
        encoding?.toLowerCase() === "b" ? Buffer.from(data, "base64") : quotedPrintableBytes(data, true),
      ),
    ).toString("utf8");
  });
  const body = rest.join("\n\n");
  const encoding = head.match(/^Content-Transfer-Encoding:\s*(\S+)/im)?.[1]?.toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? quotedPrintableBytes(body).toString("utf8")
        : body;
  return { subject, text: text.replace(/\r\n/g, "\n") };
}
