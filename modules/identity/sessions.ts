import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { sessions } from "../../platform/db/schema.ts";

/** Opaque tokens: the browser holds the token, the database only its SHA-256. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");
const MAX_TOKEN_LENGTH = 100;

export async function createSession(
  db: Pick<Database, "insert">,
  studentId: number,
  days: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + days * 86_400_000);
  await db.insert(sessions).values({ tokenHash: sha256(token), studentId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** The student id of a live session, or null when the token is unknown, malformed or expired. */
export async function sessionStudentId(db: Database, token: string, now: Date): Promise<number | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [row] = await db
    .select({ studentId: sessions.studentId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)));
  return row?.studentId ?? null;
}

export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/** Ends every session of a student (after a password change). */
export async function endAllSessions(db: Pick<Database, "delete">, studentId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.studentId, studentId));
}

export async function sweepExpiredSessions(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
