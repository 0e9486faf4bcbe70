import { Hono } from "hono";
import { z } from "zod";
import type { CatalogueService } from "../../modules/catalogue/catalogue.ts";
import { describeRequirements, type Eligibility, judgeEligibility } from "../../modules/eligibility.ts";
import { parseId } from "../../modules/ids.ts";
import type { StudentService } from "../../modules/students/students.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import { answer, component, dataOf, describe, failures, idParam, ref } from "./openapi-parts.ts";

/** A course's entry requirements against the logged-in student's marks (decision 0027). */

const eligibilitySchema = component(
  "Eligibility",
  z.object({
    courseId: z.int(),
    requirements: z.object({
      minPercentage: z
        .number()
        .nullable()
        .meta({ description: "In the qualification before the level (12th; the bachelor's; the master's)" }),
      minCgpa: z.number().nullable().meta({ description: "10-point scale; either it or the percentage suffices" }),
      minIelts: z.number().nullable(),
      minToefl: z.int().nullable(),
      minPte: z.int().nullable(),
      minDuolingo: z.int().nullable().meta({ description: "Duolingo English Test, 10 to 160" }),
      minGre: z.int().nullable().meta({ description: "GRE General Test total, 260 to 340 (decision 0041)" }),
      minGmat: z.int().nullable().meta({ description: "GMAT Focus Edition total, 205 to 805; either it or the GRE suffices" }),
    }),
    described: z.array(z.string()).meta({ examples: [["75% in 12th", "IELTS 6.5 or TOEFL iBT 90"]] }),
    status: z.enum(["meets", "waiver", "missing", "no-marks", "no-requirements"]).meta({
      description:
        "no-marks: the profile has no marks, English, GRE nor GMAT score to judge by; waiver: every requirement met but English, which the course may waive (only the university decides; decision 0035)",
    }),
    checks: z.array(
      z.object({
        kind: z.enum(["marks", "english", "admissions"]).meta({ description: "admissions: the GRE or GMAT minimum" }),
        outcome: z.enum(["met", "short", "unknown", "waivable"]).meta({
          description:
            "unknown: the profile lacks the mark; waivable: the English score is below, missing or of another test, and the course may waive the test",
        }),
        text: z.string().meta({ examples: ["Needs 75% in 12th; you have 72%"] }),
      }),
    ),
  }),
);

const presentEligibility = (
  courseId: number,
  course: Parameters<typeof judgeEligibility>[0],
  eligibility: Eligibility,
): z.infer<typeof eligibilitySchema> => ({
  courseId,
  requirements: course.requirements,
  described: describeRequirements(course.level, course.requirements, course.englishExamWaiver),
  status: eligibility.status,
  checks: eligibility.checks.map((c) => ({ kind: c.kind, outcome: c.outcome, text: c.text })),
});

export function eligibilityApi(catalogue: CatalogueService, students: StudentService) {
  const api = new Hono<ServerEnv>();
  api.get(
    "/courses/:courseId/eligibility",
    describe({
      operationId: "getCourseEligibility",
      summary:
        "A course's entry requirements against the logged-in student's marks and English test: whether they meet them, or what is missing with the numbers (decision 0027)",
      student: true,
      parameters: [idParam("courseId")],
      responses: { 200: answer("The requirements and the verdict", dataOf(ref("Eligibility"))), ...failures(404) },
    }),
    requireStudent,
    async (c) => {
      const course = await catalogue.getCourse(parseId(c.req.param("courseId"), "Course"));
      const profile = await students.getProfile(c.var.student.studentId);
      return c.json({ data: presentEligibility(course.id, course, judgeEligibility(course, profile)) });
    },
  );
  return api;
}
