import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

/** The newest password-reset code in the outbox for `to`, e-mailed at or after `after`, if any. */
function newestResetCode(to: string, after: number): string | undefined {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  if (!existsSync(outbox)) return undefined;
  const files = readdirSync(outbox)
    .map((name) => path.join(outbox, name))
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .reverse();
  for (const file of files) {
    const mail = readFileSync(file, "utf8");
    // The code is in the body only: never in a subject, which mail clients preview and servers log.
    const code = mail.match(/^Your Ignite password reset code is: (\d{6})$/m)?.[1];
    if (code && new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "m").test(mail) && Number(code) >= 0) {
      const stamp = Date.parse(
        path
          .basename(file)
          .slice(0, 24)
          .replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z.*/, "$1:$2:$3.$4Z"),
      );
      if (Number.isNaN(stamp) || stamp >= after) return code;
    }
  }
  return undefined;
}

/** The newest password-reset code e-mailed to `to`, read from the server's outbox (no SMTP_URL in tests). */
export async function readResetCode(to: string, after = 0, timeout = 5000): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = newestResetCode(to, after);
        return code;
      },
      { message: `a reset code e-mailed to ${to}`, timeout },
    )
    .toMatch(/^\d{6}$/);
  return code ?? "";
}

/**
 * The newest mail in the outbox to `to`, written at or after `after`, its soft breaks and folded headers
 * undone; the outbox of the suite's server, or of the server whose data directory is `dataDir`.
 */
function newestMailTo(to: string, after: number, dataDir = process.env.E2E_DATA_DIR ?? ""): string | undefined {
  const outbox = path.join(dataDir, "outbox");
  if (!existsSync(outbox)) return undefined;
  const files = readdirSync(outbox)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .reverse();
  const addressed = new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "m");
  for (const name of files) {
    const stamp = Date.parse(name.slice(0, 24).replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z.*/, "$1:$2:$3.$4Z"));
    if (!Number.isNaN(stamp) && stamp < after) continue;
    const mail = readFileSync(path.join(outbox, name), "utf8");
    // Headers longer than a line are folded (RFC 5322): unfolded, a subject reads as one line again.
    if (addressed.test(mail))
      return mail
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=")
        .replace(/\r?\n[ \t]+/g, " ");
  }
  return undefined;
}

/** The path and query of the newest staff invitation link e-mailed to `to` (`/staff/invitation?token=...`). */
export async function readInvitationLink(to: string, after = 0, timeout = 5000, dataDir?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = newestMailTo(to, after, dataDir)?.match(/(\/staff\/invitation\?token=[A-Za-z0-9_%-]+)/)?.[1];
        return link;
      },
      { message: `a staff invitation e-mailed to ${to}`, timeout },
    )
    .toMatch(/^\/staff\/invitation\?token=/);
  return link ?? "";
}

/** The newest mail to `to` since `after` whose text matches `pattern` (the raw message, soft breaks undone). */
export async function readMail(to: string, pattern: RegExp, after = 0, timeout = 5000): Promise<string> {
  let mail: string | undefined;
  await expect
    .poll(
      () => {
        mail = newestMailTo(to, after);
        return mail !== undefined && pattern.test(mail);
      },
      { message: `a mail to ${to} matching ${pattern}`, timeout },
    )
    .toBe(true);
  return mail ?? "";
}

/** The newest mail to `to` written at or after `after` that says `what` (a pattern of its headers or body), as its text. */
export async function readMailTo(to: string, what: RegExp, after = 0, timeout = 15_000): Promise<string> {
  let mail: string | undefined;
  await expect
    .poll(
      () => {
        const newest = newestMailTo(to, after);
        mail = newest && what.test(newest) ? newest : undefined;
        return Boolean(mail);
      },
      { message: `a mail to ${to} that says ${what}`, timeout },
    )
    .toBe(true);
  return mail ?? "";
}
