import { countryInput } from "../../modules/catalogue/countries-editing.ts";
import { courseInput, newUniversityInput, universityInput } from "../../modules/catalogue/editing.ts";
import { intakeInput } from "../../modules/catalogue/intakes-editing.ts";
import { featuredInput } from "../../modules/catalogue/university-pictures.ts";
import { COUNTRY_ALIASES_MAX, UNIVERSITY_PICTURE_MAX_BYTES } from "../../vocabulary/catalogue.ts";
import {
  answer,
  body,
  dataOf,
  failures,
  idParam,
  jsonSchema,
  listOf,
  messageAnswer,
  multipart,
  operation,
  ref,
  write,
} from "./openapi-parts.ts";
import {
  catalogueCountrySchema,
  catalogueCourseSchema,
  catalogueIntakeSchema,
  catalogueUniversitySchema,
  retirementBody,
  visibilityBody,
} from "./staff-catalogue.ts";

/**
 * The request bodies are the domain's own schemas (modules/staff/catalogue*.ts, university-pictures.ts),
 * with the words a reader needs beside them.
 */
const courseBody = body(courseInput, {
  describe: {
    englishExamWaiver: 'true, or a form\'s "on"',
    feeCheckedOn: "The day the fee was checked; not in the future",
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

export const staffCatalogueSchemas = () => ({
  CatalogueUniversity: jsonSchema(catalogueUniversitySchema, "output"),
  CatalogueCourse: jsonSchema(catalogueCourseSchema, "output"),
  CatalogueCountry: jsonSchema(catalogueCountrySchema, "output"),
  CatalogueIntake: jsonSchema(catalogueIntakeSchema, "output"),
});

/** The catalogue as admins edit it (server/api/staff-catalogue.ts, decision 0017). Each change is audited. */
export const staffCataloguePaths = () => ({
  "/api/v1/staff/catalogue/universities": {
    get: operation({
      operationId: "findCatalogueUniversities",
      summary: "Universities whose name holds q, retired ones too, at most 50 (admins)",
      staff: true,
      parameters: [{ name: "q", in: "query", description: "Part of the name", schema: { type: "string", maxLength: 100 } }],
      responses: { 200: answer("The universities", listOf(ref("CatalogueUniversity"))), ...failures(403) },
    }),
    post: write({
      operationId: "createCatalogueUniversity",
      summary: "Add a university to a country (admins); its picture is uploaded apart; audited",
      staff: true,
      requestBody: body(newUniversityInput),
      responses: { 201: messageAnswer("Added", ref("CatalogueUniversity")), ...failures(400, 409) },
    }),
  },
  "/api/v1/staff/catalogue/featured": {
    get: operation({
      operationId: "listFeaturedCatalogueUniversities",
      summary: "The universities on the home page's strips, by place (admins)",
      staff: true,
      responses: { 200: answer("The featured universities", listOf(ref("CatalogueUniversity"))), ...failures(403) },
    }),
  },
  "/api/v1/staff/catalogue/universities/{universityId}": {
    get: operation({
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
    put: write({
      operationId: "editCatalogueUniversity",
      summary: "Change a university's name, city and type (admins); its courses' search entries follow; audited",
      staff: true,
      parameters: [idParam("universityId")],
      requestBody: body(universityInput),
      responses: { 200: messageAnswer("Saved", jsonSchema(universityInput, "output")), ...failures(400) },
    }),
  },
  "/api/v1/staff/catalogue/universities/{universityId}/picture": {
    put: write({
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
    delete: write({
      operationId: "removeCatalogueUniversityPicture",
      summary: "Go back to the drawn placeholder picture (admins); audited",
      staff: true,
      parameters: [idParam("universityId")],
      responses: {
        200: messageAnswer("Removed", { type: "object", properties: { image: { type: "string" } } }),
        ...failures(403),
      },
    }),
  },
  "/api/v1/staff/catalogue/universities/{universityId}/featured": {
    put: write({
      operationId: "setCatalogueUniversityFeatured",
      summary:
        "Put a university on the home page at a place, or take it off (admins); a place held by another is refused; audited",
      staff: true,
      parameters: [idParam("universityId")],
      requestBody: featuredBody,
      responses: { 200: messageAnswer("Done"), ...failures(400, 409) },
    }),
  },
  "/api/v1/staff/catalogue/universities/{universityId}/courses": {
    post: write({
      operationId: "createCatalogueCourse",
      summary: "Add a course to a university (admins); public search finds it at once; audited",
      staff: true,
      parameters: [idParam("universityId")],
      requestBody: courseBody,
      responses: { 201: messageAnswer("Added", ref("CatalogueCourse")), ...failures(400) },
    }),
  },
  "/api/v1/staff/catalogue/universities/{universityId}/retirement": {
    post: write({
      operationId: "retireCatalogueUniversity",
      summary: "Retire a university (hidden from the site, kept for applications) or restore it (admins); audited",
      staff: true,
      parameters: [idParam("universityId")],
      requestBody: body(retirementBody),
      responses: { 200: messageAnswer("Done"), ...failures(400) },
    }),
  },
  "/api/v1/staff/catalogue/courses/{courseId}": {
    get: operation({
      operationId: "getCatalogueCourse",
      summary: "A course, retired or not, with its fee's source and checked date (admins)",
      staff: true,
      parameters: [idParam("courseId")],
      responses: { 200: answer("The course", dataOf(ref("CatalogueCourse"))), ...failures(403) },
    }),
    put: write({
      operationId: "editCatalogueCourse",
      summary: "Change a course's facts and its fee's source and checked date (admins); audited",
      staff: true,
      parameters: [idParam("courseId")],
      requestBody: courseBody,
      responses: { 200: messageAnswer("Saved", jsonSchema(courseInput, "output")), ...failures(400) },
    }),
  },
  "/api/v1/staff/catalogue/courses/{courseId}/intakes": {
    get: operation({
      operationId: "listCatalogueCourseIntakes",
      summary: "A course's intakes, past ones marked, earliest first (admins)",
      staff: true,
      parameters: [idParam("courseId")],
      responses: { 200: answer("The intakes", listOf(ref("CatalogueIntake"))), ...failures(403) },
    }),
    post: write({
      operationId: "addCatalogueCourseIntake",
      summary: "Add an intake (month, year, optional application deadline) to a course (admins); audited",
      staff: true,
      parameters: [idParam("courseId")],
      requestBody: intakeBody(),
      responses: { 201: messageAnswer("Added", ref("CatalogueIntake")), ...failures(400, 409) },
    }),
  },
  "/api/v1/staff/catalogue/courses/{courseId}/intakes/{intakeId}": {
    delete: write({
      operationId: "removeCatalogueCourseIntake",
      summary: "Remove one of a course's intakes (admins); applications made for it keep their month and year; audited",
      staff: true,
      parameters: [idParam("courseId"), idParam("intakeId")],
      responses: { 200: messageAnswer("Removed"), ...failures(403) },
    }),
  },
  "/api/v1/staff/catalogue/courses/{courseId}/retirement": {
    post: write({
      operationId: "retireCatalogueCourse",
      summary: "Retire a course (hidden from the site, kept for applications) or restore it (admins); audited",
      staff: true,
      parameters: [idParam("courseId")],
      requestBody: body(retirementBody),
      responses: { 200: messageAnswer("Done"), ...failures(400) },
    }),
  },
  "/api/v1/staff/catalogue/countries": {
    get: operation({
      operationId: "listCatalogueCountries",
      summary: "Every country, shown or hidden, with its number of universities (admins)",
      staff: true,
      responses: { 200: answer("The countries", listOf(ref("CatalogueCountry"))), ...failures(403) },
    }),
    post: write({
      operationId: "createCatalogueCountry",
      summary: "Add a country (admins); a name, flag or other name another country answers to is refused (409); audited",
      staff: true,
      requestBody: countryBody,
      responses: { 201: messageAnswer("Added", ref("CatalogueCountry")), ...failures(400, 409) },
    }),
  },
  "/api/v1/staff/catalogue/countries/{countryId}": {
    get: operation({
      operationId: "getCatalogueCountry",
      summary: "A country, shown or hidden (admins)",
      staff: true,
      parameters: [idParam("countryId")],
      responses: { 200: answer("The country", dataOf(ref("CatalogueCountry"))), ...failures(403) },
    }),
    put: write({
      operationId: "editCatalogueCountry",
      summary: "Change a country (admins); a new name keeps the old one as an alias; its courses' search entries follow; audited",
      staff: true,
      parameters: [idParam("countryId")],
      requestBody: countryBody,
      responses: { 200: messageAnswer("Saved", ref("CatalogueCountry")), ...failures(400, 409) },
    }),
  },
  "/api/v1/staff/catalogue/countries/{countryId}/visibility": {
    post: write({
      operationId: "setCatalogueCountryVisibility",
      summary: "Hide a country from the site (its universities and courses with it) or show it (admins); audited",
      staff: true,
      parameters: [idParam("countryId")],
      requestBody: body(visibilityBody),
      responses: { 200: messageAnswer("Done"), ...failures(400) },
    }),
  },
});
