import type { AppLoadContext } from "react-router";
import { redirect } from "react-router";
import type { StaffMember } from "../../../../modules/policies.ts";
import { applicationMessages } from "../../../../vocabulary/applications.ts";
import { messageMessages } from "../../../../vocabulary/messages.ts";
import { recordMessages } from "../../../../vocabulary/records.ts";

/**
 * Each section's own action on a student's record (app/routes/staff/student.tsx picks one by the
 * form's intent). They throw the domain's refusals; the screen's action turns them into answers.
 */
export type SectionArgs = {
  context: AppLoadContext;
  member: StaffMember;
  studentId: number;
  values: Record<string, string>;
};

/** "Counsellor who looks after this student" (admins). */
export async function counsellorAction({ context, member, studentId, values }: SectionArgs) {
  const counsellor = await context.staff.students.assignCounsellor(member, studentId, values);
  return { ok: true as const, intent: "counsellor", message: recordMessages.counsellorChanged(counsellor.fullName) };
}

/** "New application": a course (and its intake) for this student. */
export async function applicationAction({ context, member, studentId, values }: SectionArgs) {
  const created = await context.staff.applications.create(member, studentId, values);
  return { ok: true as const, intent: "application", message: applicationMessages.created, applicationId: created.id };
}

/** "Internal note": staff only. */
export async function noteAction({ context, member, studentId, values }: SectionArgs) {
  await context.staff.students.addNote(member, studentId, values);
  return { ok: true as const, intent: "note", message: recordMessages.noteAdded };
}

/** "E-mail the student", from a template. */
export async function emailAction({ context, member, studentId, values }: SectionArgs) {
  const sent = await context.staff.students.emailStudent(member, studentId, values);
  return { ok: true as const, intent: "email", message: recordMessages.emailed(sent.email) };
}

/** "Conversation": write to the student (their counsellor, or an admin); audited, mailed once a quiet period. */
export async function messageAction({ context, member, studentId, values }: SectionArgs) {
  await context.staff.messages.write(member, studentId, values);
  return { ok: true as const, intent: "message", message: messageMessages.sent };
}

/** An admin's erasure on request: the record no longer exists, so back to the list, told there. */
export async function eraseAction({ context, member, studentId, values }: SectionArgs): Promise<never> {
  await context.staff.students.erase(member, studentId, values);
  throw redirect(`/staff/students?erased=${studentId}`);
}
