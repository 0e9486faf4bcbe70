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

/** An optional JSON body: none (or only white space) reads as `{}`; anything else must be JSON. */
export async function readOptionalJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("invalid_input", "Send the request body as JSON.");
  }
}
