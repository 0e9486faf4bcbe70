import { and, eq, gt, isNull } from "drizzle-orm";
import type { RateLimitRule } from "../../platform/rate-limit.ts";
import { STAFF_INVITATION_HOURS, STAFF_SESSION_HOURS, staffMessages, staffRoleLabels } from "../../vocabulary/staff.ts";
import { recordAudit } from "../audit-log.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { enforceLimit } from "../limits.ts";
import { mailLink } from "../mail-link.ts";
import { hashPassword } from "../passwords.ts";
import { canManageStaff, notAllowed, type StaffMember } from "../policies.ts";
import { MAX_TOKEN_LENGTH, newToken, sha256 } from "../tokens.ts";
import { parseInput, refuseControlCharacters } from "../validation.ts";
import { auditView, type NewStaffSession, presentAccount, presentStaff, type StaffAccount } from "./accounts.ts";
import { invitationAcceptSchema, staffInvitationSchema } from "./input.ts";
import { staff, staffInvitations, staffSessions } from "./tables.ts";

/**
 * E-mailed staff invitations (decision 0014): an admin creates the account without a password and the person sets one
 * through a one-time link. The link's token is random; only its SHA-256 is stored; it works for
 * STAFF_INVITATION_HOURS and once, and a resend voids the links sent before.
 */

export const invitationLimits = {
  acceptPerIp: { name: "staff-invitation-accept-ip", limit: 20, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

/** Who an invitation is for, as its page shows it. */
export interface Invitation {
  email: string;
  fullName: string;
  role: StaffMember["role"];
}

type Tx = Parameters<Parameters<StaffDeps["db"]["transaction"]>[0]>[0];

const invalid = () => new AppError("not_found", staffMessages.invitationInvalid);

/** The link in the mail: the token in the query string, which request logs leave out. */
const invitationLink = (deps: StaffDeps, token: string) =>
  mailLink(deps.siteAddress, `/staff/invitation?token=${encodeURIComponent(token)}`);

/** Voids the invitee's open links and issues a new one; answers the token (for the mail only). */
async function issueInvitation(deps: StaffDeps, tx: Tx, staffId: number, invitedBy: StaffMember): Promise<string> {
  const now = nowOf(deps);
  await tx
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.usedAt)));
  const token = newToken();
  await tx.insert(staffInvitations).values({
    tokenHash: sha256(token),
    staffId,
    invitedByStaffId: invitedBy.staffId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STAFF_INVITATION_HOURS * 3_600_000),
  });
  return token;
}

/** Sends the invitation; a mail server that refuses becomes a 503 saying the account is there (Resend helps). */
async function mailInvitation(deps: StaffDeps, invitee: StaffAccount, invitedBy: StaffMember, token: string) {
  if (!deps.mailer) throw new AppError("unavailable", staffMessages.invitationNotSent);
  try {
    await deps.mailer.send({
      to: invitee.email,
      subject: "Your Ignite staff account: set your password",
      text: [
        `Dear ${invitee.fullName},`,
        "",
        `${invitedBy.fullName} has given you a staff account on the Ignite console (${staffRoleLabels[invitee.role]}).`,
        `Set your password within ${STAFF_INVITATION_HOURS} hours with this link, which works once:`,
        "",
        invitationLink(deps, token),
        "",
        "If you did not expect this e-mail, ignore it: no account can be used without that password.",
        "",
        "Ignite - Your academic Journey",
      ].join("\n"),
    });
  } catch (error) {
    deps.log.error({ err: error, staffId: invitee.staffId }, "staff invitation mail failed");
    throw new AppError("unavailable", staffMessages.invitationNotSent);
  }
}

