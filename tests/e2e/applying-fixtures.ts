import type { APIRequestContext, Page } from "@playwright/test";
import { expect, httpClient, loggedInStudent, test } from "./fixtures.ts";
import { ADMIN } from "./staff-fixtures.ts";

/** Next year: the intakes the browser tests apply to start then, whatever day they run. */
export const next = new Date().getUTCFullYear() + 1;

/** A day as the student reads it: "30 June 2027". */
export const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The day the courses' application fee was checked (India's day, 40 days ago): the student reads "checked on ... (40 days ago)". */
export const feeCheckedOn = new Date(Date.now() + 330 * 60_000 - 40 * 86_400_000).toISOString().slice(0, 10);

/**
 * A master's with a package (in the UK unless told): two letters, an SOP of at most 1,000 words, the English
 * test, a fee of 60 read on the university's website 40 days ago (`feeCheckedOn`); its deadlines name no
 * source, so they read "not checked" (decision 0105).
 */
export async function courseToApplyTo(
  admin: APIRequestContext,
  where: { country: string; currency: string } = { country: "United Kingdom", currency: "GBP" },
): Promise<{ id: number; name: string }> {
  const signedIn = await admin.post("/api/v1/staff/session", { data: ADMIN });
  expect(signedIn.status()).toBe(200);
  const universities = await (await admin.get(`/api/catalogue/${encodeURIComponent(where.country)}/universities?page=1`)).json();
  const universityId = universities.data[0].uni_id as number;
  const name = `MSc Sustainable Energy Systems ${Date.now() % 100_000}`;
  const created = await admin.post(`/api/v1/staff/catalogue/universities/${universityId}/courses`, {
    data: {
      name,
      level: "Masters",
      durationMonths: 12,
      feeAmount: 29500,
      feeCurrency: where.currency,
      feePeriod: "year",
      mode: "Full-time",
      englishExamWaiver: false,
      mediumOfInstruction: "English",
      lettersRequired: 2,
      sopRequired: true,
      sopWordLimit: 1000,
      englishTestAsked: true,
      applicationFeeAmount: 60,
      applicationFeeCurrency: where.currency,
      applicationFeeSource: "University website",
      applicationFeeCheckedOn: feeCheckedOn,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as number;
  for (const intake of [
    { month: 9, year: next, deadline: `${next}-06-30` },
    { month: 1, year: next + 1, deadline: `${next}-10-31` },
  ]) {
    const added = await admin.post(`/api/v1/staff/catalogue/courses/${id}/intakes`, { data: intake });
    expect(added.status(), await added.text()).toBe(201);
  }
  return { id, name };
}

/** The student logged in on `student` applies to the course for September next year, through the JSON API; the application's id. */
export async function appliedTo(student: APIRequestContext, courseId: number, origin: string): Promise<number> {
  const started = await student.post("/api/v1/students/me/applications", {
    headers: { Origin: origin },
    data: { courseId, intake: `${next}-09` },
  });
  expect(started.status(), await started.text()).toBe(201);
  return (await started.json()).data.id as number;
}

/**
 * A student logged in on `page` as `name` who has applied to a new course (`courseToApplyTo`, made by `admin`
 * when given, else by a client of its own closed after): the course, the application's id, the site's origin
 * (for the posts' Origin header) and the student.
 */
export async function applicant(
  page: Page,
  name: string,
  options: { admin?: APIRequestContext; where?: { country: string; currency: string } } = {},
) {
  const admin = options.admin ?? (await httpClient());
  const course = await courseToApplyTo(admin, options.where);
  if (!options.admin) await admin.dispose();
  const student = await loggedInStudent(page, { name });
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const id = await appliedTo(page.request, course.id, origin);
  return { course, id, origin, student };
}

/** A new master's at one of the universities the catalogue lists for `countrySlug`, made by the signed-in admin. */
export async function newCourse(
  admin: APIRequestContext,
  course: {
    countrySlug: string;
    name: string;
    feeAmount: number;
    currency: string;
    universityIndex?: number;
    /** "Full-time" unless told, for 12 months. */
    mode?: "Full-time" | "Part-time" | "Online";
    durationMonths?: number;
  },
): Promise<{ id: number; name: string }> {
  const universities = await (await admin.get(`/api/catalogue/${course.countrySlug}/universities?page=1`)).json();
  const universityId = universities.data[course.universityIndex ?? 0].uni_id as number;
  const created = await admin.post(`/api/v1/staff/catalogue/universities/${universityId}/courses`, {
    data: {
      name: `${course.name} ${Date.now() % 100_000}`,
      level: "Masters",
      durationMonths: course.durationMonths ?? 12,
      feeAmount: course.feeAmount,
      feeCurrency: course.currency,
      feePeriod: "year",
      mode: course.mode ?? "Full-time",
      englishExamWaiver: false,
      mediumOfInstruction: "English",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, name } = (await created.json()).data;
  return { id: id as number, name: name as string };
}

/** The moves that take a new application to "Submitted", with the day and the university's reference. */
export const toSubmitted = (universityReference: string, submittedOn = `${next - 1}-11-02`) => [
  { status: "Ready to submit" },
  { status: "Submitted", details: { submittedOn, universityReference } },
];

/**
 * The signed-in admin opens the student's application to the course for September next year, waives its
 * package ("not asked for by this university") and makes the moves given; the application's id.
 */
export async function applicationMovedOn(
  admin: APIRequestContext,
  studentId: number,
  courseId: number,
  moves: { status: string; details?: Record<string, string> }[],
): Promise<number> {
  const applied = await admin.post(`/api/v1/staff/students/${studentId}/applications`, {
    data: { courseId, intakeMonth: 9, intakeYear: next },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const application = (await applied.json()).data as { id: number; checklist: { item: string; state: string }[] };
  for (const entry of application.checklist.filter((e) => e.state !== "Approved" && e.state !== "Waived")) {
    const waived = await admin.post(`/api/v1/staff/applications/${application.id}/waivers`, {
      data: { item: entry.item, reason: "Not asked for by this university" },
    });
    expect(waived.status(), await waived.text()).toBe(200);
  }
  for (const move of moves) {
    const moved = await admin.post(`/api/v1/staff/applications/${application.id}/moves`, { data: move });
    expect(moved.status(), `${move.status}: ${await moved.text()}`).toBe(200);
  }
  return application.id;
}
