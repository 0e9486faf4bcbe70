import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { expect, httpClient } from "./fixtures.ts";
import { ADMIN } from "./staff-fixtures.ts";

/** An application of the student logged in on `page`, to a course in `country`, moved by the admin to "Confirmation issued". */
export async function papersArrived(
  page: Page,
  country: string,
  term: string,
): Promise<{ admin: APIRequestContext; applicationId: number }> {
  const me = await page.request.get("/api/v1/students/me");
  const studentId = (await me.json()).data.student_id as number;
  const admin = await httpClient();
  expect((await admin.post("/api/v1/staff/session", { data: ADMIN })).status()).toBe(200);
  // A course there and one of its intakes: the application is made for the first month the course takes.
  const found = await (await admin.get(`/api/catalogue/search/${term}?country=${country}`)).json();
  const candidates: { course_id: number }[] = found.coursesData.filter(
    (c: { country_slug: string }) => c.country_slug === country,
  );
  expect(candidates.length, `a ${term} course in ${country}`).toBeGreaterThan(0);
  const now = new Date();
  let created: APIResponse | undefined;
  search: for (const course of candidates.slice(0, 3)) {
    for (const month of [9, 8, 1, 10, 2, 7, 3, 4, 5, 6, 11, 12]) {
      const year = now.getUTCMonth() + 1 < month ? now.getUTCFullYear() : now.getUTCFullYear() + 1;
      created = await admin.post(`/api/v1/staff/students/${studentId}/applications`, {
        data: { courseId: course.course_id, intakeMonth: month, intakeYear: year },
      });
      if (created.status() === 201) break search;
    }
  }
  expect(created?.status(), await created?.text()).toBe(201);
  if (!created) throw new Error("no application");
  const application = (await created.json()).data;
  for (const entry of application.checklist as { item: string }[]) {
    const waived = await admin.post(`/api/v1/staff/applications/${application.id}/waivers`, {
      data: { item: entry.item, reason: "Not asked for by this university" },
    });
    expect(waived.status()).toBe(200);
  }
  const moves = [
    { status: "Ready to submit" },
    { status: "Submitted", details: { submittedOn: "2026-01-05", universityReference: "UNI-E2E-1001" } },
    { status: "Unconditional offer" },
    { status: "Offer accepted" },
    {
      status: "Confirmation issued",
      details: { confirmationKind: country === "united-states" ? "I-20" : "CAS", confirmationNumber: "N0012345678" },
    },
  ];
  for (const move of moves) {
    const moved = await admin.post(`/api/v1/staff/applications/${application.id}/moves`, { data: move });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return { admin, applicationId: application.id };
}
