import { z } from "zod";
import { consultationInputSchema } from "../../modules/consultations/input.ts";
import { codeSchema, emailSchema, loginSchema, newPasswordSchema, signupSchema } from "../../modules/identity/input.ts";
import { profileSchema } from "../../modules/students/input.ts";

const schemaOf = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { $schema?: string };
  delete json.$schema;
  return json;
};

const errorBody = {
  type: "object",
  required: ["message", "error"],
  properties: {
    message: { type: "string" },
    error: {
      type: "object",
      properties: {
        code: {
          type: "string",
          enum: ["invalid_input", "unauthenticated", "forbidden", "not_found", "conflict", "rate_limited", "internal"],
        },
        message: { type: "string" },
        fields: { type: "object", additionalProperties: { type: "string" } },
      },
    },
  },
};

const university = {
  type: "object",
  properties: {
    uni_id: { type: "integer" },
    university_name: { type: "string" },
    university_location: { type: "string" },
    university_image: { type: "string" },
    country: { type: "string" },
    country_slug: { type: "string" },
    type_of_university: { type: "string", enum: ["Public", "Private"] },
  },
};

const course = {
  type: "object",
  properties: {
    course_id: { type: "integer" },
    uni_id: { type: "integer" },
    course_name: { type: "string" },
    university_name: { type: "string" },
    university_location: { type: "string" },
    country: { type: "string" },
    country_slug: { type: "string" },
    course_duration: { type: "string", examples: ["2 years"] },
    tuition_fees: { type: "string", examples: ["EUR 1,500 per semester"] },
    tuition_fees_illustrative: { type: "boolean" },
    course_level: { type: "string", enum: ["Bachelors", "Masters", "Diploma", "Certificate", "PhD"] },
    mode_of_course: { type: "string" },
    english_exam_waiver: { type: "string", enum: ["Yes", "No"] },
    "Medium Of Instruction": { type: "string" },
  },
};

const paging = { page: { type: "integer" }, pageSize: { type: "integer" }, total: { type: "integer" } };
const pageParam = { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } };
const json = (schema: object) => ({ "application/json": { schema } });
const ok = (description: string, schema: object) => ({ description, content: json(schema) });
const failures = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      { description: { 400: "Invalid input", 404: "Not found", 429: "Too many requests" }[code], content: json(errorBody) },
    ]),
  );

const universitiesList = ok("A page of universities", {
  type: "object",
  properties: { data: { type: "array", items: university }, ...paging },
});
const coursesList = ok("Courses", { type: "object", properties: { coursesData: { type: "array", items: course }, ...paging } });

