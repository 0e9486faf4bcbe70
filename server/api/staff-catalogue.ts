import { Hono } from "hono";
import { z } from "zod";
import { parseId } from "../../modules/catalogue/inputs.ts";
import type { StaffService } from "../../modules/staff/staff.ts";
import { parseInput } from "../../modules/validation.ts";
import { catalogueAdminMessages, courseLevels, courseModes, feePeriods, universityTypes } from "../../vocabulary/catalogue.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff } from "../guards.ts";
import { readJson } from "./read-json.ts";

/** A university as the console's catalogue shows it (retired ones too). */
export const catalogueUniversitySchema = z.object({
  id: z.int(),
  name: z.string(),
  city: z.string(),
  type: z.enum(universityTypes),
  country: z.string(),
  countryVisible: z.boolean(),
  retired: z.boolean().meta({ description: "Hidden from the site, kept for the applications naming it" }),
});
export const catalogueCourseSchema = z.object({
  id: z.int(),
  universityId: z.int(),
  university: z.string(),
  name: z.string(),
  level: z.enum(courseLevels),
  durationMonths: z.int(),
  feeAmount: z.int(),
  feeCurrency: z.string(),
  feePeriod: z.enum(feePeriods),
  mode: z.enum(courseModes),
  englishExamWaiver: z.boolean(),
  mediumOfInstruction: z.string(),
  feeSource: z.string().nullable().meta({ description: "Where the fee was read: a URL or e.g. University website" }),
  feeCheckedOn: z.iso.date().nullable().meta({ description: "The day the fee was checked" }),
  retired: z.boolean(),
});
export const catalogueCountrySchema = z.object({
  id: z.int(),
  name: z.string(),
  visible: z.boolean(),
  universities: z.int(),
});
export const retirementBody = z.object({ retired: z.boolean() });
export const visibilityBody = z.object({ visible: z.boolean() });

/** The catalogue as admins edit it (decision 0017), under /api/v1/staff/catalogue. */
export function staffCatalogueApi(staff: StaffService) {
  const api = new Hono<ServerEnv>();
  const catalogue = staff.catalogue;

  api.get("/catalogue/universities", requireStaff, async (c) =>
    c.json({ data: await catalogue.universities(c.var.staff, { q: c.req.query("q") }) }),
  );
  api.get("/catalogue/universities/:id", requireStaff, async (c) =>
    c.json({ data: await catalogue.university(c.var.staff, parseId(c.req.param("id"), "University")) }),
  );
  api.put("/catalogue/universities/:id", requireStaff, async (c) => {
    const saved = await catalogue.editUniversity(c.var.staff, parseId(c.req.param("id"), "University"), await readJson(c));
    return c.json({ message: catalogueAdminMessages.universitySaved(saved.name), data: saved });
  });
  api.post("/catalogue/universities/:id/retirement", requireStaff, async (c) => {
    const id = parseId(c.req.param("id"), "University");
    const { retired } = parseInput(retirementBody, await readJson(c));
    return c.json({ message: await catalogue.retireUniversity(c.var.staff, id, retired) });
  });
  api.get("/catalogue/courses/:id", requireStaff, async (c) =>
    c.json({ data: await catalogue.course(c.var.staff, parseId(c.req.param("id"), "Course")) }),
  );
  api.put("/catalogue/courses/:id", requireStaff, async (c) => {
    const saved = await catalogue.editCourse(c.var.staff, parseId(c.req.param("id"), "Course"), await readJson(c));
    return c.json({ message: catalogueAdminMessages.courseSaved(saved.name), data: saved });
  });
  api.post("/catalogue/courses/:id/retirement", requireStaff, async (c) => {
    const id = parseId(c.req.param("id"), "Course");
    const { retired } = parseInput(retirementBody, await readJson(c));
    return c.json({ message: await catalogue.retireCourse(c.var.staff, id, retired) });
  });
  api.get("/catalogue/countries", requireStaff, async (c) => c.json({ data: await catalogue.countries(c.var.staff) }));
  api.post("/catalogue/countries/:id/visibility", requireStaff, async (c) => {
    const id = parseId(c.req.param("id"), "Country");
    const { visible } = parseInput(visibilityBody, await readJson(c));
    return c.json({ message: await catalogue.setCountryVisible(c.var.staff, id, visible) });
  });
  return api;
}
