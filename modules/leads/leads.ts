import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import {
  type FirstResponseState,
  LEADS_PAGE_SIZE,
  type LeadSource,
  type LeadStatus,
  leadMessages,
  openLeadStatuses,
} from "../../vocabulary/consultations.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { type ContactChannel, privacyMessages } from "../../vocabulary/privacy.ts";
import type { AuditRecord } from "../audit-log.ts";
import { recordAudit } from "../audit-log.ts";
import { type ConsoleSettings, readConsoleSettings } from "../console-settings.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { erasureRequestSchema } from "../erasure-request.ts";
import { AppError } from "../errors.ts";
import { containing } from "../fields.ts";
import { mailLink } from "../mail-link.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import {
  canAssignLeads,
  canChooseCounsellor,
  canCreateLeads,
  canEraseStudents,
  canLinkLeadToStudent,
  canMergeLeads,
  canSeeAllLeads,
  canSeeLeads,
  canWorkLeads,
  leadVisibleTo,
  notAllowed,
  type StaffMember,
} from "../policies.ts";
import { staff } from "../staff/tables.ts";
import { setStudentCounsellor } from "../students/students.ts";
import { students } from "../students/tables.ts";
import { auditLog } from "../tables.ts";
import { dayAfter, WEEK_AHEAD_DAYS } from "../tasks/tasks.ts";
import { parseInput } from "../validation.ts";
import { addWorkingTime, subtractWorkingTime } from "../working-time.ts";
import { assigneeForNewLead, markOpenedByAssignee, tellAssignee } from "./assignment.ts";
import { leadHistoryWords } from "./history.ts";
import {
  assignLeadsSchema,
  checkYearOfStudy,
  type LeadFilters,
  leadFiltersSchema,
  linkStudentSchema,
  mergeLeadSchema,
  newLeadSchema,
  statusChangeSchema,
} from "./input.ts";
import { consultations } from "./tables.ts";

/** A lead as the console lists it. */
export interface Lead {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  studyDestination: string;
  typeOfStudy: string;
  preferredSubject: string;
  yearOfStudy: string | null;
  state: string | null;
  qualification: string | null;
  status: LeadStatus;
  lostReason: string | null;
  assignedStaffId: number | null;
  assignedTo: string | null;
  /** The student account the lead became (linked when it is converted). */
  studentId: number | null;
  source: LeadSource;
  /** When the lead first left New. */
  firstContactedAt: Date | null;
  /** The lead this one was merged into (it then leaves the inbox). */
  mergedIntoId: number | null;
  /** Another lead (not merged away) has the same e-mail or phone number. */
  possibleDuplicate: boolean;
  createdAt: Date;
  /** When the first response is due: the target in working hours from the lead's arrival. */
  firstResponseDue: Date;
  /** How the first response stands: null for a lead that left New before first contact was recorded. */
  firstResponse: FirstResponseState | null;
  /** How the person wants to be contacted, and whether they agreed to news and offers (decision 0024). */
  preferredContact: ContactChannel;
  newsAndOffers: boolean;
  /** The consent sentence's version agreed to on the form, and when; null for a lead staff entered. */
  consentVersion: string | null;
  consentedAt: Date | null;
}

const leadColumns = {
  id: consultations.id,
  firstName: consultations.firstName,
  lastName: consultations.lastName,
  email: consultations.email,
  phoneNumber: consultations.phoneNumber,
  studyDestination: consultations.studyDestination,
  typeOfStudy: consultations.typeOfStudy,
  preferredSubject: consultations.preferredSubject,
  yearOfStudy: consultations.yearOfStudy,
  state: consultations.state,
  qualification: consultations.qualification,
  status: consultations.status,
  lostReason: consultations.lostReason,
  assignedStaffId: consultations.assignedStaffId,
  assignedTo: staff.fullName,
  studentId: consultations.studentId,
  source: consultations.source,
  firstContactedAt: consultations.firstContactedAt,
  mergedIntoId: consultations.mergedIntoId,
  preferredContact: consultations.preferredContact,
  newsAndOffers: consultations.newsAndOffers,
  consentVersion: consultations.consentVersion,
  consentedAt: consultations.consentedAt,
  possibleDuplicate: sql<boolean>`exists (select 1 from ${consultations} as other
    where other.id <> ${consultations.id} and other.merged_into_id is null
      and (other.email = ${consultations.email} or other.phone_number = ${consultations.phoneNumber}))`,
  createdAt: consultations.createdAt,
};
type LeadRow = Omit<Lead, "firstResponseDue" | "firstResponse">;

