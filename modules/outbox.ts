import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../platform/db/client.ts";
import type { JobSender, SqlRunner } from "../platform/jobs.ts";
import type { Logger } from "../platform/log.ts";
import type { Mailer, MailMessage } from "../platform/mail/mailer.ts";
import { nowOf } from "./deps.ts";
import { mailOutbox } from "./tables.ts";

/**
 * Mail sent on a staff member's action, as one unit with its audit entry (decision 0034): the caller writes
 * the outbox row here in the transaction that writes the action and its audit entry, and the job
 * queue sends it after the commit. A transaction that fails (its audit entry refused) sends nothing;
 * a job run twice sends once.
 */
export const outboxJob = "mail-outbox";

/** A claim older than this is taken as lost (its process stopped mid-send) and the mail is sent again. */
const CLAIM_MS = 15 * 60_000;

interface OutboxDeps {
  db: Database;
  mailer?: Mailer;
  log: Logger;
  jobs?: JobSender;
  now?: () => Date;
}

type Writer = Pick<Database, "insert"> & SqlRunner;

/** Queues a mail inside the caller's transaction; the job to send it is written in the same transaction. */
export async function queueMail(
  tx: Writer,
  deps: Pick<OutboxDeps, "jobs">,
  mail: MailMessage,
  about: { studentId: number | null },
) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ studentId: about.studentId, recipient: mail.to, subject: mail.subject, body: mail.text })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("insert returned no row");
  await deps.jobs?.send(outboxJob, { id: row.id }, { within: tx });
  return row.id;
}

/**
 * Sends one queued mail, if it is still waiting: claims it first (so two runs never both send it),
 * deletes it once the mail server took it; a failure releases the claim and throws (the job retries).
 */
export async function deliverQueuedMail(deps: OutboxDeps, id: number): Promise<"sent" | "gone"> {
  if (!deps.mailer) throw new Error("no mailer to send queued mail with");
  const now = nowOf(deps);
  const [row] = await deps.db
    .update(mailOutbox)
    .set({ sendingSince: now, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(
      and(
        eq(mailOutbox.id, id),
        or(isNull(mailOutbox.sendingSince), lt(mailOutbox.sendingSince, new Date(now.getTime() - CLAIM_MS))),
      ),
    )
    .returning();
  if (!row) return "gone";
  try {
    await deps.mailer.send({ to: row.recipient, subject: row.subject, text: row.body });
  } catch (error) {
    await deps.db.update(mailOutbox).set({ sendingSince: null }).where(eq(mailOutbox.id, id));
    throw error;
  }
  await deps.db.delete(mailOutbox).where(eq(mailOutbox.id, id));
  return "sent";
}

/**
 * Sends every mail still waiting (the upkeep's sweep, and the way mail goes out without a job queue):
 * oldest first, a failure logged and left for the next sweep.
 */
export async function deliverPendingMail(deps: OutboxDeps, limit = 100): Promise<number> {
  if (!deps.mailer) return 0;
  const stale = new Date(nowOf(deps).getTime() - CLAIM_MS);
  const rows = await deps.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(or(isNull(mailOutbox.sendingSince), lt(mailOutbox.sendingSince, stale)))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(limit);
  let sent = 0;
  for (const { id } of rows) {
    try {
      if ((await deliverQueuedMail(deps, id)) === "sent") sent += 1;
    } catch (error) {
      deps.log.warn({ err: error, outboxId: id }, "queued mail not sent; the upkeep tries again");
    }
  }
  return sent;
}

/** Without a job queue (the API tests, the command line), what was just queued is sent at once, after the commit. */
export async function deliverWithoutQueue(deps: OutboxDeps): Promise<void> {
  if (!deps.jobs) await deliverPendingMail(deps);
}

/**
 * Mail still waiting to go to an erased person, in the erasure's transaction: everything to the address,
 * or (`onlyWithoutAccount`) only what is not about an account, such as a lead's sign-up invitation.
 */
export async function dropWaitingMail(
  tx: Pick<Database, "delete">,
  recipient: string,
  { onlyWithoutAccount = false }: { onlyWithoutAccount?: boolean } = {},
): Promise<void> {
  await tx
    .delete(mailOutbox)
    .where(
      onlyWithoutAccount
        ? and(eq(mailOutbox.recipient, recipient), isNull(mailOutbox.studentId))
        : eq(mailOutbox.recipient, recipient),
    );
}

/**
 * Takes back a queued mail not yet being sent (a recommender's invitation whose link a reminder replaces,
 * decision 0094): true when it was still waiting and is now gone, false when it went or is going.
 */
export async function withdrawWaitingMail(tx: Pick<Database, "delete">, id: number): Promise<boolean> {
  const gone = await tx
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sendingSince)))
    .returning({ id: mailOutbox.id });
  return gone.length > 0;
}

/**
 * Tried and not being tried now: a send counts its attempt when it claims the mail, so a mail under a live
 * claim is one still being sent, not one refused; a claim older than CLAIM_MS was lost mid-send.
 */
const refused = (now: Date) =>
  and(
    gt(mailOutbox.attempts, 0),
    or(isNull(mailOutbox.sendingSince), lt(mailOutbox.sendingSince, new Date(now.getTime() - CLAIM_MS))),
  );

/**
 * Of the outbox rows `ids`, those still waiting after the mail server refused them at least once (a
 * recommender's invitation says so on the student's screen: decision 0075).
 */
export async function mailRefusedAndWaiting(
  db: Pick<Database, "select">,
  ids: readonly number[],
  now = new Date(),
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.id, [...ids]), refused(now)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Queued mail the mail server has refused at least once and that still waits (decision 0048): how many,
 * and since when the oldest waits. The console's home shows it to admins, so a mail that cannot go is
 * seen rather than retried in silence.
 */
export async function mailNotSent(db: Database, now = new Date()): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${mailOutbox.createdAt})` })
    .from(mailOutbox)
    .where(refused(now));
  const oldest = row?.oldest ?? null;
  return { count: row?.count ?? 0, oldest: oldest === null ? null : new Date(oldest) };
}

/** Every mail waiting in the outbox, whether tried or not, and its oldest one's age in seconds (/metrics, decision 0064). */
export async function mailWaiting(db: Database): Promise<{ count: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8`,
    })
    .from(mailOutbox);
  return { count: row?.count ?? 0, oldestSeconds: Number(row?.oldestSeconds ?? 0) };
}
