import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { preparedRead } from "../../platform/db/prepared.ts";
import type { RateLimitRule } from "../../platform/rate-limit.ts";
import { STAFF_SESSION_HOURS, staffMessages } from "../../vocabulary/staff.ts";
import { type AuditActor, recordAudit } from "../audit-log.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { enforceLimit } from "../limits.ts";
import { hashPassword, passwordMatches } from "../passwords.ts";
import { canManageStaff, notAllowed, type StaffMember } from "../policies.ts";
import { MAX_TOKEN_LENGTH, newToken, sha256 } from "../tokens.ts";
import { parseInput } from "../validation.ts";
import { newStaffSchema, staffLoginSchema, staffPasswordSchema } from "./input.ts";
import { staff, staffSessions } from "./tables.ts";

/** Per address and per account, as for students (decision 0011), with the failures reserved before the check. */
export const staffLimits = {
  loginPerIpMinute: { name: "staff-login-ip-minute", limit: 30, windowSeconds: 60 },
  loginFailuresPerAccount: { name: "staff-login-account", limit: 10, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

type StaffRow = typeof staff.$inferSelect;

/** What the server tells about a staff member: never a hash, never a token. */
export const presentStaff = (row: StaffRow): StaffMember => ({
  staffId: row.id,
  email: row.email,
  fullName: row.fullName,
  role: row.role,
});

/** A staff account as an admin sees it in the list. */
export interface StaffAccount extends StaffMember {
  disabled: boolean;
  /** Invited and not yet accepted: no password is set, so the account cannot sign in. */
  invited: boolean;
  createdAt: Date;
}

/** An account row as the admin's list shows it. */
export const presentAccount = (row: StaffRow): StaffAccount => ({
  ...presentStaff(row),
  disabled: row.disabledAt !== null,
  invited: row.passwordHash === null,
  createdAt: row.createdAt,
});

/** What may change of an account, for the audit log's before and after (never the hash). */
export const auditView = (row: StaffRow) => ({
  email: row.email,
  fullName: row.fullName,
  role: row.role,
  disabled: row.disabledAt !== null,
});

/**
 * ADMIN_EMAIL and ADMIN_PASSWORD at start: creates that admin, or brings the account back to admin,
 * enabled, with that password (an existing counsellor named there becomes an admin until an admin
 * changes the role back; a changed password ends the account's sessions). The password is never printed or logged; the audit log says it happened.
 */
export async function ensureAdmin(deps: StaffDeps, admin: { email: string; password: string }): Promise<"created" | "updated"> {
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(parseInput(staffPasswordSchema, admin.password));
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(staff).where(eq(staff.email, email));
    if (!existing) {
      const [created] = await tx
        .insert(staff)
        .values({ email, fullName: "Administrator", role: "admin", passwordHash, createdAt: now, updatedAt: now })
        .returning();
      if (created) {
        await recordAudit(
          tx,
          { system: "start-up (ADMIN_EMAIL)" },
          {
            action: "staff.created",
            subjectType: "staff",
            subjectId: created.id,
            after: auditView(created),
          },
        );
      }
      return "created" as const;
    }
    // A changed ADMIN_PASSWORD ends every session the account had (decision 0034): the old password's
    // sessions, a thief's among them, do not outlive it.
    const passwordChanged = !(await passwordMatches(existing.passwordHash, admin.password));
    const [updated] = await tx
      .update(staff)
      .set({ role: "admin", passwordHash, disabledAt: null, updatedAt: now })
      .where(eq(staff.id, existing.id))
      .returning();
    const ended = passwordChanged
      ? await tx
          .delete(staffSessions)
          .where(eq(staffSessions.staffId, existing.id))
          .returning({ tokenHash: staffSessions.tokenHash })
      : [];
    if (updated) {
      await recordAudit(
        tx,
        { system: "start-up (ADMIN_EMAIL)" },
        {
          action: "staff.admin_ensured",
          subjectType: "staff",
          subjectId: existing.id,
          before: auditView(existing),
          after: { ...auditView(updated), passwordChanged, sessionsEnded: ended.length },
        },
      );
    }
    return "updated" as const;
  });
}

/**
 * Creates a staff account with a first password: only the system (the command line, tests' set-up) may.
 * Admins invite people instead (invitations.ts), so no one ever knows another person's password.
 */
export async function createStaff(deps: StaffDeps, actor: AuditActor, raw: unknown): Promise<StaffMember> {
  if (!("system" in actor)) throw notAllowed();
  const input = parseInput(newStaffSchema, raw);
  const now = nowOf(deps);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const [clash] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, input.email));
    if (clash) throw new AppError("conflict", staffMessages.exists, { email: staffMessages.exists });
    const [created] = await tx
      .insert(staff)
      .values({ email: input.email, fullName: input.fullName, role: input.role, passwordHash, createdAt: now, updatedAt: now })
      .returning();
    if (!created) throw new Error("insert returned no row");
    await recordAudit(tx, actor, {
      action: "staff.created",
      subjectType: "staff",
      subjectId: created.id,
      after: auditView(created),
    });
    return presentStaff(created);
  });
}

