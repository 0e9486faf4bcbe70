import { Hono } from "hono";
import { z } from "zod";
import { courseAnswerShape } from "../../modules/catalogue/course-record.ts";
import type { StaffService } from "../../modules/console/console.ts";
import { parseId } from "../../modules/ids.ts";
import { parseInput } from "../../modules/validation.ts";
import {
  catalogueAdminMessages,
  FEATURED_PLACES,
  intakeLabel,
  UNIVERSITY_PICTURE_MAX_BYTES,
  universityTypes,
} from "../../vocabulary/catalogue.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff } from "../guards.ts";
import { readJson } from "./read-json.ts";
import { limitBody, readUpload } from "./uploads.ts";

/** A university as the console's catalogue shows it (retired ones too). */
export const catalogueUniversitySchema = z.object({
  id: z.int(),
  name: z.string(),
  city: z.string(),
  type: z.enum(universityTypes),
  countryId: z.int(),
  country: z.string(),
  countryVisible: z.boolean(),
  retired: z.boolean().meta({ description: "Hidden from the site, kept for the applications naming it" }),
  image: z.string().meta({ description: "The picture's public address: the uploaded one, else the drawn placeholder" }),
  hasPicture: z.boolean().meta({ description: "An admin uploaded a picture" }),
  featuredPlace: z
    .int()
    .min(1)
    .max(FEATURED_PLACES)
    .nullable()
    .meta({ description: "Its card on the home page: 1-4 'Major University', 5-8 'Popular Universities'" }),
});
/** A course as the console shows it (retired ones too): each fact's schema comes from its record (course-record.ts). */
export const catalogueCourseSchema = z.object({
  id: z.int(),
  universityId: z.int(),
  university: z.string(),
  ...courseAnswerShape(),
  retired: z.boolean(),
});
export const catalogueCountrySchema = z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string().meta({ description: "Its address on the site: /{slug}/universities (from the name)" }),
  code: z.string().meta({ description: "ISO 3166-1 alpha-2, lower case: names its flag, /flags/{code}.svg" }),
  aliases: z.array(z.string()).meta({ description: "Other names a visitor may type in an address or a search, lower case" }),
  currency: z.string().meta({ description: "ISO 4217 code of its fees" }),
  visible: z.boolean(),
  universities: z.int(),
});
export const catalogueIntakeSchema = z.object({
  id: z.int(),
  courseId: z.int(),
  month: z.int().min(1).max(12),
  year: z.int(),
  deadline: z.iso.date().nullable().meta({ description: "The last day to apply, when the university gives one" }),
  label: z.string().meta({ examples: ["September 2027 (apply by 30 June 2027)"] }),
  past: z.boolean().meta({ description: "Its month is over: not shown to visitors nor offered for applications" }),
});
export const retirementBody = z.object({ retired: z.boolean() });
export const visibilityBody = z.object({ visible: z.boolean() });

