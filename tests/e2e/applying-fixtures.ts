import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { ADMIN } from "./staff-fixtures.ts";

/** Next year: the intakes the browser tests apply to start then, whatever day they run. */
export const next = new Date().getUTCFullYear() + 1;

/** A day as the student reads it: "30 June 2027". */
export const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** A UK master's with a package: two letters, an SOP of at most 1,000 words, the English test, a GBP 60 fee. */
export async function courseToApplyTo(admin: APIRequestContext): Promise<{ id: number; name: string }> {
  const signedIn = await admin.post("/api/v1/staff/session", { data: ADMIN });
  expect(signedIn.status()).toBe(200);
  const universities = await (await admin.get("/api/catalogue/United%20Kingdom/universities?page=1")).json();
  const universityId = universities.data[0].uni_id as number;
  const name = `MSc Sustainable Energy Systems ${Date.now() % 100_000}`;
  const created = await admin.post(`/api/v1/staff/catalogue/universities/${universityId}/courses`, {
    data: {
      name,
      level: "Masters",
      durationMonths: 12,
      feeAmount: 29500,
      feeCurrency: "GBP",
      feePeriod: "year",
      mode: "Full-time",
      englishExamWaiver: false,
      mediumOfInstruction: "English",
      lettersRequired: 2,
      sopRequired: true,
      sopWordLimit: 1000,
      englishTestAsked: true,
      applicationFeeAmount: 60,
      applicationFeeCurrency: "GBP",
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
