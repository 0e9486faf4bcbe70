import { randomBytes } from "node:crypto";
import { upcomingIntakes } from "../../modules/intakes.ts";
import type { Database } from "../../platform/db/client.ts";
import type { Answer, ApiClient } from "./api-client.ts";
import { cookiesNamed } from "./api-client.ts";

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
    yearOfStudy: "2026",
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
