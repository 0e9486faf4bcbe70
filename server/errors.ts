import type { Context } from "hono";
import { AppError } from "../modules/errors.ts";
import { isDatabaseUnavailable } from "../platform/db/client.ts";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_SECONDS, unavailableResponse } from "./unavailable-page.ts";

/** The message of every unexpected failure: never its details. */
const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again later.";

/**
 * The one JSON error shape (OpenAPI's ErrorBody; decision 0009): a message, and the error's code, message
 * and field messages, and the request's id for a student to quote to support (decision 0067).
 */
function errorBody(error: AppError, requestId?: string) {
  return {
    message: error.message,
    error: {
      code: error.kind as string,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(requestId ? { requestId } : {}),
    },
  };
}

/** Every JSON error leaves the server through here: our AppErrors with their status, anything else as a generic 500. */
export function errorResponse(c: Context, error: unknown): Response {
  const requestId = c.get("requestId") as string | undefined;
  if (AppError.is(error)) {
    if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
    return c.json(errorBody(error, requestId), error.status as 400);
  }
  const log = c.get("log") as { error: (o: object, m: string) => void; warn: (o: object, m: string) => void } | undefined;
  if (isDatabaseUnavailable(error)) {
    log?.warn({ err: error }, "database unavailable");
    // A browser asking for a screen gets a page; everything else the JSON error.
    if (!c.req.path.startsWith("/api/") && c.req.header("Accept")?.includes("text/html")) return unavailableResponse(requestId);
    const unavailable = new AppError("unavailable", UNAVAILABLE_MESSAGE);
    c.header("Retry-After", String(UNAVAILABLE_RETRY_SECONDS));
    return c.json(errorBody(unavailable, requestId), 503);
  }
  log?.error({ err: error }, "unexpected error");
  return c.json(
    { message: INTERNAL_MESSAGE, error: { code: "internal", message: INTERNAL_MESSAGE, ...(requestId ? { requestId } : {}) } },
    500,
  );
}
