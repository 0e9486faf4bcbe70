import type { StaffRole } from "../vocabulary/staff.ts";
import { AppError } from "./errors.ts";

/**
 * Who among staff may do what: named rules, checked on the server for every staff page and call. A
 * screen may hide what a rule refuses, but the rule is what holds.
 */
export interface StaffMember {
  staffId: number;
  email: string;
  fullName: string;
  role: StaffRole;
}

/** Creating, disabling and listing staff accounts. */
export const canManageStaff = (member: StaffMember) => member.role === "admin";

/** Editing the catalogue: universities, courses, retiring them, hiding countries (decision 0017). */
export const canManageCatalogue = (member: StaffMember) => member.role === "admin";

/** Reading the audit log. */
export const canReadAuditLog = (member: StaffMember) => member.role === "admin";

/** Seeing the leads inbox at all (a document verifier works on documents, not leads). */
export const canSeeLeads = (member: StaffMember) => member.role !== "document_verifier";

/** Seeing every lead, not only one's own (admins; read-only staff watch the whole business). */
export const canSeeAllLeads = (member: StaffMember) => member.role === "admin" || member.role === "read_only";

/** Changing a lead (its status, later its counsellor): admins and counsellors, never read-only staff. */
export const canWorkLeads = (member: StaffMember) => member.role === "admin" || member.role === "counsellor";

/** One lead: all of them for those who see all, else only a lead assigned to this counsellor. */
export const leadVisibleTo = (member: StaffMember, lead: { assignedStaffId: number | null }) =>
  canSeeAllLeads(member) || (member.role === "counsellor" && lead.assignedStaffId === member.staffId);

/** Giving leads to a counsellor, one or many at once (admins). */
export const canAssignLeads = (member: StaffMember) => member.role === "admin";

/** Entering a lead by hand (a phone call, a walk-in): whoever works leads. */
export const canCreateLeads = (member: StaffMember) => canWorkLeads(member);

/**
 * Merging two duplicate leads: admins, and a counsellor when both leads are theirs (the caller has
 * already found both visible to the member, so a counsellor never merges another's lead).
 */
export const canMergeLeads = (member: StaffMember, leads: { assignedStaffId: number | null }[]) =>
  member.role === "admin" || (member.role === "counsellor" && leads.every((lead) => lead.assignedStaffId === member.staffId));

/** Changing the console's settings (assignment mode, first-response target, working hours): admins. */
export const canManageSettings = (member: StaffMember) => member.role === "admin";

/** Seeing students' records at all: everyone but document verifiers (who see documents waiting for review). */
export const canSeeStudents = (member: StaffMember) => member.role !== "document_verifier";

/** Seeing every student's record (admins, read-only staff); a counsellor sees the students they look after. */
export const canSeeAllStudents = (member: StaffMember) => member.role === "admin" || member.role === "read_only";

/** One student's record: all of them for those who see all, else only a student this counsellor looks after. */
export const studentVisibleTo = (member: StaffMember, student: { counsellorStaffId: number | null }) =>
  canSeeAllStudents(member) || (member.role === "counsellor" && student.counsellorStaffId === member.staffId);

/**
 * Choosing who looks after a student (decision 0034): admins only. No other path moves a student to a
 * counsellor: not a lead's conversion, not a merge, not an assignment of leads.
 */
export const canChooseCounsellor = (member: StaffMember) => member.role === "admin";

/**
 * Linking a lead to a student account that already exists (at its conversion or later): admins, or the
 * counsellor who already looks after that student. Anyone else learns nothing of the account (decision 0034).
 */
export const canLinkLeadToStudent = (member: StaffMember, student: { counsellorStaffId: number | null }) =>
  member.role === "admin" || (member.role === "counsellor" && student.counsellorStaffId === member.staffId);

/** Changing a student's record (notes, tasks, applications, e-mails): admins and counsellors. */
export const canWorkStudents = (member: StaffMember) => member.role === "admin" || member.role === "counsellor";

/**
 * Erasing a person's data on a request that came by mail or phone (decision 0024), a student's or,
 * without an account, a lead's bookings: admins, who see every record; the erasure is audited.
 */
export const canEraseStudents = (member: StaffMember) => member.role === "admin";

/**
 * A student's conversation with staff (decision 0037): admins read and write in every one, a
 * counsellor in those of the students they look after; nobody else (read-only staff and document
 * verifiers read records, not conversations). It follows the student when they are given to another.
 */