const HOUR_MS = 3_600_000;

/** A lead's first-response due time and how it stands at `now`. */
export function firstResponseOf(
  lead: Pick<Lead, "status" | "createdAt" | "firstContactedAt">,
  settings: ConsoleSettings,
  now: Date,
): Pick<Lead, "firstResponseDue" | "firstResponse"> {
  const due = addWorkingTime(lead.createdAt, settings.firstResponseHours * HOUR_MS, settings.workingHours);
  let state: FirstResponseState | null;
  if (lead.firstContactedAt) state = lead.firstContactedAt <= due ? "met" : "missed";
  else if (lead.status !== "New") state = null;
  else state = due <= now ? "overdue" : "pending";
  return { firstResponseDue: due, firstResponse: state };
}

/** Leads still waiting for a first response whose due time has passed: created at or before the cut-off. */
function overdueCondition(settings: ConsoleSettings, now: Date): SQL {
  const cutoff = subtractWorkingTime(now, settings.firstResponseHours * HOUR_MS, settings.workingHours);
  return and(
    eq(consultations.status, "New"),
    isNull(consultations.firstContactedAt),
    lte(consultations.createdAt, cutoff),
  ) as SQL;
}

const withTiming = (rows: LeadRow[], settings: ConsoleSettings, now: Date): Lead[] =>
  rows.map((row) => ({ ...row, possibleDuplicate: Boolean(row.possibleDuplicate), ...firstResponseOf(row, settings, now) }));

/** The instant an IST calendar day begins. */
const istDayStart = (day: string) => new Date(`${day}T00:00:00+05:30`);
const DAY_MS = 86_400_000;

/** Who sees which leads: everyone with `canSeeAllLeads` all of them, a counsellor those assigned to them. */
function visibleTo(member: StaffMember): SQL | undefined {
  return canSeeAllLeads(member) ? undefined : eq(consultations.assignedStaffId, member.staffId);
}

/** A lead still waiting for its first response: New, never moved on. */
const awaitingCondition = () => and(eq(consultations.status, "New"), isNull(consultations.firstContactedAt)) as SQL;

/**
 * The one rule for which leads a list of filters means to a member (the inbox lists them, the staff
 * home counts them: decision 0042): only what the member may see, merged-away leads left out.
 */