/** Every staff account, for an admin. */
export async function listStaff(deps: StaffDeps, actor: StaffMember): Promise<StaffAccount[]> {
  if (!canManageStaff(actor)) throw notAllowed();
  const rows = await deps.db.select().from(staff).orderBy(asc(staff.fullName));
  return rows.map(presentAccount);
}

/**
 * Disables (or enables again) a staff account; a disabled one cannot sign in and its sessions end.
 * An admin cannot disable themselves, nor the last admin who can sign in.
 */
export async function setStaffDisabled(
  deps: StaffDeps,
  actor: StaffMember,
  staffId: number,
  disabled: boolean,
): Promise<StaffAccount> {
  if (!canManageStaff(actor)) throw notAllowed();
  if (disabled && staffId === actor.staffId) throw new AppError("invalid_input", staffMessages.notYourself);
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(staff).where(eq(staff.id, staffId));
    if (!existing) throw new AppError("not_found", "No such staff account.");
    if (disabled && existing.role === "admin") {
      const others = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.role, "admin"), isNull(staff.disabledAt), ne(staff.id, staffId)));
      if (others.length === 0) throw new AppError("invalid_input", staffMessages.lastAdmin);
    }
    const [updated] = await tx
      .update(staff)
      .set({ disabledAt: disabled ? (existing.disabledAt ?? now) : null, updatedAt: now })
      .where(eq(staff.id, staffId))
      .returning();
    if (!updated) throw new AppError("not_found", "No such staff account.");
    if (disabled) await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    await recordAudit(tx, actor, {
      action: disabled ? "staff.disabled" : "staff.enabled",
      subjectType: "staff",
      subjectId: staffId,
      before: auditView(existing),
      after: auditView(updated),
    });
    return presentAccount(updated);
  });
}

export interface NewStaffSession {
  member: StaffMember;
  token: string;
  expiresAt: Date;
}

/** Staff sign-in: a session of its own, apart from students' (STAFF_SESSION_HOURS). */
export async function logInStaff(deps: StaffDeps, raw: unknown, clientIp: string): Promise<NewStaffSession> {
  const input = parseInput(staffLoginSchema, raw, staffMessages.invalidCredentials);
  await enforceLimit(deps.limiter, staffLimits.loginPerIpMinute, clientIp);
  // The failure is reserved before the password is checked and given back when it was right.
  await enforceLimit(deps.limiter, staffLimits.loginFailuresPerAccount, input.email);
  const [row] = await deps.db.select().from(staff).where(eq(staff.email, input.email));
  // Checked even without an account (row undefined), so both answers take as long.
  const valid = await passwordMatches(row?.passwordHash, input.password);
  if (!row || !valid) throw new AppError("unauthenticated", staffMessages.invalidCredentials);
  await deps.limiter.release(staffLimits.loginFailuresPerAccount, input.email);
  if (row.disabledAt) throw new AppError("forbidden", staffMessages.disabled);
  const now = nowOf(deps);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
  await deps.db.insert(staffSessions).values({ tokenHash: sha256(token), staffId: row.id, createdAt: now, expiresAt });
  await recordAudit(deps.db, presentStaff(row), { action: "staff.signed_in", subjectType: "staff", subjectId: row.id });
  return { member: presentStaff(row), token, expiresAt };
}

/**
 * The staff member of a live session, read in one prepared query (decision 0110): every console screen asks
 * it, and it reads only what a screen needs of them (never their password's hash).
 */
const memberOfSession = preparedRead((db) =>
  db
    .select({ staffId: staff.id, email: staff.email, fullName: staff.fullName, role: staff.role })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, sql.placeholder("tokenHash")),
        gt(staffSessions.expiresAt, sql.placeholder("now")),
        isNull(staff.disabledAt),
      ),
    )
    .prepare("staff_of_session"),
);

/** The staff member of a live session, or null (unknown, expired, or the account disabled). */
export async function staffForSession(deps: StaffDeps, token: string): Promise<StaffMember | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [member] = await memberOfSession(deps.db).execute({ tokenHash: sha256(token), now: nowOf(deps) });
  return member ?? null;
}

export async function logOutStaff(deps: StaffDeps, token: string): Promise<void> {
  await deps.db.delete(staffSessions).where(eq(staffSessions.tokenHash, sha256(token)));
}

/** A staff member's address and name for mail another module sends them, or undefined when gone or disabled. */
export async function activeStaffContact(
  db: Pick<StaffDeps["db"], "select">,
  staffId: number,
): Promise<{ email: string; fullName: string } | undefined> {
  const [member] = await db
    .select({ email: staff.email, fullName: staff.fullName, disabledAt: staff.disabledAt })
    .from(staff)
    .where(eq(staff.id, staffId));
  return member && !member.disabledAt ? { email: member.email, fullName: member.fullName } : undefined;
}
