import { Hono } from "hono";
import type { ConsultationService } from "../../modules/leads/bookings.ts";
import { consultationInputSchema } from "../../modules/leads/input.ts";
import type { RateLimitRule } from "../../platform/rate-limit.ts";
import type { ServerEnv } from "../context.ts";
import { answer, body, describe, failures, ref } from "./openapi-parts.ts";
import { presentBooking } from "./presenters.ts";
import { readJson } from "./read-json.ts";

/** POST /api/v1/consultations: the spec's register call, answering `{ message, alreadyBooked, data }`. */
export function consultationsApi(consultations: ConsultationService, limit: RateLimitRule) {
  const api = new Hono<ServerEnv>();
  api.post(
    "/",
    describe({
      operationId: "bookConsultation",
      summary: "Book a free consultation",
      requestBody: body(consultationInputSchema),
      responses: {
        200: answer("Booked, or already booked within a day (alreadyBooked)", {
          type: "object",
          properties: { message: { type: "string" }, alreadyBooked: { type: "boolean" }, data: ref("Booking") },
        }),
        ...failures(400, 429),
      },
    }),
    async (c) => {
      await c.var.limit(limit);
      const result = await consultations.book(await readJson(c), { studentId: c.var.student?.studentId });
      return c.json({ message: result.message, alreadyBooked: result.alreadyBooked, data: presentBooking(result.lead) });
    },
  );
  return api;
}
