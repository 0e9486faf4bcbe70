import type { Context } from "hono";
import { AppError } from "../modules/errors.ts";
import { isDatabaseUnavailable } from "../platform/db/client.ts";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_SECONDS, unavailableResponse } from "./unavailable-page.ts";

/** The message of every unexpected failure: never its details. */
export const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again later.";

/** The one JSON error shape (OpenAPI's ErrorBody; decision 0009): a message, and the error's code, message and field messages. */
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
  const log = c.get("log") as { error: (o: object, m: string) => void; warn: (o: object, m: string) => void } | undefined;
  if (isDatabaseUnavailable(error)) {
    log?.warn({ err: error }, "database unavailable");
    // A browser asking for a screen gets a page; everything else the JSON error.
    if (!c.req.path.startsWith("/api/") && c.req.header("Accept")?.includes("text/html")) return unavailableResponse();
    const unavailable = new AppError("unavailable", UNAVAILABLE_MESSAGE);
    c.header("Retry-After", String(UNAVAILABLE_RETRY_SECONDS));
    return c.json(errorBody(unavailable), 503);
  }
  log?.error({ err: error }, "unexpected error");
  return c.json({ message: INTERNAL_MESSAGE, error: { code: "internal", message: INTERNAL_MESSAGE } }, 500);
}
