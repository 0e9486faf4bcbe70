import { z } from "zod";
import { courseLevels, courseModes, feePeriods, universityTypes } from "../../vocabulary/catalogue.ts";
import { answer, body, dataOf, failures, idParam, jsonSchema, listOf, operation, ref, write } from "./openapi-parts.ts";
import {
  catalogueCountrySchema,
  catalogueCourseSchema,
  catalogueUniversitySchema,
  retirementBody,
  visibilityBody,
} from "./staff-catalogue.ts";

/** What a request body holds (modules/staff/catalogue.ts parses the same fields). */
const universityBody = z.object({
  name: z.string().min(1).max(200),
  city: z.string().min(1).max(100),
  type: z.enum(universityTypes),
});
const courseBody = z.object({
  name: z.string().min(1).max(200),
  level: z.enum(courseLevels),
  durationMonths: z.int().min(1).max(120),
  feeAmount: z.int().min(0),
  feeCurrency: z.string().length(3),
  feePeriod: z.enum(feePeriods),
  mode: z.enum(courseModes),
  englishExamWaiver: z.boolean(),
  mediumOfInstruction: z.string().min(1).max(60),
  feeSource: z.string().max(300).optional(),
  feeCheckedOn: z.iso.date().optional().meta({ description: "Not in the future" }),
});

const messageAnswer = (description: string, data?: object) =>
  answer(description, { type: "object", properties: { message: { type: "string" }, ...(data ? { data } : {}) } });

export const staffCatalogueSchemas = () => ({
  CatalogueUniversity: jsonSchema(catalogueUniversitySchema, "output"),
  CatalogueCourse: jsonSchema(catalogueCourseSchema, "output"),
  CatalogueCountry: jsonSchema(catalogueCountrySchema, "output"),
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
      requestBody: body(universityBody),
      responses: { 200: messageAnswer("Saved", jsonSchema(universityBody, "output")), ...failures(400) },
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
      requestBody: body(courseBody),
      responses: { 200: messageAnswer("Saved", jsonSchema(courseBody, "output")), ...failures(400) },
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