/** An admin invites a colleague: the account (no password), a one-time link by e-mail, an audit entry. */
export async function inviteStaff(deps: StaffDeps, actor: StaffMember, raw: unknown): Promise<StaffAccount> {
  if (!canManageStaff(actor)) throw notAllowed();
  const input = parseInput(staffInvitationSchema, raw);
  const now = nowOf(deps);
  const { account, token } = await deps.db.transaction(async (tx) => {
    const [clash] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, input.email));
    if (clash) throw new AppError("conflict", staffMessages.exists, { email: staffMessages.exists });
    const [created] = await tx
      .insert(staff)
      .values({
        email: input.email,
        fullName: input.fullName,
        role: input.role,
        passwordHash: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error("insert returned no row");
    const token = await issueInvitation(deps, tx, created.id, actor);
    await recordAudit(tx, actor, {
      action: "staff.invited",
      subjectType: "staff",
      subjectId: created.id,
      after: auditView(created),
    });
    return { account: presentAccount(created), token };
  });
  await mailInvitation(deps, account, actor, token);
  return account;
}

/** A new link for an invitation still waiting; the links sent before stop working. */
export async function resendInvitation(deps: StaffDeps, actor: StaffMember, staffId: number): Promise<StaffAccount> {
  if (!canManageStaff(actor)) throw notAllowed();
  const { account, token } = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(staff).where(eq(staff.id, staffId));
    if (!row) throw new AppError("not_found", "No such staff account.");
    if (row.passwordHash !== null) throw new AppError("conflict", staffMessages.notPending);
    const token = await issueInvitation(deps, tx, row.id, actor);
    await recordAudit(tx, actor, { action: "staff.invitation_resent", subjectType: "staff", subjectId: row.id });
    return { account: presentAccount(row), token };
  });
  await mailInvitation(deps, account, actor, token);
  return account;
}

const looksLikeToken = (token: unknown): token is string =>
  typeof token === "string" && token.length > 0 && token.length <= MAX_TOKEN_LENGTH && /^[A-Za-z0-9_-]+$/.test(token);

/** Who a live invitation is for; an unknown, malformed, expired or used one is one and the same 404. */
export async function invitationFor(deps: StaffDeps, token: unknown): Promise<Invitation> {
  if (!looksLikeToken(token)) throw invalid();
  const [row] = await deps.db
    .select({ member: staff })
    .from(staffInvitations)
    .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
    .where(
      and(
        eq(staffInvitations.tokenHash, sha256(token)),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, nowOf(deps)),
        isNull(staff.passwordHash),
        isNull(staff.disabledAt),
      ),
    );
  if (!row) throw invalid();
  return { email: row.member.email, fullName: row.member.fullName, role: row.member.role };
}

/**
 * Accepting: the password (twice) is set, the link is used up, and the member is signed in (a staff
 * session, as at sign-in). Limited per client address; a used, expired or unknown link is refused.
 */
export async function acceptInvitation(
  deps: StaffDeps,
  token: unknown,
  raw: unknown,
  clientIp: string,
): Promise<NewStaffSession> {
  await enforceLimit(deps.limiter, invitationLimits.acceptPerIp, clientIp);
  // The token is read before the body is parsed: a control character anywhere in the body is refused first (decision 0034).
  refuseControlCharacters(raw);
  if (!looksLikeToken(token)) throw invalid();
  await invitationFor(deps, token);
  const input = parseInput(invitationAcceptSchema, raw);
  const passwordHash = await hashPassword(input.password);
  const now = nowOf(deps);
  const sessionToken = newToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
  const member = await deps.db.transaction(async (tx) => {
    // Used up in one statement, so two tabs submitting at once cannot both succeed.
    const [used] = await tx
      .update(staffInvitations)
      .set({ usedAt: now })
      .where(
        and(eq(staffInvitations.tokenHash, sha256(token)), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)),
      )
      .returning();
    if (!used) throw invalid();
    const [updated] = await tx
      .update(staff)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(staff.id, used.staffId), isNull(staff.passwordHash), isNull(staff.disabledAt)))
      .returning();
    if (!updated) throw invalid();
    await tx.insert(staffSessions).values({ tokenHash: sha256(sessionToken), staffId: updated.id, createdAt: now, expiresAt });
    const member = presentStaff(updated);
    await recordAudit(tx, member, { action: "staff.invitation_accepted", subjectType: "staff", subjectId: updated.id });
    return member;
  });
  return { member, token: sessionToken, expiresAt };
}