function leadsWhere(member: StaffMember, filters: LeadFilters, settings: ConsoleSettings, now: Date): SQL | undefined {
  const conditions = [visibleTo(member), isNull(consultations.mergedIntoId)];
  if (filters.open) conditions.push(inArray(consultations.status, openLeadStatuses));
  if (filters.awaiting) conditions.push(awaitingCondition());
  if (filters.status) conditions.push(eq(consultations.status, filters.status));
  if (filters.destination) conditions.push(eq(consultations.studyDestination, filters.destination));
  if (filters.source) conditions.push(eq(consultations.source, filters.source));
  if (filters.counsellor === "unassigned") conditions.push(isNull(consultations.assignedStaffId));
  else if (filters.counsellor) conditions.push(eq(consultations.assignedStaffId, filters.counsellor));
  if (filters.from) conditions.push(gte(consultations.createdAt, istDayStart(filters.from)));
  if (filters.to) conditions.push(lt(consultations.createdAt, new Date(istDayStart(filters.to).getTime() + DAY_MS)));
  if (filters.overdue) conditions.push(overdueCondition(settings, now));
  if (filters.q) {
    const like = containing(filters.q);
    conditions.push(
      or(
        ilike(consultations.firstName, like),
        ilike(consultations.lastName, like),
        ilike(consultations.email, like),
        ilike(consultations.phoneNumber, like),
      ),
    );
  }
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/** How many leads the inbox lists for these filters (the address's), by the inbox's own rule. */
export async function countLeads(deps: StaffDeps, member: StaffMember, raw: unknown): Promise<number> {
  if (!canSeeLeads(member)) throw notAllowed();
  const filters = parseInput(leadFiltersSchema, raw);
  const where = leadsWhere(member, filters, await readConsoleSettings(deps.db), nowOf(deps));
  const [row] = await deps.db.select({ total: count() }).from(consultations).where(where);
  return row?.total ?? 0;
}

/** The inbox: newest first, filtered, a page at a time, only what the member may see; merged-away leads left out. */
export async function listLeads(deps: StaffDeps, member: StaffMember, raw: unknown, pageSize = LEADS_PAGE_SIZE) {
  if (!canSeeLeads(member)) throw notAllowed();
  const filters = parseInput(leadFiltersSchema, raw);
  const settings = await readConsoleSettings(deps.db);
  const now = nowOf(deps);
  const where = leadsWhere(member, filters, settings, now);
  const [totals, rows] = await Promise.all([
    deps.db.select({ total: count() }).from(consultations).where(where),
    deps.db
      .select(leadColumns)
      .from(consultations)
      .leftJoin(staff, eq(staff.id, consultations.assignedStaffId))
      .where(where)
      .orderBy(desc(consultations.createdAt), desc(consultations.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
  ]);
  return {
    leads: withTiming(rows as LeadRow[], settings, now),
    total: totals[0]?.total ?? 0,
    page: filters.page,
    pageSize: LEADS_PAGE_SIZE,
    filters,
  };
}

async function leadRow(db: StaffDeps["db"], id: number): Promise<LeadRow | undefined> {
  const [row] = await db
    .select(leadColumns)
    .from(consultations)
    .leftJoin(staff, eq(staff.id, consultations.assignedStaffId))
    .where(eq(consultations.id, id));
  return row as LeadRow | undefined;
}

/** One lead, if the member may see it; anyone else is told it does not exist. */
export async function getLead(deps: StaffDeps, member: StaffMember, id: number): Promise<Lead> {
  if (!canSeeLeads(member)) throw notAllowed();
  const row = await leadRow(deps.db, id);
  if (!row || !leadVisibleTo(member, row)) throw new AppError("not_found", leadMessages.noSuchLead);
  const [lead] = withTiming([row], await readConsoleSettings(deps.db), nowOf(deps));
  return lead as Lead;
}

/**
 * A lead's page: the lead, the other leads with its e-mail or phone (those the member may see, and
 * how many more belong to other counsellors), the leads merged into it, and the history of all of them.
 */
export async function leadDetails(deps: StaffDeps, member: StaffMember, id: number) {
  const lead = await getLead(deps, member, id);
  // Its counsellor opened it: no longer new to them on Today (decision 0042).
  if (lead.assignedStaffId === member.staffId) await markOpenedByAssignee(deps.db, id, member.staffId, nowOf(deps));
  const settings = await readConsoleSettings(deps.db);
  const now = nowOf(deps);
  const related = (where: SQL | undefined) =>
    deps.db
      .select(leadColumns)
      .from(consultations)
      .leftJoin(staff, eq(staff.id, consultations.assignedStaffId))
      .where(where)
      .orderBy(asc(consultations.createdAt))
      .limit(100);
  const [sameContact, merged] = await Promise.all([
    related(
      and(
        ne(consultations.id, id),
        isNull(consultations.mergedIntoId),
        or(eq(consultations.email, lead.email), eq(consultations.phoneNumber, lead.phoneNumber)),
      ),
    ),
    related(eq(consultations.mergedIntoId, id)),
  ]);
  const visible = (sameContact as LeadRow[]).filter((row) => leadVisibleTo(member, row));
  const subjects = [id, ...merged.map((row) => row.id)].map(String);
  const history: AuditRecord[] = await deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "lead"), inArray(auditLog.subjectId, subjects)))
    .orderBy(desc(auditLog.id))
    .limit(200);
  return {
    lead,
    duplicates: withTiming(visible, settings, now),
    hiddenDuplicates: sameContact.length - visible.length,
    merged: withTiming(merged as LeadRow[], settings, now),
    // Each change in words, never its code and JSON (decision 0035).
    history: history.map((entry) => ({ ...entry, words: leadHistoryWords(entry) })),
  };
}

