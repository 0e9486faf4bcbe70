import { z } from "zod";
import { contactChoicesSchema } from "../../modules/consent.ts";
import { erasureRequestSchema } from "../../modules/erasure-request.ts";
import { passwordSchema } from "../../modules/privacy/erasure.ts";
import {
  answer,
  body,
  dataOf,
  failures,
  idParam,
  jsonSchema,
  listOf,
  messageAnswer,
  operation,
  ref,
  write,
} from "./openapi-parts.ts";
import { accessEntrySchema, contactPreferencesSchema, dataExportSchema } from "./privacy.ts";

/** The student's privacy controls and the console's erasure (decision 0024), for the OpenAPI document. */
export const privacySchemas = () => ({
  ContactPreferences: jsonSchema(contactPreferencesSchema, "output"),
  AccessEntry: jsonSchema(accessEntrySchema, "output"),
  DataExport: jsonSchema(dataExportSchema, "output"),
});

const erasureSummary = jsonSchema(
  z.object({ documents: z.int(), applications: z.int(), bookings: z.int(), files: z.int() }),
  "output",
);

export const privacyPaths = () => ({
  "/api/v1/students/me/contact-preferences": {
    get: operation({
      operationId: "getMyContactPreferences",
      summary: "How the student wants to be contacted, news and offers, and every consent given",
      student: true,
      responses: { 200: answer("Contact choices", dataOf(ref("ContactPreferences"))) },
    }),
    put: write({
      operationId: "changeMyContactPreferences",
      summary: "Change the contact choices; stored with the consent wording's version and time",
      student: true,
      requestBody: body(contactChoicesSchema),
      responses: { 200: messageAnswer("Saved", ref("ContactPreferences")), ...failures(400) },
    }),
  },
  "/api/v1/students/me/access-log": {
    get: operation({
      operationId: "getMyAccessLog",
      summary: "Every time staff opened or downloaded one of the student's documents, or exported a list with them",
      student: true,
      responses: { 200: answer("Newest first", listOf(ref("AccessEntry"))) },
    }),
  },
  "/api/v1/students/me/data-export": {
    get: operation({
      operationId: "getMyDataExport",
      summary: "The student's newest data export that has not expired (null when none)",
      student: true,
      responses: { 200: answer("The export", dataOf({ oneOf: [ref("DataExport"), { type: "null" }] })) },
    }),
    post: write({
      operationId: "requestMyDataExport",
      summary: "Prepare a ZIP of everything held about the student and their documents (usually within a minute)",
      student: true,
      responses: { 202: messageAnswer("Being prepared", ref("DataExport")), ...failures(429) },
    }),
  },
  "/api/v1/students/me/erase": {
    post: write({
      operationId: "eraseMyAccount",
      summary: "Delete the account and everything held about the student, after the password again; signs out",
      student: true,
      requestBody: body(passwordSchema),
      responses: {
        200: answer("Erased", { type: "object", required: ["message"], properties: { message: { type: "string" } } }),
        ...failures(400, 429),
      },
    }),
  },
  "/api/v1/staff/students/{studentId}/erase": {
    post: write({
      operationId: "eraseStudent",
      summary: "Erase a student on a request that came by mail (admins); audited as student.erased",
      staff: true,
      parameters: [idParam("studentId")],
      requestBody: body(erasureRequestSchema, {
        describe: { reason: "How and when the request came", confirmEmail: "The student's e-mail, typed again" },
      }),
      responses: { 200: messageAnswer("Erased", erasureSummary), ...failures(400, 403) },
    }),
  },
  "/api/v1/staff/leads/{leadId}/erase": {
    post: write({
      operationId: "eraseLead",
      summary: "Erase the bookings of a person without an account, on a request by mail (admins); audited as bookings.erased",
      staff: true,
      parameters: [idParam("leadId")],
      requestBody: body(erasureRequestSchema, {
        describe: { reason: "How and when the request came", confirmEmail: "The lead's e-mail, typed again" },
      }),
      responses: {
        200: messageAnswer("Erased", jsonSchema(z.object({ bookings: z.int() }), "output")),
        ...failures(400, 403, 409),
      },
    }),
  },
});
