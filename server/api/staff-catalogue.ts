import { Hono } from "hono";
import { z } from "zod";
import { countryInput } from "../../modules/catalogue/countries-editing.ts";
import { courseAnswerShape } from "../../modules/catalogue/course-record.ts";
import { courseInput, newUniversityInput, universityInput } from "../../modules/catalogue/editing.ts";
import { intakeDeadlineInput, intakeInput } from "../../modules/catalogue/intakes-editing.ts";
import { featuredInput } from "../../modules/catalogue/university-pictures.ts";
import type { StaffService } from "../../modules/console/console.ts";
import { parseId } from "../../modules/ids.ts";
import { parseInput } from "../../modules/validation.ts";
import {
  COUNTRY_ALIASES_MAX,
  catalogueAdminMessages,
  FEATURED_PLACES,
  intakeLabel,
  UNIVERSITY_PICTURE_MAX_BYTES,
  universityTypes,
} from "../../vocabulary/catalogue.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff } from "../guards.ts";
import {
  answer,
  body,
  component,
  dataOf,
  describe,
  failures,
  idParam,
  jsonSchema,
  listOf,
  messageAnswer,
  multipart,
  ref,
} from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";
import { limitBody, readUpload } from "./uploads.ts";

/** A university as the console's catalogue shows it (retired ones too). */
component(
  "CatalogueUniversity",
  z.object({
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
  }),
);
/** A course as the console shows it (retired ones too): each fact's schema comes from its record (course-record.ts). */
component(
  "CatalogueCourse",
  z.object({
    id: z.int(),
    universityId: z.int(),
    university: z.string(),
    ...courseAnswerShape(),
    retired: z.boolean(),
  }),
);
component(
  "CatalogueCountry",
  z.object({
    id: z.int(),
    name: z.string(),
    slug: z.string().meta({ description: "Its address on the site: /{slug}/universities (from the name)" }),
    code: z.string().meta({ description: "ISO 3166-1 alpha-2, lower case: names its flag, /flags/{code}.svg" }),
    aliases: z.array(z.string()).meta({ description: "Other names a visitor may type in an address or a search, lower case" }),
    currency: z.string().meta({ description: "ISO 4217 code of its fees" }),
    visible: z.boolean(),
    universities: z.int(),
  }),
);
component(
  "CatalogueIntake",
  z.object({
    id: z.int(),
    courseId: z.int(),
    month: z.int().min(1).max(12),
    year: z.int(),
    deadline: z.iso.date().nullable().meta({ description: "The last day to apply, when the university gives one" }),
    label: z.string().meta({ examples: ["September 2027 (apply by 30 June 2027)"] }),
    past: z.boolean().meta({ description: "Its month is over: not shown to visitors nor offered for applications" }),
  }),
);
export const retirementBody = z.object({ retired: z.boolean() });
const visibilityBody = z.object({ visible: z.boolean() });

/**
 * The request bodies are the domain's own schemas (modules/catalogue/editing.ts, countries-editing.ts,
 * intakes-editing.ts, university-pictures.ts), with the words a reader needs beside them.
 */
const courseBody = body(courseInput, {
  describe: {
    englishExamWaiver: 'true, or a form\'s "on"',
    feeCheckedOn: "The day the fee was checked; not in the future",
    applicationFeeCheckedOn: "The day the application fee was checked; not in the future (decision 0105)",
    deadlineCheckedOn: "The day the intakes' deadlines were checked; not in the future (decision 0105)",
    minPercentage:
      "Lowest percentage in the qualification before the level (12th; the bachelor's for a master's; the master's for a PhD), in steps of 0.01",
    minCgpa: "Lowest CGPA (10-point scale) in that qualification, in steps of 0.01",
    minIelts: "Lowest IELTS overall band, in steps of 0.5",
    minToefl: "Lowest TOEFL iBT score, a whole number",
    minPte: "Lowest PTE Academic score, a whole number",
    minDuolingo: "Lowest Duolingo English Test score, 10 to 160 in steps of 5",
    minGre: "Lowest GRE General Test total, 260 to 340 (decision 0041)",
    minGmat: "Lowest GMAT Focus Edition total, 205 to 805, ending in 5 (decision 0041)",
  },
});
const countryBody = body(countryInput, {
  describe: {
    name: "Its slug (the address /{slug}/universities) follows the name",
    code: "ISO 3166-1 alpha-2 code naming its flag; one of the 249 with a flag (vocabulary/country-codes.ts)",
    aliases: `Other names (stored lower case), at most ${COUNTRY_ALIASES_MAX}; a form may send one comma-separated string`,
    currency: "ISO 4217 code of its fees",
    visible: "Shown on the site (false or absent: hidden)",
  },
});
const featuredBody = body(featuredInput, {
  describe: { place: "1-4: the 'Major University' strip, 5-8: 'Popular Universities'; null (or 0) takes it off the home page" },
});
/** The years an intake may take are counted from today, as the domain counts them when it parses. */
const intakeBody = () =>
  body(intakeInput(new Date()), {
    describe: {
      year: "This year to three years ahead; the intake must not have begun",
      deadline: "The last day to apply; at the latest the end of the intake's month",
    },
  });

