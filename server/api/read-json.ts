import type { Context } from "hono";
import { AppError } from "../../modules/errors.ts";

/** The request's JSON body, or a 400 saying what was expected. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError("invalid_input", "Send the request body as JSON.");
  }
}