function invitationMail(lead: Lead, siteAddress: string) {
  const where = `at ${mailLink(siteAddress, "/signup")}`;
  const signIn = `at ${mailLink(siteAddress, "/login")}`;
  return {
    to: lead.email,
    subject: "Create your Ignite account to follow your applications",
    text: [
      `Dear ${lead.firstName} ${lead.lastName},`,
      "",
      "Thank you for talking to us about studying abroad. To keep your marks and documents in one place and",
      `follow your applications, create your Ignite account ${where} with this e-mail address (${lead.email}).`,
      `If you have an Ignite account already, sign in ${signIn} instead.`,
      "",
      "Ignite - Your academic Journey",
    ].join("\n"),
  };
}

/** The student account with a lead's e-mail, if there is one (who looks after it decides who may link it). */
async function accountOfLead(db: StaffDeps["db"], email: string) {
  const [account] = await db
    .select({ id: students.id, counsellorStaffId: students.counsellorStaffId })
    .from(students)
    .where(eq(students.email, email));
  return account;
}

/**
 * Moves a lead to another status (Lost needs a reason), recorded in the audit log with before and after.
 * Converting links the lead to the student account with the same e-mail when the member may link it
 * (an admin, or the counsellor who already looks after that student); otherwise, and when there is no
 * account, the person is mailed an invitation to create one or sign in, so the answer and the lead's
 * history read the same whether or not the e-mail has an account (decision 0034). Converting never changes
 * who looks after a student: an admin chooses that on the record, or when linking the lead.
 */
export async function changeLeadStatus(deps: StaffDeps, member: StaffMember, id: number, raw: unknown): Promise<Lead> {
  const lead = await getLead(deps, member, id);
  if (!canWorkLeads(member)) throw notAllowed();
  if (lead.mergedIntoId) throw new AppError("conflict", leadMessages.alreadyMerged(lead.mergedIntoId));
  const change = parseInput(statusChangeSchema, raw);
  // The first response: the first time the lead leaves New, whoever moves it.
  const firstContactedAt = lead.firstContactedAt ?? (change.status !== "New" ? nowOf(deps) : null);
  const lostReason = change.status === "Lost" ? (change.lostReason ?? null) : null;
  let studentId = lead.studentId;
  if (change.status === "Converted" && studentId === null) {
    const account = await accountOfLead(deps.db, lead.email);
    if (account && canLinkLeadToStudent(member, account)) studentId = account.id;
  }
  const invite = change.status === "Converted" && studentId === null && lead.status !== "Converted" && Boolean(deps.mailer);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(consultations)
      .set({ status: change.status, lostReason, studentId, firstContactedAt })
      .where(eq(consultations.id, id));
    await recordAudit(tx, member, {
      action: "lead.status_changed",
      subjectType: "lead",
      subjectId: id,
      studentId,
      before: { status: lead.status, lostReason: lead.lostReason, studentId: lead.studentId },
      after: { status: change.status, lostReason, studentId },
    });
    if (invite) {
      await queueMail(tx, deps, invitationMail(lead, deps.siteAddress), { studentId: null });
      await recordAudit(tx, member, { action: "lead.invited_to_sign_up", subjectType: "lead", subjectId: id });
    }
  });
  if (invite) await deliverWithoutQueue(deps);
  const changed = { ...lead, status: change.status, lostReason, studentId, firstContactedAt };
  return { ...changed, ...firstResponseOf(changed, await readConsoleSettings(deps.db), nowOf(deps)) };
}

/**
 * Links a lead to the student account with its e-mail (decision 0034): an admin's decision, or the act of
 * the counsellor who already looks after that student; audited on the lead and on the student. Anyone
 * else, and a lead whose e-mail has no account, get the same 404. An admin may let the lead's
 * counsellor look after the student at the same time (audited as a change of counsellor).
 */
