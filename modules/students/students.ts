import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { type ApplicationStatus, stageOf, type WaitingOn } from "../../vocabulary/applications.ts";
import type { CourseLevel } from "../../vocabulary/catalogue.ts";
import type { EnglishTest } from "../../vocabulary/eligibility.ts";
import { type Gender, type QualificationLevel, qualificationLevels, studentMessages } from "../../vocabulary/students.ts";
import { applicationHistory, checklistsOf, intakeText, studentApplicationRows } from "../applications/applications.ts";
import { countries, courses, universities } from "../catalogue/tables.ts";
import type { StaffDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import type { StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import { comparedCourseIds, mergeComparedCourses, saveComparedCourses } from "./compare-list.ts";
import { profileSchema } from "./input.ts";
import { personalDetails } from "./personal-details.ts";
import {
  activeCounsellors,
  addNote,
  assignCounsellor,
  emailDraft,
  emailStudent,
  eraseStudent,
  getStudentRecord,
  listStudents,
} from "./records.ts";
import { studentInterests, studentNotes, studentQualifications, students } from "./tables.ts";

export { comparedCourseIds, comparedCoursePlaces } from "./compare-list.ts";
export { personalDetails, savedCoursePlaces } from "./personal-details.ts";
export { listStudents, type StudentListRow, type StudentRecord, type TimelineEntry } from "./records.ts";

export interface Qualification {
  qualification: QualificationLevel;
  percentage: number | null;
  cgpa: number | null;
}

export interface Profile {
  studentId: number;
  fullName: string;
  email: string;
  phone: string;
  gender: Gender | null;
  dateOfBirth: string | null;
  passportNo: string | null;
  address: string | null;
  /** Always the four levels, in the spec's order: 10th, 12th, Bachelors, Masters. */
  qualifications: Qualification[];
  /** The English test taken and its overall score (decision 0027): both or neither. */
  englishTest: EnglishTest | null;
  englishScore: number | null;
  /** The GRE General Test's total and the GMAT Focus Edition's (decision 0041). */
  greScore: number | null;
  gmatScore: number | null;
}

export interface SavedCourse {
  courseId: number;
  courseName: string;
  level: CourseLevel;
  universityId: number;
  universityName: string;
  location: string;
  country: string;
}

export interface ApplicationCard {
  id: number;
  status: ApplicationStatus;
  country: string;
  courseId: number;
  course: string;
  university: string;
  /** "September 2027", or null. */
  intake: string | null;
  /** The intake's month (1-12) and year, for a screen that names the month in its own language. */
  intakeMonth: number | null;
  intakeYear: number | null;
  /** What the stage means for the student, what to do next, and whom it waits on. */
  stageLabel: string;
  nextAction: string;
  /** While documents are pending: the checklist's items still missing or to correct, by name (decision 0051). */
  missingDocuments: string[];
  waitingOn: WaitingOn;
  /** The facts staff recorded that concern the student (offer conditions, confirmation number, visa decision). */
  details: Record<string, string>;
  /** The stages it went through, oldest first (staff's notes stay internal). */
  history: { status: ApplicationStatus; at: Date }[];
}

const toNumber = (value: string | null) => (value === null ? null : Number(value));

export async function getProfile(db: Database, studentId: number): Promise<Profile> {
  const [student] = await db.select().from(students).where(eq(students.id, studentId));
  if (!student) throw notFound("Student");
  const marks = await db.select().from(studentQualifications).where(eq(studentQualifications.studentId, studentId));
  return {
    studentId,
    ...personalDetails(student),
    qualifications: qualificationLevels.map((level) => {
      const row = marks.find((m) => m.qualification === level);
      return { qualification: level, percentage: toNumber(row?.percentage ?? null), cgpa: toNumber(row?.cgpa ?? null) };
    }),
    englishTest: student.englishTest,
    englishScore: toNumber(student.englishScore),
    greScore: student.greScore,
    gmatScore: student.gmatScore,
  };
}

/** Writes the student's own record; the id comes from the session, and email and password are never touched. */
export async function updateProfile(db: Database, studentId: number, raw: unknown): Promise<Profile> {
  const input = parseInput(profileSchema, raw, studentMessages.noChanges);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(students)
      .set({
        fullName: input.name1,
        phone: input.phone,
        gender: input.gender ?? null,
        dateOfBirth: input.dob ?? null,
        passportNo: input.passport_no ?? null,
        address: input.address ?? null,
        englishTest: input.english_test ?? null,
        englishScore: input.english_score === undefined ? null : String(input.english_score),
        greScore: input.gre_score ?? null,
        gmatScore: input.gmat_score ?? null,
        updatedAt: new Date(),
      })
      .where(eq(students.id, studentId))
      .returning({ id: students.id });
    if (updated.length === 0) throw notFound("Student");
    for (const q of input.qualifications) {
      const values = {
        percentage: q.percentage === undefined ? null : String(q.percentage),
        cgpa: q.cgpa === undefined ? null : String(q.cgpa),
      };
      await tx
        .insert(studentQualifications)
        .values({ studentId, qualification: q.qualification, ...values })
        .onConflictDoUpdate({ target: [studentQualifications.studentId, studentQualifications.qualification], set: values });
    }
  });
  return getProfile(db, studentId);
}