export const conversationVisibleTo = (member: StaffMember, student: { counsellorStaffId: number | null }) =>
  member.role === "admin" || (member.role === "counsellor" && student.counsellorStaffId === member.staffId);

/**
 * Whose reading marks a student's messages read (and clears their unread count): the student's own
 * counsellor, or an admin while the student has none. An admin glancing at another's student does not.
 */
export const answersConversationOf = (member: StaffMember, student: { counsellorStaffId: number | null }) =>
  student.counsellorStaffId === null ? member.role === "admin" : student.counsellorStaffId === member.staffId;

/** Reviewing documents (approve, ask for a correction, waive): verifiers, counsellors and admins. */
export const canReviewDocuments = (member: StaffMember) => member.role !== "read_only";

/** Seeing tasks at all: everyone but document verifiers (whose work is the review queue). */
export const canSeeTasks = (member: StaffMember) => member.role !== "document_verifier";

/** Seeing every task (admins, read-only staff); a counsellor sees tasks assigned to them or created by them. */
export const canSeeAllTasks = (member: StaffMember) => member.role === "admin" || member.role === "read_only";

/** Creating tasks and marking them done: admins and counsellors, never read-only staff. */
export const canWorkTasks = (member: StaffMember) => member.role === "admin" || member.role === "counsellor";

/** Who may be given a task: an admin or a counsellor (the caller checks the account is active). */
export const canBeAssignedTasks = (role: StaffMember["role"]) => role === "admin" || role === "counsellor";

/** One task: all of them for those who see all, else one assigned to or created by this counsellor. */
export const taskVisibleTo = (member: StaffMember, task: { assigneeStaffId: number; createdByStaffId: number | null }) =>
  canSeeAllTasks(member) ||
  (member.role === "counsellor" && (task.assigneeStaffId === member.staffId || task.createdByStaffId === member.staffId));

/** The reports dashboard: everyone but document verifiers (a counsellor sees figures of their own leads and students). */
export const canSeeReports = (member: StaffMember) => member.role !== "document_verifier";

/** Figures of the whole business, the funnel by counsellor included (admins, read-only staff). */
export const canSeeAllReports = (member: StaffMember) => member.role === "admin" || member.role === "read_only";

/** Keeping the scholarships list (adding, correcting, withdrawing; decision 0025): admins and counsellors. */
export const canManageScholarships = (member: StaffMember) => member.role === "admin" || member.role === "counsellor";

/**
 * Whose documents a member may open and review: document verifiers, admins and read-only staff any
 * student's (read-only staff only open them); a counsellor those of the students they look after.
 */
export const mayReachDocumentsOf = (member: StaffMember, student: { counsellorStaffId: number | null }) =>
  member.role === "document_verifier" || canSeeAllStudents(member) || studentVisibleTo(member, student);

/** Keeping a calendar (working hours, exceptions, meeting link) and holding sessions: counsellors and admins (decision 0036). */
export const canKeepCalendar = (member: StaffMember) => member.role === "admin" || member.role === "counsellor";

/** Seeing every counsellor's calendar (admins, read-only staff); a counsellor sees their own. */
export const canSeeAllCalendars = (member: StaffMember) => member.role === "admin" || member.role === "read_only";

/** Changing another member's working hours and exceptions: admins. */
export const canManageCalendars = (member: StaffMember) => member.role === "admin";

/** One session: all of them for those who see all calendars, else a session held by this member. */
export const sessionVisibleTo = (member: StaffMember, session: { staffId: number }) =>
  canSeeAllCalendars(member) || session.staffId === member.staffId;

/** Recording a session's outcome or giving it its own link: admins, and the counsellor who holds it. */
export const canWorkSession = (member: StaffMember, session: { staffId: number }) =>
  member.role === "admin" || (member.role === "counsellor" && session.staffId === member.staffId);

/** A refusal for staff whose role does not allow the action (a screen should not have offered it). */
export const notAllowed = () => new AppError("forbidden", "You do not have access to this.");

/** Goes on only if the rule allows the member: `authorize(canManageCatalogue, member)`; else the refusal above. */
export function authorize(rule: (member: StaffMember) => boolean, member: StaffMember): void {
  if (!rule(member)) throw notAllowed();
}

/** Keeping the visa guides' figures and words (decision 0040): admins, as with the costs behind rupee amounts. */
export const canEditVisaGuides = (member: StaffMember) => member.role === "admin";

/** Keeping the mock interview question bank, and reviewing students' practices: admins and counsellors. */
export const canCoachVisas = (member: StaffMember) => member.role === "admin" || member.role === "counsellor";