export async function linkLeadToStudent(deps: StaffDeps, member: StaffMember, id: number, raw: unknown): Promise<Lead> {
  const lead = await getLead(deps, member, id);
  if (!canWorkLeads(member)) throw notAllowed();
  if (lead.mergedIntoId) throw new AppError("conflict", leadMessages.alreadyMerged(lead.mergedIntoId));
  const input = parseInput(linkStudentSchema, raw);
  if (lead.studentId !== null) throw new AppError("conflict", leadMessages.alreadyLinked);
  const account = await accountOfLead(deps.db, lead.email);
  if (!account || !canLinkLeadToStudent(member, account)) throw new AppError("not_found", leadMessages.noAccountToLink);
  if (input.counsellor && !canChooseCounsellor(member)) throw notAllowed();
  const counsellorId = input.counsellor ? lead.assignedStaffId : null;
  await deps.db.transaction(async (tx) => {
    const [linked] = await tx
      .update(consultations)
      .set({ studentId: account.id })
      .where(and(eq(consultations.id, id), isNull(consultations.studentId)))
      .returning({ id: consultations.id });
    if (!linked) throw new AppError("conflict", leadMessages.alreadyLinked);
    await recordAudit(tx, member, {
      action: "lead.linked_to_student",
      subjectType: "lead",
      subjectId: id,
      studentId: account.id,
      before: { studentId: null },
      after: { studentId: account.id },
    });
    if (counsellorId !== null && counsellorId !== account.counsellorStaffId) {
      await setStudentCounsellor(tx, account.id, counsellorId);
      await recordAudit(tx, member, {
        action: "student.counsellor_changed",
        subjectType: "student",
        subjectId: account.id,
        studentId: account.id,
        before: { counsellorStaffId: account.counsellorStaffId },
        after: { counsellorStaffId: counsellorId, counsellor: lead.assignedTo, fromLead: id },
      });
    }
  });
  return getLead(deps, member, id);
}

/** A counsellor as the inbox's filter and the assign select list them. */
export interface LeadCounsellor {
  staffId: number;
  fullName: string;
  active: boolean;
}

/**
 * Every counsellor, for those who see all leads (the filter lists them; only active ones can receive
 * leads); an empty list for a counsellor; a document verifier, who sees no leads, is refused (decision 0034).
 */
export async function leadCounsellors(deps: StaffDeps, member: StaffMember): Promise<LeadCounsellor[]> {
  if (!canSeeLeads(member)) throw notAllowed();
  if (!canSeeAllLeads(member)) return [];
  const rows = await deps.db
    .select({ staffId: staff.id, fullName: staff.fullName, disabledAt: staff.disabledAt })
    .from(staff)
    .where(eq(staff.role, "counsellor"))
    .orderBy(asc(staff.fullName), asc(staff.id));
  return rows.map((row) => ({ staffId: row.staffId, fullName: row.fullName, active: row.disabledAt === null }));
}

/**
 * Assigns leads to an active counsellor (admins). Each lead that changes hands is one audit entry with
 * its counsellor before and after; a lead already theirs is left as it is.
 */
