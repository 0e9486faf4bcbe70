import { Hono } from "hono";
import type { ConsultationService } from "../../modules/leads/bookings.ts";
import type { RateLimitRule } from "../../platform/rate-limit.ts";
import type { ServerEnv } from "../context.ts";
import { presentBooking } from "./presenters.ts";
import { readJson } from "./read-json.ts";

/** POST /api/v1/consultations: the spec's register call, answering `{ message, alreadyBooked, data }`. */
export function consultationsApi(consultations: ConsultationService, limit: RateLimitRule) {
  const api = new Hono<ServerEnv>();
  api.post("/", async (c) => {
    await c.var.limit(limit);
    const result = await consultations.book(await readJson(c), { studentId: c.var.student?.studentId });
    return c.json({ message: result.message, alreadyBooked: result.alreadyBooked, data: presentBooking(result.lead) });
  });
  return api;
}
