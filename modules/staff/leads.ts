import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { consultations, staff, students } from "../../platform/db/schema.ts";
import {
  consultationStatuses,
  LEADS_PAGE_SIZE,
  type LeadStatus,
  leadMessages,
  lostReasons,
  studyDestinations,
} from "../../vocabulary/consultations.ts";
import { AppError } from "../errors.ts";
import { oneOf } from "../fields.ts";
import { parseInput } from "../validation.ts";
import { notAllowed, type StaffDeps } from "./accounts.ts";
import { recordAudit } from "./audit.ts";
import { canSeeAllLeads, canSeeLeads, canWorkLeads, leadVisibleTo, type StaffMember } from "./policies.ts";

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
  createdAt: Date;
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
  createdAt: consultations.createdAt,
};

/** The inbox's filters, as they come from the address (all optional). */
export const leadFiltersSchema = z.object({
  status: z.preprocess((v) => v || undefined, oneOf(consultationStatuses, leadMessages.chooseStatus).optional()),
  destination: z.preprocess((v) => v || undefined, oneOf(studyDestinations, "Choose a destination from the list").optional()),
  q: z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().max(100).optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

export const statusChangeSchema = z
  .object({
    status: oneOf(consultationStatuses, leadMessages.chooseStatus),
    lostReason: z.preprocess((v) => v || undefined, oneOf(lostReasons, leadMessages.chooseReason).optional()),
  })
  .refine((v) => v.status !== "Lost" || v.lostReason !== undefined, {
    message: leadMessages.lostNeedsReason,
    path: ["lostReason"],
  });

/** Who sees which leads: everyone with `canSeeAllLeads` all of them, a counsellor those assigned to them. */
function visibleTo(member: StaffMember): SQL | undefined {
  return canSeeAllLeads(member) ? undefined : eq(consultations.assignedStaffId, member.staffId);
}

/** The inbox: newest first, filtered, a page at a time, only what the member may see. */
export async function listLeads(deps: StaffDeps, member: StaffMember, raw: unknown) {
  if (!canSeeLeads(member)) throw notAllowed();
  const filters = parseInput(leadFiltersSchema, raw);
  const conditions = [visibleTo(member)];
  if (filters.status) conditions.push(eq(consultations.status, filters.status));
  if (filters.destination) conditions.push(eq(consultations.studyDestination, filters.destination));
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(consultations.firstName, like),
        ilike(consultations.lastName, like),
        ilike(consultations.email, like),
        ilike(consultations.phoneNumber, like),
      ),
    );
  }
  const where = and(...conditions.filter((c): c is SQL => c !== undefined));
  const [totals, leads] = await Promise.all([
    deps.db.select({ total: count() }).from(consultations).where(where),
    deps.db
      .select(leadColumns)
      .from(consultations)
      .leftJoin(staff, eq(staff.id, consultations.assignedStaffId))
      .where(where)
      .orderBy(desc(consultations.createdAt), desc(consultations.id))
      .limit(LEADS_PAGE_SIZE)
      .offset((filters.page - 1) * LEADS_PAGE_SIZE),
  ]);
  return { leads: leads as Lead[], total: totals[0]?.total ?? 0, page: filters.page, pageSize: LEADS_PAGE_SIZE, filters };
}

/** One lead, if the member may see it; anyone else is told it does not exist. */
export async function getLead(deps: StaffDeps, member: StaffMember, id: number): Promise<Lead> {
  const [lead] = await deps.db
    .select(leadColumns)
    .from(consultations)
    .leftJoin(staff, eq(staff.id, consultations.assignedStaffId))
    .where(eq(consultations.id, id));
  if (!lead || !leadVisibleTo(member, lead)) throw new AppError("not_found", leadMessages.noSuchLead);
  return lead as Lead;
}

function invitationMail(lead: Lead, siteAddress: string | undefined) {
  const where = siteAddress ? `at ${siteAddress}/signup` : "on the Ignite website (Sign Up)";
  return {
    to: lead.email,
    subject: "Create your Ignite account to follow your applications",
    text: [
      `Dear ${lead.firstName} ${lead.lastName},`,
      "",
      "Thank you for talking to us about studying abroad. To keep your marks and documents in one place and",
      `follow your applications, create your Ignite account ${where} with this e-mail address (${lead.email}).`,
      "",
      "Ignite - Your academic Journey",
    ].join("\n"),
  };
}

/**
 * Moves a lead to another status (Lost needs a reason), recorded in the audit log with before and after.
 * Converting links the lead to the student account with the same e-mail, or, when there is none, mails
 * the person an invitation to create one.
 */
export async function changeLeadStatus(deps: StaffDeps, member: StaffMember, id: number, raw: unknown): Promise<Lead> {
  const lead = await getLead(deps, member, id);
  if (!canWorkLeads(member)) throw notAllowed();
  const change = parseInput(statusChangeSchema, raw);
  const lostReason = change.status === "Lost" ? (change.lostReason ?? null) : null;
  let studentId = lead.studentId;
  if (change.status === "Converted" && studentId === null) {
    const [account] = await deps.db.select({ id: students.id }).from(students).where(eq(students.email, lead.email));
    studentId = account?.id ?? null;
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(consultations).set({ status: change.status, lostReason, studentId }).where(eq(consultations.id, id));
    await recordAudit(tx, member, {
      action: "lead.status_changed",
      subjectType: "lead",
      subjectId: id,
      before: { status: lead.status, lostReason: lead.lostReason, studentId: lead.studentId },
      after: { status: change.status, lostReason, studentId },
    });
  });
  if (change.status === "Converted" && studentId === null && lead.status !== "Converted" && deps.mailer) {
    try {
      await deps.mailer.send(invitationMail(lead, deps.siteAddress));
      await recordAudit(deps.db, member, { action: "lead.invited_to_sign_up", subjectType: "lead", subjectId: id });
    } catch (error) {
      deps.log.warn({ err: error, leadId: id }, "sign-up invitation not sent");
    }
  }
  return { ...lead, status: change.status, lostReason, studentId };
}
