import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import { courses } from "../../modules/catalogue/tables.ts";
import { upcomingIntakes } from "../../modules/intakes.ts";
import type { Database } from "../../platform/db/client.ts";
import { type ApplicationStatus, stageOf } from "../../vocabulary/applications.ts";
import type { Answer, ApiClient } from "./api-client.ts";
import { cookiesNamed } from "./api-client.ts";
import { waiveOutstandingItems } from "./checklist.ts";

/** A student who signed up through the API, with the session that sign-up gave them. */
export interface Student {
  name: string;
  email: string;
  /** As typed at sign-up; the site stores it with +91. */
  phone: string;
  password: string;
  studentId: number;
  /** "ignite_session=...", ready for a Cookie header. */
  cookie: string;
  /** The session token alone (the cookie's value). */
  sessionToken: string;
}

export interface StudentDetails {
  name?: string;
  email?: string;
  phone?: string;
  password?: string;
  /** The client address the sign-up comes from; a fresh one unless given. */
  ip?: string;
}

let made = 0;

/** An e-mail address no other test uses: `ananya.menon.7.3fa9c1@example.in`. */
export function uniqueEmail(name = "student"): string {
  made += 1;
  const local =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ".")
      .replace(/^\.|\.$/g, "") || "student";
  return `${local}.${made}.${randomBytes(3).toString("hex")}@example.in`;
}

/** Signs a new student up through POST /api/v1/auth/signup; throws when the site refuses. */
export async function createStudent(api: ApiClient, details: StudentDetails = {}): Promise<Student> {
  const name = details.name ?? "Ananya Menon";
  const student = {
    name,
    email: details.email ?? uniqueEmail(name),
    phone: details.phone ?? "9876543210",
    password: details.password ?? `pw-${randomBytes(4).toString("hex")}-Secret-1`,
  };
  const answer = await api.post(
    "/api/v1/auth/signup",
    {
      name1: student.name,
      email: student.email,
      phone: student.phone,
      password: student.password,
      confirmPassword: student.password,
    },
    { ip: details.ip },
  );
  const [session] = cookiesNamed(answer, "ignite_session");
  if (answer.status !== 200 || !session) throw new Error(`sign-up refused (${answer.status}): ${answer.text}`);
  return { ...student, studentId: answer.body.student_id, cookie: session.pair, sessionToken: session.value };
}

/** A complete, valid free-consultation booking, in the API's field names. */
export function bookingDetails(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: "Ananya",
    lastName: "Menon",
    phoneNumber: "98765 43210",
    email: uniqueEmail("booking"),
    studyDestination: "Germany",
    typeOfStudy: "Postgraduate",
    // This year, from the clock: the form offers this year and the next three (decision 0035).
    yearOfStudy: String(new Date().getUTCFullYear()),
    preferredSubject: "Computer Science",
    state: "Kerala",
    qualification: "B.Tech",
    ...overrides,
  };
}

/** Books a free consultation through POST /api/v1/consultations: a valid booking unless told otherwise. */
export function createBooking(
  api: ApiClient,
  overrides: Record<string, unknown> = {},
  options: { ip?: string } = {},
): Promise<Answer> {
  return api.post("/api/v1/consultations", bookingDetails(overrides), options);
}

/** A file as a browser puts it in a form. */
export interface FileToSend {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

/** A multipart form: text fields as they are, files with their names. */
export function documentForm(fields: Record<string, string | FileToSend>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(key, value);
    else
      form.append(
        key,
        new File([new Uint8Array(value.bytes)], value.name, { type: value.type ?? "application/octet-stream" }),
        value.name,
      );
  }
  return form;
}

/** Uploads one document of a student's (a visitor's without one) through POST /api/v1/students/me/files. */
export function uploadDocument(
  api: ApiClient,
  student: { cookie: string } | undefined,
  attachmentType: string,
  file: FileToSend,
): Promise<Response> {
  return api.fetch("/api/v1/students/me/files", {
    form: documentForm({ attachment_type: attachmentType, file }),
    cookie: student?.cookie ?? "",
  });
}

