import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import {
  accountMessages,
  CODE_LENGTH,
  CODE_LIFETIME_MINUTES,
  CODE_MAX_TRIES,
  CODE_RESEND_SECONDS,
  PROOF_LIFETIME_MINUTES,
} from "../../vocabulary/accounts.ts";
import { AppError, rateLimited } from "../errors.ts";
import { newToken, sha256 } from "../tokens.ts";
import { oneTimeCodes } from "./tables.ts";

/**
 * One mechanism for every code we e-mail: a purpose, a short numeric code stored salted and hashed,
 * a lifetime, a resend wait and a number of tries. A right code gives a one-time proof (stored hashed)
 * that the next step spends. Password reset uses it today; e-mail checks and staff invites reuse it.
 */
export type CodePurpose = (typeof oneTimeCodes.$inferSelect)["purpose"];

const minutes = (n: number) => n * 60_000;
const refused = (message: string) => new AppError("invalid_input", message, { entered_otp: message });

/** The student's newest code of a purpose, live or not. */
async function newestCode(db: Pick<Database, "select">, studentId: number, purpose: CodePurpose) {
  const [row] = await db
    .select({ createdAt: oneTimeCodes.createdAt, attempts: oneTimeCodes.attempts })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.studentId, studentId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row;
}

/** Refuses (429) while the last code of this purpose is younger than the resend wait. */
async function checkResendWait(db: Pick<Database, "select">, studentId: number, purpose: CodePurpose, now: Date) {
  const latest = await newestCode(db, studentId, purpose);
  const waitMs = latest ? latest.createdAt.getTime() + CODE_RESEND_SECONDS * 1000 - now.getTime() : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw rateLimited(accountMessages.resendWait(seconds), seconds);
  }
}

/** A proof that is known, of this purpose, not yet spent and not past its time. */
const liveProof = (proof: string, purpose: CodePurpose, now: Date) =>
  and(
    eq(oneTimeCodes.proofHash, sha256(proof)),
    eq(oneTimeCodes.purpose, purpose),
    isNull(oneTimeCodes.voidedAt),
    gt(oneTimeCodes.proofExpiresAt, now),
  );

export const codes = {
  /** Refuses a request during the resend wait before anything else counts it. */
  checkResendWait: (db: Database, studentId: number, purpose: CodePurpose, now: Date) =>
    checkResendWait(db, studentId, purpose, now),

  /**
   * A new code for the student, voiding earlier ones of the purpose. Returns the code itself (only to
   * be mailed) and the row id, so a code whose mail could not be sent is withdrawn.
   */
  async issue(db: Database, studentId: number, purpose: CodePurpose, now: Date): Promise<{ id: number; code: string }> {
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
    const salt = randomBytes(16).toString("hex");
    return db.transaction(async (tx) => {
      // One request per account and purpose at a time: the resend wait holds for simultaneous requests too.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${purpose}:${studentId}`}))`);
      await checkResendWait(tx, studentId, purpose, now);
      await tx
        .update(oneTimeCodes)
        .set({ voidedAt: now })
        .where(and(eq(oneTimeCodes.studentId, studentId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.voidedAt)));
      const [row] = await tx
        .insert(oneTimeCodes)
        .values({
          studentId,
          purpose,
          codeHash: sha256(salt + code),
          salt,
          createdAt: now,
          expiresAt: new Date(now.getTime() + minutes(CODE_LIFETIME_MINUTES)),
        })
        .returning({ id: oneTimeCodes.id });
      if (!row) throw new Error("insert returned no row");
      return { id: row.id, code };
    });
  },

  /** Takes back a code that never reached the student (its mail failed), so they may ask again at once. */
  async withdraw(db: Database, id: number): Promise<void> {
    await db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
  },

  /**
   * Checks a code. Each try is reserved in the database before the comparison, so parallel guesses
   * cannot pass the limit; the last allowed wrong try voids the code. A right code returns a proof.
   */
  async verify(db: Database, studentId: number | undefined, purpose: CodePurpose, entered: string, now: Date): Promise<string> {
    if (studentId === undefined) throw refused(accountMessages.wrongCode);
    const live = and(
      eq(oneTimeCodes.studentId, studentId),
      eq(oneTimeCodes.purpose, purpose),
      isNull(oneTimeCodes.voidedAt),
      isNull(oneTimeCodes.proofHash),
    );
    const [latest] = await db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(live)
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    const [code] = latest
      ? await db
          .update(oneTimeCodes)
          .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
          .where(and(eq(oneTimeCodes.id, latest.id), lt(oneTimeCodes.attempts, CODE_MAX_TRIES), live))
          .returning()
      : [];
    if (!code) {
      // No live code: say so plainly when the last one ran out of tries, so the student asks for a new one.
      const last = await newestCode(db, studentId, purpose);
      throw refused((last?.attempts ?? 0) >= CODE_MAX_TRIES ? accountMessages.tooManyTries : accountMessages.wrongCode);
    }
    if (code.expiresAt <= now) throw refused(accountMessages.codeExpired);
    const right = timingSafeEqual(Buffer.from(code.codeHash, "hex"), Buffer.from(sha256(code.salt + entered), "hex"));
    if (!right) {
      if (code.attempts >= CODE_MAX_TRIES) {
        await db.update(oneTimeCodes).set({ voidedAt: now }).where(eq(oneTimeCodes.id, code.id));
        throw refused(accountMessages.tooManyTries);
      }
      throw refused(accountMessages.wrongCode);
    }
    const proof = newToken();
    await db
      .update(oneTimeCodes)
      .set({ proofHash: sha256(proof), proofExpiresAt: new Date(now.getTime() + minutes(PROOF_LIFETIME_MINUTES)) })
      .where(eq(oneTimeCodes.id, code.id));
    return proof;
  },

  /** Whether a proof is live (checked before costly work such as hashing a password). */
  async proofIsLive(db: Database, proof: string, purpose: CodePurpose, now: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(liveProof(proof, purpose, now));
    return Boolean(row);
  },

  /** Spends a proof once; returns its student, or null when it is unknown, spent or expired. */
  async spendProof(tx: Pick<Database, "update">, proof: string, purpose: CodePurpose, now: Date): Promise<number | null> {
    const [row] = await tx
      .update(oneTimeCodes)
      .set({ voidedAt: now })
      .where(liveProof(proof, purpose, now))
      .returning({ studentId: oneTimeCodes.studentId });
    return row?.studentId ?? null;
  },

  /** Codes expired for more than a day are removed. */
  async sweep(db: Database, now: Date): Promise<void> {
    await db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
  },
};
