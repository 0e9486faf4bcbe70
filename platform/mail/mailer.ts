import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../log.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** A calendar invitation (an .ics text, decision 0036): sent as the text/calendar part calendars act on, and as a file. */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
}

export interface Mailer {
  /** Sends one message; throws when the mail server refuses or cannot be reached. */
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP when `SMTP_URL` is set. Without it each message is written as an .eml file under
 * `DATA_DIR/outbox/` and a one-line notice is logged (never the message body: it may hold a code).
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: Logger }): Mailer {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
      secure: url.protocol === "smtps:",
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // Loopback or a private relay may offer no TLS; STARTTLS is still used when offered.
      ignoreTLS: url.searchParams.get("tls") === "off",
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const outbox = path.join(options.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      options.log.info({ file, subject: message.subject }, "mail written to the outbox (SMTP_URL is not set)");
    },
  };
}
