import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ConsultationService } from "../../modules/consultations/consultations.ts";
import { AppError } from "../../modules/errors.ts";
import type { RateLimitRule } from "../../platform/rate-limit.ts";
import type { ServerEnv } from "../context.ts";
import { readJson } from "./read-json.ts";

/** POST /api/v1/consultations: the spec's register call, answering `{ message, data }`. */
export function consultationsApi(consultations: ConsultationService, limit: RateLimitRule) {
  const api = new Hono<ServerEnv>();
  api.post(
    "/",
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new AppError("invalid_input", "The booking is too large.");
      },
    }),
    async (c) => {
      await c.var.limit(limit);
      const result = await consultations.book(await readJson(c), { studentId: c.var.student?.studentId });
      return c.json({ message: result.message, alreadyBooked: result.alreadyBooked, data: result.data });
    },
  );
  return api;
}
