import type { APIRequestContext } from "@playwright/test";
import { expect, uniqueEmail } from "./fixtures.ts";
import { readMailTo } from "./mail.ts";

/**
 * The student logged in on `student` invites a recommender for an application through the JSON API; the
 * invitation's id and the path of the recommender's page, read from the mail (decision 0075).
 */
export async function invitedRecommender(
  student: APIRequestContext,
  applicationId: number,
  origin: string,
  waiver: "waive" | "keep" = "keep",
): Promise<{ id: number; linkPath: string }> {
  const email = uniqueEmail("recommender");
  const after = Date.now();
  const answer = await student.post("/api/v1/students/me/letters", {
    headers: { Origin: origin },
    data: {
      fullName: "Dr. Meera Iyer",
      email,
      role: "Associate Professor",
      institution: "IIT Madras",
      relation: "Teacher or professor",
      applicationIds: [applicationId],
      waiver,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const mail = await readMailTo(email, /asks you for a recommendation letter/, after);
  const linkPath = mail.match(/https?:\/\/\S+?(\/letters\/[A-Za-z0-9_-]+)/)?.[1] ?? "";
  expect(linkPath).toMatch(/^\/letters\//);
  return { id: (await answer.json()).data.id as number, linkPath };
}