/**
 * A course's next intake that a counsellor may apply to (decision 0019): its first upcoming one in the
 * catalogue (the demo's courses have some: decision 0030), else September next year (any month goes).
 */
export async function applicableIntake(db: Database, courseId: number): Promise<{ intakeMonth: number; intakeYear: number }> {
  const [next] = (await upcomingIntakes(db, [courseId], new Date())).get(courseId) ?? [];
  return next
    ? { intakeMonth: next.month, intakeYear: next.year }
    : { intakeMonth: 9, intakeYear: new Date().getUTCFullYear() + 1 };
}

/** A staff member acting: their cookie pair ("ignite_staff=..."), as the staff team gives it, and their id when known. */
type Staff = { cookie: string; staffId?: number };

/** Throws with the answer's text unless it has the status a factory expects. */
function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) throw new Error(`${what} refused (${answer.status}): ${answer.text}`);
  return answer;
}

/** A lead: a booking made through the API; with `assignTo`, an admin then gives it to that staff member. */
export interface Lead {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Books a free consultation (a lead in the console's inbox) and answers its id and who booked it.
 * Round-robin picks its counsellor; `assignTo` with an admin's `by` gives it to someone instead.
 */
export async function createLead(
  api: ApiClient,
  overrides: Record<string, unknown> = {},
  options: { ip?: string; assignTo?: { staffId: number }; by?: Staff } = {},
): Promise<Lead> {
  const details = bookingDetails(overrides);
  const answer = expectStatus(await createBooking(api, details, { ip: options.ip }), 200, "booking");
  const id = answer.body.data.id as number;
  if (options.assignTo) {
    if (!options.by) throw new Error("createLead: assigning a lead needs an admin (by)");
    const assignment = { leadIds: [id], staffId: options.assignTo.staffId };
    const assigned = await api.post("/api/v1/staff/leads/assign", assignment, { cookie: options.by.cookie });
    expectStatus(assigned, 200, "assignment");
  }
  return { id, firstName: String(details.firstName), lastName: String(details.lastName), email: String(details.email) };
}

/** A university an admin added through the console: in `countryId`, or the demo's Germany. */
export async function createUniversity(
  api: ApiClient,
  admin: Staff,
  details: { countryId?: number; name?: string; city?: string; type?: "Public" | "Private" } = {},
): Promise<{ id: number; name: string; image: string; countryId: number }> {
  let countryId = details.countryId;
  if (countryId === undefined) {
    const listed = await api.get("/api/v1/staff/catalogue/countries", { cookie: admin.cookie });
    const germany = (listed.body.data as { id: number; name: string }[]).find((c) => c.name === "Germany");
    if (!germany) throw new Error("createUniversity: the demo catalogue has no Germany");
    countryId = germany.id;
  }
  const name = details.name ?? `Test University ${uniqueEmail("u").split("@")[0]}`;
  const answer = await api.post(
    "/api/v1/staff/catalogue/universities",
    { name, city: details.city ?? "Tromsø", countryId, type: details.type ?? "Public" },
    { cookie: admin.cookie },
  );
  expectStatus(answer, 201, "university");
  return { ...(answer.body.data as { id: number; name: string; image: string }), countryId };
}

/** A complete, valid course form, in the console's field names. */
export function courseDetails(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Glaciology and Polar Oceanography",
    level: "Masters",
    durationMonths: 24,
    feeAmount: 31000,
    feeCurrency: "CAD",
    feePeriod: "year",
    mode: "Full-time",
    englishExamWaiver: false,
    mediumOfInstruction: "English",
    feeSource: "University website",
    feeCheckedOn: `${new Date().getUTCFullYear()}-01-02`,
    ...overrides,
  };
}

/**
 * A course an admin added through the console (public and searchable at once), with no intakes: an
 * application to it may name any month (decision 0019). In `universityId`, or a new university.
 */
export async function createCourse(
  api: ApiClient,
  admin: Staff,
  overrides: Record<string, unknown> & { universityId?: number } = {},
): Promise<{ id: number; name: string; universityId: number }> {
  const { universityId: given, ...fields } = overrides;
  const universityId = given ?? (await createUniversity(api, admin)).id;
  const answer = await api.post(`/api/v1/staff/catalogue/universities/${universityId}/courses`, courseDetails(fields), {
    cookie: admin.cookie,
  });
  expectStatus(answer, 201, "course");
  return { ...(answer.body.data as { id: number; name: string }), universityId };
}

/** The intake an application names when the course has none: September next year. */
export const nextSeptember = () => ({ intakeMonth: 9, intakeYear: new Date().getUTCFullYear() + 1 });

/**
 * An application made in the console by a staff member who may (the student's counsellor or an admin),
 * then moved through `moves` in order (each a stage, with its required details): answers it as the
 * console shows it after the last move.
 */
export async function createApplication(
  api: ApiClient,
  by: Staff,
  student: { studentId: number },
  courseId: number,
  options: {
    intake?: Record<string, unknown>;
    moves?: (string | { status: string; note?: string; details?: Record<string, string> })[];
  } = {},
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked field by field.
): Promise<any> {
  const answer = await api.post(
    `/api/v1/staff/students/${student.studentId}/applications`,
    { courseId, ...(options.intake ?? nextSeptember()) },
    { cookie: by.cookie },
  );
  let application = expectStatus(answer, 201, "application").body.data;
  for (const step of options.moves ?? []) {
    // A submission names its day and the university's reference (decision 0058).
    const move =
      typeof step !== "string"
        ? step
        : step === "Submitted"
          ? { status: step, details: { submittedOn: "2026-01-05", universityReference: "UNI-REF-1001" } }
          : { status: step };
    // A stage that tells the student their documents are complete needs them so (decision 0035): the
    // factory waives what is outstanding, with a reason, as a counsellor would for a university needing none.
    if (stageOf(move.status as ApplicationStatus).documentsComplete) await waiveOutstandingItems(api, application.id, by.cookie);
    const moved = await api.post(`/api/v1/staff/applications/${application.id}/moves`, move, { cookie: by.cookie });
    application = expectStatus(moved, 200, `move to ${move.status}`).body.data;
  }
  return application;
}

/** A task made through the console: due today (India time) unless told, for whoever makes it unless told. */
export async function createTask(
  api: ApiClient,
  by: Staff,
  details: {
    title?: string;
    dueOn?: string;
    assigneeStaffId?: number | string;
    leadId?: number;
    studentId?: number;
  } = {},
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked field by field.
): Promise<any> {
  const dueOn = details.dueOn ?? new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const assigneeStaffId = details.assigneeStaffId ?? by.staffId;
  const task = { title: "Call about IELTS", ...details, dueOn, assigneeStaffId };
  const answer = await api.post("/api/v1/staff/tasks", task, { cookie: by.cookie });
  return expectStatus(answer, 200, "task").body.data;
}

/**
 * A course that asks nothing beyond the spec's required documents (decision 0057): no further letters,
 * no SOP word limit, portfolio, writing sample, score reports or fee. For tests about the stage model
 * whose checklists name only the spec's documents and the country's rules; the demo catalogue's courses
 * carry illustrative packages.
 */
export async function askOnlyTheSpecDocuments(db: Database, courseIds: number[]): Promise<void> {
  await db
    .update(courses)
    .set({
      lettersRequired: 1,
      sopRequired: false,
      sopWordLimit: null,
      portfolioRequired: false,
      writingSampleRequired: false,
      englishTestAsked: false,
      admissionsTestAsked: false,
      applicationFeeAmount: null,
      applicationFeeCurrency: null,
    })
    .where(inArray(courses.id, courseIds));
}
