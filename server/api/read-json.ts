import type { Context } from "hono";
import { AppError } from "../../modules/errors.ts";
import { refuseControlCharacters } from "../../modules/validation.ts";

/**
 * The request's JSON body, or a 400 saying what was expected. A string holding a control character (a
 * NUL byte) is refused here too, with parseInput's answer, so a handler that reads a field before it
 * parses the rest (an invitation's token) never carries one to the database (issue 26).
 */
export async function readJson(c: Context): Promise<unknown> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("invalid_input", "Send the request body as JSON.");
  }
  refuseControlCharacters(body);
  return body;
}
