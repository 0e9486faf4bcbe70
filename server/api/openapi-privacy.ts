import { z } from "zod";
import { erasureRequestSchema } from "../../modules/erasure-request.ts";
import { body, failures, idParam, jsonSchema, messageAnswer, write } from "./openapi-parts.ts";

/** The student's privacy controls and the console's erasure (decision 0024), for the OpenAPI document. */

const erasureSummary = jsonSchema(
  z.object({ documents: z.int(), applications: z.int(), bookings: z.int(), files: z.int() }),
  "output",
);

export const privacyPaths = () => ({
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
