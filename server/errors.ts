import type { Context } from "hono";
import { AppError } from "../modules/errors.ts";

/** The message of every unexpected failure: never its details. */
export const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again later.";

/** The one JSON error shape (OpenAPI's ErrorBody): a message, and the error's code, message and field messages. */
export function errorBody(error: AppError) {
  return {
    message: error.message,
    error: { code: error.kind as string, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
  };
}

/** Every JSON error leaves the server through here: our AppErrors with their status, anything else as a generic 500. */
export function errorResponse(c: Context, error: unknown): Response {
  if (AppError.is(error)) {
    if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
    return c.json(errorBody(error), error.status as 400);
  }
  (c.get("log") as { error: (o: object, m: string) => void } | undefined)?.error({ err: error }, "unexpected error");
  return c.json({ message: INTERNAL_MESSAGE, error: { code: "internal", message: INTERNAL_MESSAGE } }, 500);
}