/** The catalogue as admins create and edit it (decisions 0017, 0019), under /api/v1/staff/catalogue. */
export function staffCatalogueApi(staff: StaffService) {
  const api = new Hono<ServerEnv>();
  const catalogue = staff.catalogue;
  const m = catalogueAdminMessages;

  api.get("/catalogue/universities", requireStaff, async (c) =>
    c.json({ data: await catalogue.universities(c.var.staff, { q: c.req.query("q") }) }),
  );
  api.post("/catalogue/universities", requireStaff, async (c) => {
    const created = await catalogue.createUniversity(c.var.staff, await readJson(c));
    return c.json({ message: m.universityCreated(created.name), data: created }, 201);
  });
  api.get("/catalogue/featured", requireStaff, async (c) => c.json({ data: await catalogue.featuredUniversities(c.var.staff) }));
  api.get("/catalogue/universities/:id", requireStaff, async (c) =>
    c.json({ data: await catalogue.university(c.var.staff, parseId(c.req.param("id"), "University")) }),
  );
  api.put("/catalogue/universities/:id", requireStaff, async (c) => {
    const saved = await catalogue.editUniversity(c.var.staff, parseId(c.req.param("id"), "University"), await readJson(c));
    return c.json({ message: m.universitySaved(saved.name), data: saved });
  });
  api.put(
    "/catalogue/universities/:id/picture",
    requireStaff,
    limitBody(UNIVERSITY_PICTURE_MAX_BYTES, m.pictureTooLarge),
    async (c) => {
      const id = parseId(c.req.param("id"), "University");
      const { file } = await readUpload(c);
      const { message, image } = await catalogue.setUniversityPicture(c.var.staff, id, file);
      return c.json({ message, data: { image } });
    },
  );
  api.delete("/catalogue/universities/:id/picture", requireStaff, async (c) => {
    const id = parseId(c.req.param("id"), "University");
    const { message, image } = await catalogue.setUniversityPicture(c.var.staff, id, null);
    return c.json({ message, data: { image } });
  });
  api.put("/catalogue/universities/:id/featured", requireStaff, async (c) => {
    const id = parseId(c.req.param("id"), "University");
    return c.json({ message: await catalogue.setFeatured(c.var.staff, id, await readJson(c)) });
  });
  api.post("/catalogue/universities/:id/retirement", requireStaff, async (c) => {
    const id = parseId(c.req.param("id"), "University");
    const { retired } = parseInput(retirementBody, await readJson(c));
    return c.json({ message: await catalogue.retireUniversity(c.var.staff, id, retired) });
  });
  api.post("/catalogue/universities/:id/courses", requireStaff, async (c) => {
    const id = parseId(c.req.param("id"), "University");
    const created = await catalogue.createCourse(c.var.staff, id, await readJson(c));
    return c.json({ message: m.courseCreated(created.name), data: created }, 201);
  });
  api.get("/catalogue/courses/:id", requireStaff, async (c) =>
    c.json({ data: await catalogue.course(c.var.staff, parseId(c.req.param("id"), "Course")) }),
  );
  api.put("/catalogue/courses/:id", requireStaff, async (c) => {
    const saved = await catalogue.editCourse(c.var.staff, parseId(c.req.param("id"), "Course"), await readJson(c));
    return c.json({ message: m.courseSaved(saved.name), data: saved });
  });
  api.post("/catalogue/courses/:id/retirement", requireStaff, async (c) => {
    const id = parseId(c.req.param("id"), "Course");
    const { retired } = parseInput(retirementBody, await readJson(c));
    return c.json({ message: await catalogue.retireCourse(c.var.staff, id, retired) });
  });
  api.get("/catalogue/courses/:id/intakes", requireStaff, async (c) =>
    c.json({ data: await catalogue.courseIntakes(c.var.staff, parseId(c.req.param("id"), "Course")) }),
  );
  api.post("/catalogue/courses/:id/intakes", requireStaff, async (c) => {
    const added = await catalogue.addIntake(c.var.staff, parseId(c.req.param("id"), "Course"), await readJson(c));
    return c.json({ message: m.intakeAdded(intakeLabel({ month: added.month, year: added.year })), data: added }, 201);
  });
  api.delete("/catalogue/courses/:id/intakes/:intakeId", requireStaff, async (c) => {
    const courseId = parseId(c.req.param("id"), "Course");
    const intakeId = parseId(c.req.param("intakeId"), "Intake");
    return c.json({ message: await catalogue.removeIntake(c.var.staff, courseId, intakeId) });
  });
  api.get("/catalogue/countries", requireStaff, async (c) => c.json({ data: await catalogue.countries(c.var.staff) }));
  api.post("/catalogue/countries", requireStaff, async (c) => {
    const created = await catalogue.createCountry(c.var.staff, await readJson(c));
    return c.json({ message: m.countryCreated(created.name), data: created }, 201);
  });
  api.get("/catalogue/countries/:id", requireStaff, async (c) =>
    c.json({ data: await catalogue.country(c.var.staff, parseId(c.req.param("id"), "Country")) }),
  );
  api.put("/catalogue/countries/:id", requireStaff, async (c) => {
    const saved = await catalogue.editCountry(c.var.staff, parseId(c.req.param("id"), "Country"), await readJson(c));
    return c.json({ message: m.countrySaved(saved.name), data: saved });
  });
  api.post("/catalogue/countries/:id/visibility", requireStaff, async (c) => {
    const id = parseId(c.req.param("id"), "Country");
    const { visible } = parseInput(visibilityBody, await readJson(c));
    return c.json({ message: await catalogue.setCountryVisible(c.var.staff, id, visible) });
  });
  return api;
}