/** Adds a course to the student's interests; adding it again changes nothing. */
export async function addInterest(db: Database, studentId: number, courseId: number): Promise<void> {
  // A retired course (or one of a retired university) cannot be saved any more.
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(and(eq(courses.id, courseId), isNull(courses.retiredAt), isNull(universities.retiredAt)));
  if (!course) throw notFound("Course");
  await db.insert(studentInterests).values({ studentId, courseId }).onConflictDoNothing();
}

export async function removeInterest(db: Database, studentId: number, courseId: number): Promise<void> {
  await db
    .delete(studentInterests)
    .where(and(eq(studentInterests.studentId, studentId), eq(studentInterests.courseId, courseId)));
}

export async function isInterested(db: Database, studentId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ courseId: studentInterests.courseId })
    .from(studentInterests)
    .where(and(eq(studentInterests.studentId, studentId), eq(studentInterests.courseId, courseId)));
  return Boolean(row);
}

export async function listSavedCourses(db: Database, studentId: number): Promise<SavedCourse[]> {
  return db
    .select({
      courseId: courses.id,
      courseName: courses.name,
      level: courses.level,
      universityId: universities.id,
      universityName: universities.name,
      location: universities.city,
      country: countries.name,
    })
    .from(studentInterests)
    .innerJoin(courses, eq(courses.id, studentInterests.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(eq(studentInterests.studentId, studentId))
    .orderBy(desc(studentInterests.createdAt), asc(courses.id));
}

/** The student's applications, newest first, with each stage's meaning and history; read only for students. */
export async function listApplications(db: Database, studentId: number): Promise<ApplicationCard[]> {
  const rows = await studentApplicationRows(db, studentId, "newest");
  const events = await applicationHistory(
    db,
    rows.map((r) => r.id),
  );
  // The card names what is missing rather than "the missing documents" (decision 0051).
  const missing = new Map<number, string[]>();
  const pending = rows.filter((r) => r.status === "Documents pending");
  const checklists = await checklistsOf(
    { db },
    pending.map((row) => ({ id: row.id, studentId, courseId: row.courseId })),
  );
  for (const row of pending) {
    const checklist = checklists.get(row.id) ?? [];
    missing.set(
      row.id,
      checklist.filter((entry) => entry.state === "Missing" || entry.state === "Correction requested").map((entry) => entry.item),
    );
  }
  return rows.map(({ intakeMonth, intakeYear, createdAt: _, ...row }) => {
    const stage = stageOf(row.status);
    return {
      ...row,
      intakeMonth,
      intakeYear,
      intake: intakeText(intakeMonth, intakeYear),
      stageLabel: stage.studentLabel,
      nextAction: stage.nextAction,
      missingDocuments: missing.get(row.id) ?? [],
      waitingOn: stage.waitingOn,
      history: events.filter((e) => e.applicationId === row.id).map(({ to, at }) => ({ status: to, at })),
    };
  });
}

export function createStudentService(db: Database) {
  return {
    getProfile: (studentId: number) => getProfile(db, studentId),
    updateProfile: (studentId: number, raw: unknown) => updateProfile(db, studentId, raw),
    addInterest: (studentId: number, courseId: number) => addInterest(db, studentId, courseId),
    removeInterest: (studentId: number, courseId: number) => removeInterest(db, studentId, courseId),
    isInterested: (studentId: number, courseId: number) => isInterested(db, studentId, courseId),
    listSavedCourses: (studentId: number) => listSavedCourses(db, studentId),
    listApplications: (studentId: number) => listApplications(db, studentId),
    /** The courses a signed-in student compares, in the order added (decision 0043). */
    comparedCourses: (studentId: number) => comparedCourseIds(db, studentId),
    saveComparedCourses: (studentId: number, ids: readonly number[]) => saveComparedCourses(db, studentId, ids),
    /** At sign-in: the visitor's comparison joins the account's; returns the list and what did not fit. */
    mergeComparedCourses: (studentId: number, visitorIds: readonly number[]) => mergeComparedCourses(db, studentId, visitorIds),
  };
}

export type StudentService = ReturnType<typeof createStudentService>;

/** Students' records as staff keep them (decision 0031): the list, the record, notes, e-mails, the counsellor, erasure. */
export const studentsConsole = (deps: StaffDeps) => ({
  list: (actor: StaffMember, filters: unknown) => listStudents(deps, actor, filters),
  get: (actor: StaffMember, id: number) => getStudentRecord(deps, actor, id),
  addNote: (actor: StaffMember, studentId: number, raw: unknown) => addNote(deps, actor, studentId, raw),
  emailDraft,
  emailStudent: (actor: StaffMember, studentId: number, raw: unknown) => emailStudent(deps, actor, studentId, raw),
  assignCounsellor: (actor: StaffMember, studentId: number, raw: unknown) => assignCounsellor(deps, actor, studentId, raw),
  /** Erases a student on a request that came by mail (admins); audited (decision 0024). */
  erase: (actor: StaffMember, studentId: number, raw: unknown) => eraseStudent(deps, actor, studentId, raw),
  activeCounsellors: () => activeCounsellors(deps),
});

// ---- A student's rows as other modules write them, each in the caller's transaction (decision 0052) ----

/** A new account (the identity module's sign-up, the demo student). */
export async function insertStudent(tx: Pick<Database, "insert">, values: typeof students.$inferInsert) {
  const [created] = await tx.insert(students).values(values).returning();
  if (!created) throw new Error("insert returned no row");
  return created;
}

/** A new password (a reset); the student's id, e-mail and name to tell them, or undefined when gone. */
export async function setStudentPassword(tx: Pick<Database, "update">, studentId: number, passwordHash: string, now: Date) {
  const [student] = await tx
    .update(students)
    .set({ passwordHash, updatedAt: now })
    .where(eq(students.id, studentId))
    .returning({ id: students.id, email: students.email, fullName: students.fullName });
  return student;
}

/** The counsellor who follows the student from now on. */
export async function setStudentCounsellor(tx: Pick<Database, "update">, studentId: number, counsellorStaffId: number) {
  await tx.update(students).set({ counsellorStaffId }).where(eq(students.id, studentId));
}

/** The contact choices in force and the consent wording's version; false when there is no such student. */
export async function setStudentConsent(
  tx: Pick<Database, "update">,
  studentId: number,
  choices: Pick<typeof students.$inferInsert, "preferredContact" | "newsAndOffers">,
  consentVersion: string,
  now: Date,
): Promise<boolean> {
  const updated = await tx
    .update(students)
    .set({ ...choices, consentVersion, consentedAt: now, updatedAt: now })
    .where(eq(students.id, studentId))
    .returning({ id: students.id });
  return updated.length > 0;
}

/** A note on the student's record by a staff member (a session's outcome). */
export async function addStudentNote(tx: Pick<Database, "insert">, note: typeof studentNotes.$inferInsert): Promise<void> {
  await tx.insert(studentNotes).values(note);
}

/** The student's row, and by cascade what hangs on it (the privacy module's erasure). */
export async function deleteStudentRow(tx: Pick<Database, "delete">, studentId: number): Promise<void> {
  await tx.delete(students).where(eq(students.id, studentId));
}

/**
 * The student's counsellor; with none, the one `assign` gives (the lead assignment rule), recorded as
 * theirs: in the caller's transaction (an application the student started, decision 0055).
 */
export async function counsellorOrAssigned(
  tx: Pick<Database, "select" | "update">,
  studentId: number,
  assign: () => Promise<number | null>,
): Promise<number | null> {
  const [student] = await tx
    .select({ counsellorStaffId: students.counsellorStaffId })
    .from(students)
    .where(eq(students.id, studentId));
  if (!student) return null;
  if (student.counsellorStaffId) return student.counsellorStaffId;
  const counsellor = await assign();
  if (counsellor) await tx.update(students).set({ counsellorStaffId: counsellor }).where(eq(students.id, studentId));
  return counsellor;
}