export async function assignLeads(deps: StaffDeps, member: StaffMember, raw: unknown) {
  if (!canAssignLeads(member)) throw notAllowed();
  const input = parseInput(assignLeadsSchema, raw);
  const leadIds = [...new Set(input.leadIds)];
  const { told, ...result } = await deps.db.transaction(async (tx) => {
    const [counsellor] = await tx
      .select({ id: staff.id, fullName: staff.fullName })
      .from(staff)
      .where(and(eq(staff.id, input.staffId), eq(staff.role, "counsellor"), isNull(staff.disabledAt)));
    if (!counsellor)
      throw new AppError("invalid_input", leadMessages.chooseCounsellor, { staffId: leadMessages.chooseCounsellor });
    const rows = await tx
      .select({
        id: consultations.id,
        assignedStaffId: consultations.assignedStaffId,
        assignedTo: staff.fullName,
        mergedIntoId: consultations.mergedIntoId,
      })
      .from(consultations)
      .leftJoin(staff, eq(staff.id, consultations.assignedStaffId))
      .where(inArray(consultations.id, leadIds));
    if (rows.length !== leadIds.length) throw new AppError("not_found", leadMessages.noSuchLead);
    const merged = rows.find((row) => row.mergedIntoId !== null);
    if (merged?.mergedIntoId) throw new AppError("conflict", leadMessages.alreadyMerged(merged.mergedIntoId));
    const moving = rows.filter((row) => row.assignedStaffId !== counsellor.id);
    if (moving.length > 0) {
      await tx
        .update(consultations)
        .set({ assignedStaffId: counsellor.id })
        .where(
          inArray(
            consultations.id,
            moving.map((row) => row.id),
          ),
        );
    }
    for (const row of moving) {
      await recordAudit(tx, member, {
        action: "lead.assigned",
        subjectType: "lead",
        subjectId: row.id,
        before: { assignedStaffId: row.assignedStaffId, assignedTo: row.assignedTo },
        after: { assignedStaffId: counsellor.id, assignedTo: counsellor.fullName },
      });
    }
    // One mail to the counsellor for the leads that came to them, none for a lead already theirs (decision 0042).
    const told = await tellAssignee(tx, deps, member, {
      leadIds: moving.map((row) => row.id),
      staffId: counsellor.id,
      at: nowOf(deps),
    });
    return {
      told,
      counsellor: { staffId: counsellor.id, fullName: counsellor.fullName },
      leadIds,
      changed: moving.length,
      message: leadMessages.assigned(leadIds.length, counsellor.fullName),
    };
  });
  if (told) await deliverWithoutQueue(deps);
  return result;
}

/**
 * Enters a lead by hand (a phone call, a walk-in...). It is assigned as a booking is (round-robin or
 * left for an admin, as the settings say). No mail goes to the person: they are talking to us already; the
 * counsellor it went to is told, unless they entered it.
 */
export async function createLead(deps: StaffDeps, member: StaffMember, raw: unknown): Promise<Lead> {
  if (!canCreateLeads(member)) throw notAllowed();
  const input = parseInput(newLeadSchema, raw);
  checkYearOfStudy(input, nowOf(deps));
  const now = nowOf(deps);
  const { id, told } = await deps.db.transaction(async (tx) => {
    const assignedStaffId = await assigneeForNewLead(tx);
    const [created] = await tx
      .insert(consultations)
      .values({ ...input, assignedStaffId, createdAt: now, confirmationSentAt: now, staffNotifiedAt: now })
      .returning({ id: consultations.id });
    if (!created) throw new Error("insert returned no row");
    await recordAudit(tx, member, {
      action: "lead.created",
      subjectType: "lead",
      subjectId: created.id,
      after: { source: input.source, assignedStaffId },
    });
    // Round-robin gave it to a counsellor: told unless it is the one who entered it (decision 0042).
    const told =
      assignedStaffId !== null &&
      (await tellAssignee(tx, deps, member, { leadIds: [created.id], staffId: assignedStaffId, at: now }));
    return { id: created.id, told };
  });
  if (told) await deliverWithoutQueue(deps);
  const row = await leadRow(deps.db, id);
  if (!row) throw new Error("created lead not found");
  const [lead] = withTiming([row], await readConsoleSettings(deps.db), now);
  return lead as Lead;
}

/**
 * Merges a duplicate into the lead kept (admins, or the counsellor of both): the duplicate gets
 * `mergedIntoId` and leaves the inbox, and so do leads merged into it before; both histories stay.
 */
export async function mergeLeads(deps: StaffDeps, member: StaffMember, keepId: number, raw: unknown): Promise<Lead> {
  const kept = await getLead(deps, member, keepId);
  const { duplicateId } = parseInput(mergeLeadSchema, raw);
  const duplicate = await getLead(deps, member, duplicateId);
  if (!canWorkLeads(member) || !canMergeLeads(member, [kept, duplicate])) throw notAllowed();
  if (duplicateId === keepId)
    throw new AppError("invalid_input", leadMessages.mergeItself, { duplicateId: leadMessages.mergeItself });
  for (const lead of [kept, duplicate])
    if (lead.mergedIntoId) throw new AppError("conflict", leadMessages.alreadyMerged(lead.mergedIntoId));
  if (kept.email !== duplicate.email && kept.phoneNumber !== duplicate.phoneNumber)
    throw new AppError("invalid_input", leadMessages.notADuplicate, { duplicateId: leadMessages.notADuplicate });
  await deps.db.transaction(async (tx) => {
    await tx
      .update(consultations)
      .set({ mergedIntoId: keepId })
      .where(or(eq(consultations.id, duplicateId), eq(consultations.mergedIntoId, duplicateId)));
    await recordAudit(tx, member, {
      action: "lead.merged",
      subjectType: "lead",
      subjectId: keepId,
      before: { mergedLeadId: null },
      after: {
        mergedLeadId: duplicateId,
        merged: { name: `${duplicate.firstName} ${duplicate.lastName}`, email: duplicate.email, status: duplicate.status },
      },
    });
  });
  return getLead(deps, member, keepId);
}