/** The OpenAPI document of both API surfaces, served at /api/openapi.json. */
export function openApiDocument() {
  const booking = schemaOf(consultationInputSchema);
  const loggedIn = ok("Logged in; the session is an HttpOnly cookie (ignite_session), never in the body", {
    type: "object",
    properties: { message: { type: "string" }, student_id: { type: "integer" }, email: { type: "string" } },
  });
  const message = (description: string) => ok(description, { type: "object", properties: { message: { type: "string" } } });
  const unauthorized = { description: "Not logged in", content: json(errorBody) };
  const courseParam = { name: "courseID", in: "path", required: true, schema: { type: "integer" } };
  const post = (summary: string, body: object, responses: object) => ({
    post: { summary, requestBody: { required: true, content: json(body) }, responses },
  });
  return {
    openapi: "3.1.0",
    info: { title: "Ignite API", version: "1", description: "Catalogue (public, the spec's paths) and application API." },
    paths: {
      "/api/catalogue/universities": {
        get: { summary: "All universities", parameters: [pageParam], responses: { 200: universitiesList, ...failures(400) } },
      },
      "/api/catalogue/{countryName}/universities": {
        get: {
          summary: "Universities of a country (name, slug or alias, any case)",
          parameters: [{ name: "countryName", in: "path", required: true, schema: { type: "string" } }, pageParam],
          responses: { 200: universitiesList, ...failures(400, 404) },
        },
      },
      "/api/catalogue/universities/{universityID}": {
        get: {
          summary: "One university, as the first item of data",
          parameters: [{ name: "universityID", in: "path", required: true, schema: { type: "integer" } }],
          responses: {
            200: ok("The university", { type: "object", properties: { data: { type: "array", items: university } } }),
            ...failures(404),
          },
        },
      },
      "/api/catalogue/{universityID}/courses": {
        get: {
          summary: "A university's courses",
          parameters: [{ name: "universityID", in: "path", required: true, schema: { type: "integer" } }],
          responses: { 200: coursesList, ...failures(404) },
        },
      },
      "/api/catalogue/courses/{courseID}": {
        get: {
          summary: "One course, as the first item of coursesData",
          parameters: [{ name: "courseID", in: "path", required: true, schema: { type: "integer" } }],
          responses: { 200: coursesList, ...failures(404) },
        },
      },
      "/api/catalogue/search/{term}": {
        get: {
          summary: "Search courses by course, university, country and level; one typo per word is forgiven",
          parameters: [{ name: "term", in: "path", required: true, schema: { type: "string", maxLength: 100 } }, pageParam],
          responses: { 200: coursesList, ...failures(400, 429) },
        },
      },
      "/api/v1/countries": {
        get: {
          summary: "The study destinations",
          responses: {
            200: ok("Countries", {
              type: "object",
              properties: {
                data: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: { name: { type: "string" }, slug: { type: "string" }, image: { type: "string" } },
                  },
                },
              },
            }),
          },
        },
      },
      "/api/v1/auth/signup": post("Create a student account and log in", schemaOf(signupSchema), {
        200: loggedIn,
        ...failures(400, 429),
      }),
      "/api/v1/auth/login": post("Log in (exp_days up to 30)", schemaOf(loginSchema), {
        200: loggedIn,
        401: { description: "Invalid email or password", content: json(errorBody) },
        ...failures(400, 429),
      }),
      "/api/v1/auth/logout": {
        post: { summary: "End this session", responses: { 200: message("Logged out; the cookie is cleared") } },
      },
      "/api/v1/students/me": {
        get: {
          summary: "The logged-in student's record: details, marks (10th, 12th, Bachelors, Masters) and interested courses",
          responses: { 200: ok("The student", { type: "object", properties: { data: { type: "object" } } }), 401: unauthorized },
        },
        put: {
          summary: "Write the student's own record (email and password are never changed here)",
          requestBody: { required: true, content: json(schemaOf(profileSchema)) },
          responses: { 200: message("Edited successfully"), 401: unauthorized, ...failures(400) },
        },
      },
      "/api/v1/students/me/interests": {
        get: { summary: "Saved (interested) courses", responses: { 200: ok("Courses", { type: "object" }), 401: unauthorized } },
      },
      "/api/v1/students/me/interests/{courseID}": {
        put: {
          summary: "Add to Interest (idempotent)",
          parameters: [courseParam],
          responses: { 200: message("You have added this course to interested"), 401: unauthorized, ...failures(404) },
        },
        delete: {
          summary: "Remove from saved courses (idempotent)",
          parameters: [courseParam],
          responses: { 200: message("Removed"), 401: unauthorized },
        },
      },
      "/api/v1/students/me/applications": {
        get: {
          summary: "The student's applications (read only)",
          responses: {
            200: ok("Applications", {
              type: "object",
              properties: {
                data: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: {
                      name: { type: "integer" },
                      country: { type: "string" },
                      university: { type: "string" },
                      course: { type: "string" },
                      course_id: { type: "integer" },
                      status: { type: "string" },
                    },
                  },
                },
              },
            }),
            401: unauthorized,
          },
        },
      },
      "/api/v1/students/me/files": {
        get: { summary: "The student's documents", responses: { 200: ok("Documents", { type: "object" }), 401: unauthorized } },
        post: {
          summary:
            "Upload a document (PDF, JPEG, PNG, WebP, DOC, DOCX by content; at most 10 MB); replaces that type's earlier one",
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: ["attachment_type", "file"],
                  properties: { attachment_type: { type: "string" }, file: { type: "string", format: "binary" } },
                },
              },
            },
          },
          responses: { 200: message("{attachment_type} uploaded successfully"), 401: unauthorized, ...failures(400) },
        },
      },
      "/api/v1/students/me/files/{attachmentType}": {
        delete: {
          summary: "Delete the document of that type",
          parameters: [{ name: "attachmentType", in: "path", required: true, schema: { type: "string" } }],
          responses: { 200: message("Deleted"), 401: unauthorized, ...failures(404) },
        },
      },
      "/api/v1/students/me/photo": {
        post: {
          summary: "Replace the profile photo (JPEG, PNG, WebP; at most 5 MB; re-encoded without metadata)",
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: { type: "object", required: ["file"], properties: { file: { type: "string", format: "binary" } } },
              },
            },
          },
          responses: { 200: message("Profile picture updated successfully"), 401: unauthorized, ...failures(400) },
        },
      },
      "/files/{publicId}": {
        get: {
          summary: "A private file, only to its owner (404 to anyone else)",
          parameters: [{ name: "publicId", in: "path", required: true, schema: { type: "string" } }],
          responses: { 200: { description: "The file" }, 404: { description: "Not found" } },
        },
      },
      "/api/v1/auth/password/code": post(
        "Send a 6-digit password reset code by e-mail (one per 30 seconds)",
        { type: "object", required: ["email"], properties: { email: schemaOf(emailSchema) } },
        { 200: message("Code sent"), ...failures(400, 404, 429) },
      ),
      "/api/v1/auth/password/verify": post("Check the code; sets a one-time proof cookie (ignite_reset)", schemaOf(codeSchema), {
        200: message("Code verified"),
        ...failures(400, 429),
      }),
      "/api/v1/auth/password/reset": post(
        "Set the new password (needs the proof cookie); ends every session",
        schemaOf(newPasswordSchema),
        {
          200: message("Password has been updated"),
          403: { description: "No valid proof", content: json(errorBody) },
          ...failures(400),
        },
      ),
      "/api/v1/consultations": {
        post: {
          summary: "Book a free consultation",
          requestBody: { required: true, content: json(booking) },
          responses: {
            200: ok("Booked, or already booked within a day (alreadyBooked)", {
              type: "object",
              properties: { message: { type: "string" }, alreadyBooked: { type: "boolean" }, data: { type: "object" } },
            }),
            ...failures(400, 429),
          },
        },
      },
    },
  };
}