/** The catalogue as admins create and edit it (decisions 0017, 0019), under /api/v1/staff/catalogue. */
export function staffCatalogueApi(staff: StaffService) {
  const api = new Hono<ServerEnv>();
  const catalogue = staff.catalogue;
  const m = catalogueAdminMessages;

  api.get(
    "/catalogue/universities",
    describe({
      operationId: "findCatalogueUniversities",
      summary: "Universities whose name holds q, retired ones too, at most 50 (admins)",
      staff: true,
      parameters: [{ name: "q", in: "query", description: "Part of the name", schema: { type: "string", maxLength: 100 } }],
      responses: { 200: answer("The universities", listOf(ref("CatalogueUniversity"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: await catalogue.universities(c.var.staff, { q: c.req.query("q") }) }),
  );
  api.post(
    "/catalogue/universities",
    describe({
      operationId: "createCatalogueUniversity",
      summary: "Add a university to a country (admins); its picture is uploaded apart; audited",
      staff: true,
      requestBody: body(newUniversityInput),
      responses: { 201: messageAnswer("Added", ref("CatalogueUniversity")), ...failures(400, 409) },
    }),
    requireStaff,
    async (c) => {
      const created = await catalogue.createUniversity(c.var.staff, await readJson(c));
      return c.json({ message: m.universityCreated(created.name), data: created }, 201);
    },
  );
  api.get(
    "/catalogue/featured",
    describe({
      operationId: "listFeaturedCatalogueUniversities",
      summary: "The universities on the home page's strips, by place (admins)",
      staff: true,
      responses: { 200: answer("The featured universities", listOf(ref("CatalogueUniversity"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: await catalogue.featuredUniversities(c.var.staff) }),
  );
  api.get(
    "/catalogue/universities/:universityId",
    describe({
      operationId: "getCatalogueUniversity",
      summary: "A university with all its courses, retired ones too (admins)",
      staff: true,
      parameters: [idParam("universityId")],
      responses: {
        200: answer(
          "The university",
          dataOf({
            type: "object",
            properties: { university: ref("CatalogueUniversity"), courses: { type: "array", items: ref("CatalogueCourse") } },
          }),
        ),
        ...failures(403),
      },
    }),
    requireStaff,
    async (c) => c.json({ data: await catalogue.university(c.var.staff, parseId(c.req.param("universityId"), "University")) }),
  );
  api.put(
    "/catalogue/universities/:universityId",
    describe({
      operationId: "editCatalogueUniversity",
      summary: "Change a university's name, city and type (admins); its courses' search entries follow; audited",
      staff: true,
      parameters: [idParam("universityId")],
      requestBody: body(universityInput),
      responses: { 200: messageAnswer("Saved", jsonSchema(universityInput, "output")), ...failures(400) },
    }),
    requireStaff,
    async (c) => {
      const saved = await catalogue.editUniversity(
        c.var.staff,
        parseId(c.req.param("universityId"), "University"),
        await readJson(c),
      );
      return c.json({ message: m.universitySaved(saved.name), data: saved });
    },
  );
  api.put(
    "/catalogue/universities/:universityId/picture",
    describe({
      operationId: "setCatalogueUniversityPicture",
      summary: `Upload a university's picture (JPEG, PNG or WebP, at most ${UNIVERSITY_PICTURE_MAX_BYTES / 1024 / 1024} MB; re-encoded as an 800x480 WebP at a new address) (admins); audited`,
      staff: true,
      parameters: [idParam("universityId")],
      requestBody: multipart({ file: { type: "string", format: "binary" } }),
      responses: {
        200: messageAnswer("Changed", { type: "object", properties: { image: { type: "string" } } }),
        ...failures(400, 413),
      },
    }),
    requireStaff,
    limitBody(UNIVERSITY_PICTURE_MAX_BYTES, m.pictureTooLarge),
    async (c) => {
      const id = parseId(c.req.param("universityId"), "University");
      const { file } = await readUpload(c);
      const { message, image } = await catalogue.setUniversityPicture(c.var.staff, id, file);
      return c.json({ message, data: { image } });
    },
  );
  api.delete(
    "/catalogue/universities/:universityId/picture",
    describe({
      operationId: "removeCatalogueUniversityPicture",
      summary: "Go back to the drawn placeholder picture (admins); audited",
      staff: true,
      parameters: [idParam("universityId")],
      responses: {
        200: messageAnswer("Removed", { type: "object", properties: { image: { type: "string" } } }),
        ...failures(403),
      },
    }),
    requireStaff,
    async (c) => {
      const id = parseId(c.req.param("universityId"), "University");
      const { message, image } = await catalogue.setUniversityPicture(c.var.staff, id, null);
      return c.json({ message, data: { image } });
    },
  );
  api.put(
    "/catalogue/universities/:universityId/featured",
    describe({
      operationId: "setCatalogueUniversityFeatured",
      summary:
        "Put a university on the home page at a place, or take it off (admins); a place held by another is refused; audited",
      staff: true,
      parameters: [idParam("universityId")],
      requestBody: featuredBody,
      responses: { 200: messageAnswer("Done"), ...failures(400, 409) },
    }),
    requireStaff,
    async (c) => {
      const id = parseId(c.req.param("universityId"), "University");
      return c.json({ message: await catalogue.setFeatured(c.var.staff, id, await readJson(c)) });
    },
  );
  api.post(
    "/catalogue/universities/:universityId/retirement",
    describe({
      operationId: "retireCatalogueUniversity",
      summary: "Retire a university (hidden from the site, kept for applications) or restore it (admins); audited",
      staff: true,
      parameters: [idParam("universityId")],
      requestBody: body(retirementBody),
      responses: { 200: messageAnswer("Done"), ...failures(400) },
    }),
    requireStaff,
    async (c) => {
      const id = parseId(c.req.param("universityId"), "University");
      const { retired } = parseInput(retirementBody, await readJson(c));
      return c.json({ message: await catalogue.retireUniversity(c.var.staff, id, retired) });
    },
  );
  api.post(
    "/catalogue/universities/:universityId/courses",
    describe({
      operationId: "createCatalogueCourse",
      summary: "Add a course to a university (admins); public search finds it at once; audited",
      staff: true,
      parameters: [idParam("universityId")],
      requestBody: courseBody,
      responses: { 201: messageAnswer("Added", ref("CatalogueCourse")), ...failures(400) },
    }),
    requireStaff,
    async (c) => {
      const id = parseId(c.req.param("universityId"), "University");
      const created = await catalogue.createCourse(c.var.staff, id, await readJson(c));
      return c.json({ message: m.courseCreated(created.name), data: created }, 201);
    },
  );
  api.get(
    "/catalogue/courses/:courseId",
    describe({
      operationId: "getCatalogueCourse",
      summary: "A course, retired or not, with where and when its fee, application fee and deadlines were checked (admins)",
      staff: true,
      parameters: [idParam("courseId")],
      responses: { 200: answer("The course", dataOf(ref("CatalogueCourse"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: await catalogue.course(c.var.staff, parseId(c.req.param("courseId"), "Course")) }),
  );
  api.put(
    "/catalogue/courses/:courseId",
    describe({
      operationId: "editCatalogueCourse",
      summary: "Change a course's facts and where and when its fee, application fee and deadlines were checked (admins); audited",
      staff: true,
      parameters: [idParam("courseId")],
      requestBody: courseBody,
      responses: { 200: messageAnswer("Saved", jsonSchema(courseInput, "output")), ...failures(400) },
    }),
    requireStaff,
    async (c) => {
      const saved = await catalogue.editCourse(c.var.staff, parseId(c.req.param("courseId"), "Course"), await readJson(c));
      return c.json({ message: m.courseSaved(saved.name), data: saved });
    },
  );
  api.post(
    "/catalogue/courses/:courseId/retirement",
    describe({
      operationId: "retireCatalogueCourse",
      summary: "Retire a course (hidden from the site, kept for applications) or restore it (admins); audited",
      staff: true,
      parameters: [idParam("courseId")],
      requestBody: body(retirementBody),
      responses: { 200: messageAnswer("Done"), ...failures(400) },
    }),
    requireStaff,
    async (c) => {
      const id = parseId(c.req.param("courseId"), "Course");
      const { retired } = parseInput(retirementBody, await readJson(c));
      return c.json({ message: await catalogue.retireCourse(c.var.staff, id, retired) });
    },
  );
  api.get(
    "/catalogue/courses/:courseId/intakes",
    describe({
      operationId: "listCatalogueCourseIntakes",
      summary: "A course's intakes, past ones marked, earliest first (admins)",
      staff: true,
      parameters: [idParam("courseId")],
      responses: { 200: answer("The intakes", listOf(ref("CatalogueIntake"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: await catalogue.courseIntakes(c.var.staff, parseId(c.req.param("courseId"), "Course")) }),
  );
  api.post(
    "/catalogue/courses/:courseId/intakes",
    describe({
      operationId: "addCatalogueCourseIntake",
      summary: "Add an intake (month, year, optional application deadline) to a course (admins); audited",
      staff: true,
      parameters: [idParam("courseId")],
      requestBody: intakeBody(),
      responses: { 201: messageAnswer("Added", ref("CatalogueIntake")), ...failures(400, 409) },
    }),
    requireStaff,
    async (c) => {
      const added = await catalogue.addIntake(c.var.staff, parseId(c.req.param("courseId"), "Course"), await readJson(c));
      return c.json({ message: m.intakeAdded(intakeLabel({ month: added.month, year: added.year })), data: added }, 201);
    },
  );
  api.put(
    "/catalogue/courses/:courseId/intakes/:intakeId/deadline",
    describe({
      operationId: "moveCatalogueCourseIntakeDeadline",
      summary:
        "Move an intake's application deadline in place (admins, decision 0088): applications made for it keep the deadline they were applied with and their counsellors are told once; audited",
      staff: true,
      parameters: [idParam("courseId"), idParam("intakeId")],
      requestBody: body(intakeDeadlineInput, {
        describe: { deadline: "The new last day to apply, at the latest the end of the intake's month; empty for none" },
      }),
      responses: { 200: messageAnswer("Moved, or unchanged", ref("CatalogueIntake")), ...failures(400, 404) },
    }),
    requireStaff,
    async (c) => {
      const courseId = parseId(c.req.param("courseId"), "Course");
      const intakeId = parseId(c.req.param("intakeId"), "Intake");
      const { intake, message } = await catalogue.moveIntakeDeadline(c.var.staff, courseId, intakeId, await readJson(c));
      return c.json({ message, data: intake });
    },
  );
  api.delete(
    "/catalogue/courses/:courseId/intakes/:intakeId",
    describe({
      operationId: "removeCatalogueCourseIntake",
      summary: "Remove one of a course's intakes (admins); applications made for it keep their month and year; audited",
      staff: true,
      parameters: [idParam("courseId"), idParam("intakeId")],
      responses: { 200: messageAnswer("Removed"), ...failures(403) },
    }),
    requireStaff,
    async (c) => {
      const courseId = parseId(c.req.param("courseId"), "Course");
      const intakeId = parseId(c.req.param("intakeId"), "Intake");
      return c.json({ message: await catalogue.removeIntake(c.var.staff, courseId, intakeId) });
    },
  );
  api.get(
    "/catalogue/countries",
    describe({
      operationId: "listCatalogueCountries",
      summary: "Every country, shown or hidden, with its number of universities (admins)",
      staff: true,
      responses: { 200: answer("The countries", listOf(ref("CatalogueCountry"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: await catalogue.countries(c.var.staff) }),
  );
  api.post(
    "/catalogue/countries",
    describe({
      operationId: "createCatalogueCountry",
      summary: "Add a country (admins); a name, flag or other name another country answers to is refused (409); audited",
      staff: true,
      requestBody: countryBody,
      responses: { 201: messageAnswer("Added", ref("CatalogueCountry")), ...failures(400, 409) },
    }),
    requireStaff,
    async (c) => {
      const created = await catalogue.createCountry(c.var.staff, await readJson(c));
      return c.json({ message: m.countryCreated(created.name), data: created }, 201);
    },
  );
  api.get(
    "/catalogue/countries/:countryId",
    describe({
      operationId: "getCatalogueCountry",
      summary: "A country, shown or hidden (admins)",
      staff: true,
      parameters: [idParam("countryId")],
      responses: { 200: answer("The country", dataOf(ref("CatalogueCountry"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: await catalogue.country(c.var.staff, parseId(c.req.param("countryId"), "Country")) }),
  );
  api.put(
    "/catalogue/countries/:countryId",
    describe({
      operationId: "editCatalogueCountry",
      summary: "Change a country (admins); a new name keeps the old one as an alias; its courses' search entries follow; audited",
      staff: true,
      parameters: [idParam("countryId")],
      requestBody: countryBody,
      responses: { 200: messageAnswer("Saved", ref("CatalogueCountry")), ...failures(400, 409) },
    }),
    requireStaff,
    async (c) => {
      const saved = await catalogue.editCountry(c.var.staff, parseId(c.req.param("countryId"), "Country"), await readJson(c));
      return c.json({ message: m.countrySaved(saved.name), data: saved });
    },
  );
  api.post(
    "/catalogue/countries/:countryId/visibility",
    describe({
      operationId: "setCatalogueCountryVisibility",
      summary: "Hide a country from the site (its universities and courses with it) or show it (admins); audited",
      staff: true,
      parameters: [idParam("countryId")],
      requestBody: body(visibilityBody),
      responses: { 200: messageAnswer("Done"), ...failures(400) },
    }),
    requireStaff,
    async (c) => {
      const id = parseId(c.req.param("countryId"), "Country");
      const { visible } = parseInput(visibilityBody, await readJson(c));
      return c.json({ message: await catalogue.setCountryVisible(c.var.staff, id, visible) });
    },
  );
  return api;
}