/**
 * Leads still New past their first-response due time that the member may see, oldest first (for the
 * inbox's filter and the "Today" view). `now` is given so a view and its tests agree on the moment.
 */
export async function overdueLeads(deps: StaffDeps, member: StaffMember, now: Date): Promise<Lead[]> {
  if (!canSeeLeads(member)) throw notAllowed();
  const settings = await readConsoleSettings(deps.db);
  const conditions = [visibleTo(member), isNull(consultations.mergedIntoId), overdueCondition(settings, now)];
  const rows = await deps.db
    .select(leadColumns)
    .from(consultations)
    .leftJoin(staff, eq(staff.id, consultations.assignedStaffId))
    .where(and(...conditions.filter((c): c is SQL => c !== undefined)))
    .orderBy(asc(consultations.createdAt), asc(consultations.id))
    .limit(LEADS_PAGE_SIZE * 4);
  return withTiming(rows as LeadRow[], settings, now);
}

/**
 * Leads given to the member by someone else (round-robin, an admin) that they have neither opened nor
 * moved on since, oldest given first: new to them on Today (decision 0042).
 */
export async function newLeadsFor(deps: StaffDeps, member: StaffMember): Promise<(Lead & { assignedAt: Date })[]> {
  if (!canSeeLeads(member)) throw notAllowed();
  const rows = await deps.db
    .select({ ...leadColumns, assignedAt: consultations.assignedAt })
    .from(consultations)
    .leftJoin(staff, eq(staff.id, consultations.assignedStaffId))
    .where(
      and(
        eq(consultations.assignedStaffId, member.staffId),
        isNull(consultations.mergedIntoId),
        isNotNull(consultations.assignedAt),
        isNull(consultations.assigneeOpenedAt),
        awaitingCondition(),
      ),
    )
    .orderBy(asc(consultations.assignedAt), asc(consultations.id))
    .limit(LEADS_PAGE_SIZE * 4);
  const settings = await readConsoleSettings(deps.db);
  const now = nowOf(deps);
  return rows.map((row) => ({
    ...withTiming([row as LeadRow], settings, now)[0],
    assignedAt: row.assignedAt ?? row.createdAt,
  })) as (Lead & { assignedAt: Date })[];
}

/**
 * Leads the member may see whose first response is due from now until `until` and not yet overdue,
 * soonest due first (Today's "This week", decision 0042).
 */
export async function firstResponsesDueBy(deps: StaffDeps, member: StaffMember, now: Date, until: Date): Promise<Lead[]> {
  if (!canSeeLeads(member)) throw notAllowed();
  const settings = await readConsoleSettings(deps.db);
  const cutoff = subtractWorkingTime(now, settings.firstResponseHours * HOUR_MS, settings.workingHours);
  const conditions = [
    visibleTo(member),
    isNull(consultations.mergedIntoId),
    awaitingCondition(),
    gt(consultations.createdAt, cutoff),
  ];
  const rows = await deps.db
    .select(leadColumns)
    .from(consultations)
    .leftJoin(staff, eq(staff.id, consultations.assignedStaffId))
    .where(and(...conditions.filter((c): c is SQL => c !== undefined)))
    .orderBy(asc(consultations.createdAt), asc(consultations.id))
    .limit(LEADS_PAGE_SIZE * 4);
  return withTiming(rows as LeadRow[], settings, now)
    .filter((lead) => lead.firstResponseDue > now && lead.firstResponseDue < until)
    .sort((a, b) => a.firstResponseDue.getTime() - b.firstResponseDue.getTime());
}

