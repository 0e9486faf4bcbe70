import { and, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import type { SqlRunner } from "../../platform/jobs.ts";
import type { MailMessage } from "../../platform/mail/mailer.ts";
import { MESSAGE_QUIET_MINUTES, type MessageAuthor, messageMessages } from "../../vocabulary/messages.ts";
import { nowOf } from "../deps.ts";
import { mailLink } from "../mail-link.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";
import type { MessageDeps } from "./deps.ts";
import { conversationNotices } from "./tables.ts";

/**
 * The mail about new messages (decision 0037): at most one to each side of a conversation per quiet
 * period. A new message marks its recipient's side as waiting; the mail goes at once when the last one
 * is older than the quiet period, else the sweep sends it when the period is over, unless the recipient
 * has read the conversation meanwhile. The mail is queued in the mail outbox inside the transaction
 * that claims the period, so it is sent once, retried while the mail server is down.
 */

type Writer = Pick<Database, "insert" | "update" | "select"> & SqlRunner;

const quietStart = (now: Date) => new Date(now.getTime() - MESSAGE_QUIET_MINUTES * 60_000);

/** Marks the recipient's side as having news since now (an earlier wait keeps its start). */
export async function markWaiting(tx: Writer, studentId: number, recipient: MessageAuthor, now: Date) {
  await tx
    .insert(conversationNotices)
    .values({ studentId, recipient, waitingSince: now })
    .onConflictDoUpdate({
      target: [conversationNotices.studentId, conversationNotices.recipient],
      set: { waitingSince: sql`coalesce(${conversationNotices.waitingSince}, excluded.waiting_since)` },
    });
}

/** The recipient read the conversation: nothing is left to tell them. */
export async function clearWaiting(tx: Pick<Database, "update">, studentId: number, recipient: MessageAuthor) {
  await tx
    .update(conversationNotices)
    .set({ waitingSince: null })
    .where(and(eq(conversationNotices.studentId, studentId), eq(conversationNotices.recipient, recipient)));
}

/** Whom to tell and what, or null when nobody is to be mailed (the student prefers another channel; no counsellor). */
async function mailFor(tx: Writer, deps: MessageDeps, studentId: number, recipient: MessageAuthor): Promise<MailMessage | null> {
  const [row] = await tx
    .select({
      fullName: students.fullName,
      email: students.email,
      preferredContact: students.preferredContact,
      counsellorName: staff.fullName,
      counsellorEmail: staff.email,
      counsellorDisabled: staff.disabledAt,
    })
    .from(students)
    .leftJoin(staff, eq(staff.id, students.counsellorStaffId))
    .where(eq(students.id, studentId));
  if (!row) return null;
  if (recipient === "student") {
    // The student's contact choices (decision 0024): an e-mail only to one who chose e-mail; the others
    // see the unread count when they sign in, and their counsellor is told so on the record.
    if (row.preferredContact !== "email") return null;
    const from = row.counsellorName ?? "The Ignite team";
    return {
      to: row.email,
      subject: messageMessages.mailToStudent.subject,
      text: messageMessages.mailToStudent.body(row.fullName, from, mailLink(deps.siteAddress, "/profile/counsellor")),
    };
  }
  if (!row.counsellorEmail || !row.counsellorName || row.counsellorDisabled) return null;
  return {
    to: row.counsellorEmail,
    subject: messageMessages.mailToStaff.subject(row.fullName),
    text: messageMessages.mailToStaff.body(
      row.counsellorName,
      row.fullName,
      mailLink(deps.siteAddress, `/staff/students/${studentId}#conversation`),
    ),
  };
}

/**
 * Claims this quiet period for the recipient's side if news waits and the last mail is older than the
 * period, and queues the mail in the same transaction; two claims at once cannot both win (the row's
 * update re-checks its condition). Answers whether a mail was queued.
 */
export async function mailIfDue(tx: Writer, deps: MessageDeps, studentId: number, recipient: MessageAuthor): Promise<boolean> {
  const now = nowOf(deps);
  const claimed = await tx
    .update(conversationNotices)
    .set({ waitingSince: null, lastMailedAt: now })
    .where(
      and(
        eq(conversationNotices.studentId, studentId),
        eq(conversationNotices.recipient, recipient),
        isNotNull(conversationNotices.waitingSince),
        or(isNull(conversationNotices.lastMailedAt), lte(conversationNotices.lastMailedAt, quietStart(now))),
      ),
    )
    .returning({ studentId: conversationNotices.studentId });
  if (claimed.length === 0) return false;
  const mail = await mailFor(tx, deps, studentId, recipient);
  if (!mail) return false;
  await queueMail(tx, deps, mail, { studentId });
  return true;
}

/**
 * The sweep (a job every two minutes, once across instances): each side whose news waited through
 * its quiet period gets its one mail now. Answers how many mails were queued.
 */
export async function mailWaiting(deps: MessageDeps, limit = 500): Promise<number> {
  const rows = await deps.db
    .select({ studentId: conversationNotices.studentId, recipient: conversationNotices.recipient })
    .from(conversationNotices)
    .where(
      and(
        isNotNull(conversationNotices.waitingSince),
        or(isNull(conversationNotices.lastMailedAt), lte(conversationNotices.lastMailedAt, quietStart(nowOf(deps)))),
      ),
    )
    .limit(limit);
  let queued = 0;
  for (const row of rows) {
    if (await deps.db.transaction((tx) => mailIfDue(tx, deps, row.studentId, row.recipient))) queued += 1;
  }
  if (queued) await deliverWithoutQueue(deps);
  return queued;
}
