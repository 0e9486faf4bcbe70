import { and, eq, isNull, lt, ne } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import type { RateLimitRule } from "../../platform/rate-limit.ts";
import { staffMessages, staffRoleLabels } from "../../vocabulary/staff.ts";
import { recordAudit } from "../audit-log.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { enforceLimit } from "../limits.ts";
import { mailLink } from "../mail-link.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import { hashPassword, passwordMatches } from "../passwords.ts";
import { canManageStaff, notAllowed, type StaffMember } from "../policies.ts";
import { sha256 } from "../tokens.ts";
import { parseInput } from "../validation.ts";
import { auditView, presentAccount, type StaffAccount } from "./accounts.ts";
import { staffPasswordChangeSchema, staffRoleSchema } from "./input.ts";
import { staff, staffSessions } from "./tables.ts";

/**
 * A staff member's own password and sessions, and an admin's hand on another's (decision 0034): a stolen
 * session can be ended by its owner or by an admin, and a changed password ends every other session.
 */

/** Wrong current passwords, per account: a stolen session cannot guess the password it would need. */
export const passwordChangeLimit = {
  name: "staff-password-change",
  limit: 10,
  windowSeconds: 900,
} satisfies RateLimitRule;

function passwordChangedMail(deps: StaffDeps, member: StaffMember) {
  return {
    to: member.email,
    subject: staffMessages.passwordChangedMailSubject,
    text: [
      `Dear ${member.fullName},`,
      "",
      "The password of your Ignite staff account was just changed, and every other session of yours was ended.",
      `If this was not you, ask an admin to sign you out everywhere at ${mailLink(deps.siteAddress, "/staff/members")} and to invite you again.`,
      "",
      "Ignite - Your academic Journey",
    ].join("\n"),
  };
}

/**
 * Changes the member's own password: the current one is required; every session but this one ends; the
 * member is mailed (the mail queued with the audit entry).
 */
export async function changeOwnPassword(deps: StaffDeps, member: StaffMember, currentToken: string | undefined, raw: unknown) {
  const input = parseInput(staffPasswordChangeSchema, raw);
  const key = String(member.staffId);
  await enforceLimit(deps.limiter, passwordChangeLimit, key);
  const [row] = await deps.db.select().from(staff).where(eq(staff.id, member.staffId));
  if (!row || !(await passwordMatches(row.passwordHash, input.currentPassword))) {
    throw new AppError("invalid_input", staffMessages.wrongCurrentPassword, {
      currentPassword: staffMessages.wrongCurrentPassword,
    });
  }
  await deps.limiter.release(passwordChangeLimit, key);
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await deps.db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ passwordHash, updatedAt: nowOf(deps) })
      .where(eq(staff.id, member.staffId));
    const others = currentToken
      ? and(eq(staffSessions.staffId, member.staffId), ne(staffSessions.tokenHash, sha256(currentToken)))
      : eq(staffSessions.staffId, member.staffId);
    const removed = await tx.delete(staffSessions).where(others).returning({ tokenHash: staffSessions.tokenHash });
    await recordAudit(tx, member, {
      action: "staff.password_changed",
      subjectType: "staff",
      subjectId: member.staffId,
      after: { otherSessionsEnded: removed.length },
    });
    if (deps.mailer) await queueMail(tx, deps, passwordChangedMail(deps, member), { studentId: null });
    return removed.length;
  });
  await deliverWithoutQueue(deps);
  return { sessionsEnded: ended };
}

/**
 * Ends every session of a staff account: the member's own (signing out everywhere, this session too),
 * or, for an admin, any member's. Audited with how many ended.
 */
export async function signOutEverywhere(deps: StaffDeps, actor: StaffMember, staffId: number) {
  if (staffId !== actor.staffId && !canManageStaff(actor)) throw notAllowed();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(staff).where(eq(staff.id, staffId));
    if (!row) throw new AppError("not_found", staffMessages.noSuchMember);
    const removed = await tx
      .delete(staffSessions)
      .where(eq(staffSessions.staffId, staffId))
      .returning({ tokenHash: staffSessions.tokenHash });
    await recordAudit(tx, actor, {
      action: "staff.signed_out_everywhere",
      subjectType: "staff",
      subjectId: staffId,
      after: { sessionsEnded: removed.length },
    });
    return { email: row.email, sessionsEnded: removed.length };
  });
}

/**
 * An admin changes a member's role (e.g. back from admin after ADMIN_EMAIL promoted a counsellor);
 * audited with before and after. Not one's own, and never the last admin who can sign in.
 */
export async function changeStaffRole(deps: StaffDeps, actor: StaffMember, staffId: number, raw: unknown): Promise<StaffAccount> {
  if (!canManageStaff(actor)) throw notAllowed();
  const { role } = parseInput(staffRoleSchema, raw);
  if (staffId === actor.staffId)
    throw new AppError("invalid_input", staffMessages.notYourRole, { role: staffMessages.notYourRole });
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(staff).where(eq(staff.id, staffId));
    if (!existing) throw new AppError("not_found", staffMessages.noSuchMember);
    if (existing.role === role) return presentAccount(existing);
    if (existing.role === "admin" && existing.disabledAt === null) {
      const others = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.role, "admin"), isNull(staff.disabledAt), ne(staff.id, staffId)));
      if (others.length === 0) throw new AppError("invalid_input", staffMessages.lastAdmin, { role: staffMessages.lastAdmin });
    }
    const [updated] = await tx
      .update(staff)
      .set({ role, updatedAt: nowOf(deps) })
      .where(eq(staff.id, staffId))
      .returning();
    if (!updated) throw new AppError("not_found", staffMessages.noSuchMember);
    await recordAudit(tx, actor, {
      action: "staff.role_changed",
      subjectType: "staff",
      subjectId: staffId,
      before: auditView(existing),
      after: { ...auditView(updated), roleLabel: staffRoleLabels[role] },
    });
    return presentAccount(updated);
  });
}

/** Staff sessions past their end, swept by the privacy module's retention job. */
export async function sweepExpiredStaffSessions(db: Database, now: Date): Promise<void> {
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
}