/**
 * Erases a person who booked but has no account, on a request by mail (admins, decision 0024): the
 * lead's e-mail typed again confirms it. A lead linked to a student is erased from the student's record.
 */
export async function eraseLead(deps: StaffDeps, member: StaffMember, id: number, raw: unknown) {
  const lead = await getLead(deps, member, id);
  if (!canEraseStudents(member) || !deps.eraseLeads) throw notAllowed();
  const input = parseInput(erasureRequestSchema, raw);
  if (input.confirmEmail !== lead.email) {
    throw new AppError("invalid_input", privacyMessages.confirmEmailMismatch, {
      confirmEmail: privacyMessages.confirmEmailMismatch,
    });
  }
  if (lead.studentId) throw new AppError("conflict", privacyMessages.leadHasAccount);
  return deps.eraseLeads(id, member, input.reason);
}

/** The leads inbox as staff work it (decision 0031: the leads module owns its console side). */
export const leadsConsole = (deps: StaffDeps) => ({
  list: (actor: StaffMember, filters: unknown) => listLeads(deps, actor, filters),
  get: (actor: StaffMember, id: number) => getLead(deps, actor, id),
  changeStatus: (actor: StaffMember, id: number, raw: unknown) => changeLeadStatus(deps, actor, id, raw),
  details: (actor: StaffMember, id: number) => leadDetails(deps, actor, id),
  counsellors: (actor: StaffMember) => leadCounsellors(deps, actor),
  assign: (actor: StaffMember, raw: unknown) => assignLeads(deps, actor, raw),
  create: (actor: StaffMember, raw: unknown) => createLead(deps, actor, raw),
  merge: (actor: StaffMember, keepId: number, raw: unknown) => mergeLeads(deps, actor, keepId, raw),
  /** Links a lead to the account with its e-mail: admins, or that student's counsellor; audited (decision 0034). */
  linkToStudent: (actor: StaffMember, id: number, raw: unknown) => linkLeadToStudent(deps, actor, id, raw),
  /** Erases a person's leads when they have no account, on a request by mail (admins); audited. */
  erase: (actor: StaffMember, id: number, raw: unknown) => eraseLead(deps, actor, id, raw),
  /** Leads past their first-response due time that this member may see (the "Today" view calls it). */
  overdue: (actor: StaffMember) => overdueLeads(deps, actor, nowOf(deps)),
  /** Leads given to this member by someone else, not yet opened nor moved on (Today, decision 0042). */
  newLeads: (actor: StaffMember) => newLeadsFor(deps, actor),
  /**
   * First responses not yet overdue that fall due from now to the end of the seventh IST day after
   * today, each with its IST day (Today's "This week", decision 0042).
   */
  firstResponsesThisWeek: async (actor: StaffMember) => {
    const now = nowOf(deps);
    const until = istDayStart(dayAfter(indianDay(now), WEEK_AHEAD_DAYS + 1));
    const leads = await firstResponsesDueBy(deps, actor, now, until);
    return leads.map((lead) => ({ ...lead, dueOn: indianDay(lead.firstResponseDue) }));
  },
  /** How many leads the inbox lists for the address's filters (the staff home's figures). */
  count: (actor: StaffMember, filters: unknown) => countLeads(deps, actor, filters),
});

// ---- A lead's rows as other modules change them, each in the caller's transaction (decision 0052) ----

/** A new account made from a booking: the lead now belongs to the student. */
export async function attachLeadToStudent(tx: Pick<Database, "update">, leadId: number, studentId: number): Promise<void> {
  await tx.update(consultations).set({ studentId }).where(eq(consultations.id, leadId));
}

/** Leads erased or anonymised away by the privacy module (their report counts are kept first). */
export async function deleteLeads(tx: Pick<Database, "delete">, ids: number[]): Promise<void> {
  if (ids.length) await tx.delete(consultations).where(inArray(consultations.id, ids));
}
export { assigneeForNewLead } from "./assignment.ts";
