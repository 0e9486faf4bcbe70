import { and, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { SESSION_IDLE_DAYS } from "../../vocabulary/accounts.ts";
import { MAX_TOKEN_LENGTH, newToken, sha256 } from "../tokens.ts";
import { sessions } from "./tables.ts";

const DAY = 86_400_000;
/** A session's last use is written at most this often, so reading a page does not always write. */
const TOUCH_EVERY_MS = 3_600_000;

export async function createSession(
  db: Pick<Database, "insert">,
  studentId: number,
  days: number,
  now: Date,
  device = "Unknown device",
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + days * DAY);
  await db.insert(sessions).values({ tokenHash: sha256(token), studentId, createdAt: now, expiresAt, lastSeenAt: now, device });
  return { token, expiresAt };
}

/**
 * What a live session is looked up by: its token's hash, now, and the last use it must be newer than (a
 * session unused for SESSION_IDLE_DAYS has ended); null for a token that cannot be one (empty or too long).
 */
export function liveSessionKey(token: string, now: Date): { tokenHash: string; now: Date; idleSince: Date } | null {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  return { tokenHash: sha256(token), now, idleSince: new Date(now.getTime() - SESSION_IDLE_DAYS * DAY) };
}

/** The conditions of a live session, on `liveSessionKey`'s placeholders, for a prepared read (decision 0110). */
export const liveSessionWhere = and(
  eq(sessions.tokenHash, sql.placeholder("tokenHash")),
  gt(sessions.expiresAt, sql.placeholder("now")),
  gt(sessions.lastSeenAt, sql.placeholder("idleSince")),
);

/** Records a use of the session (to the hour), which keeps it alive: reading a page does not always write. */
export async function touchSession(db: Pick<Database, "update">, tokenHash: string, lastSeenAt: Date, now: Date) {
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
}

export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/** Ends every session of a student (after a password change). */
export async function endAllSessions(db: Pick<Database, "delete">, studentId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.studentId, studentId));
}

/** One line of the student's "Signed-in devices": never the token or its hash. */
export interface DeviceSession {
  id: number;
  device: string;
  signedInAt: Date;
  lastSeenAt: Date;
  /** The session this request came with. */
  current: boolean;
}

/** The student's live sessions, the current one first, then the most recently used. */
export async function listSessions(db: Database, studentId: number, currentToken: string, now: Date): Promise<DeviceSession[]> {
  const currentHash = sha256(currentToken);
  const idleSince = new Date(now.getTime() - SESSION_IDLE_DAYS * DAY);
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.studentId, studentId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows
    .map((row) => ({
      id: row.id,
      device: row.device,
      signedInAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.tokenHash === currentHash,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends the student's sessions on every other device; returns how many ended. */
export async function endOtherSessions(db: Database, studentId: number, currentToken: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.studentId, studentId), ne(sessions.tokenHash, sha256(currentToken))))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Removes sessions past their lifetime or idle too long. */
export async function sweepExpiredSessions(db: Database, now: Date): Promise<void> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_DAYS * DAY);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)));
}
