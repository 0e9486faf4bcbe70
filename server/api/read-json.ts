import type { Context } from "hono";
import { AppError } from "../../modules/errors.ts";

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const toWellFormed = (text: string) => text.replace(loneSurrogate, "\uFFFD");

/** An object whose keys are all well-formed UTF-16, or the same object with its keys made so. */
function withWellFormedKeys(value: Record<string, unknown>): Record<string, unknown> {
  if (Object.keys(value).every((key) => toWellFormed(key) === key)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [toWellFormed(key), item]));
}

/**
 * JSON.parse's reviver for every body (decision 0048): a lone UTF-16 surrogate (`"\ud800"`, which JSON
 * allows and PostgreSQL refuses) becomes U+FFFD, in values and keys, as a form's body already does
 * (its bytes are decoded as UTF-8, where a lone surrogate cannot be and an invalid sequence reads as
 * U+FFFD: https://encoding.spec.whatwg.org/#utf-8-decode, read 2026-11-27). The reviver runs bottom-up
 * inside the parser, so a deeply nested body needs no walk of our own.
 */
function wellFormed(_key: string, value: unknown): unknown {
  if (typeof value === "string") return toWellFormed(value);
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    return withWellFormedKeys(value as Record<string, unknown>);
  }
  return value;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text, wellFormed) as unknown;
  } catch {
    throw new AppError("invalid_input", "Send the request body as JSON.");
  }
};

/** The request's JSON body, or a 400 saying what was expected. */
export async function readJson(c: Context): Promise<unknown> {
  return parse(await c.req.text());
}

/** An optional JSON body: none (or only white space) reads as `{}`; anything else must be JSON. */
export async function readOptionalJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  return parse(text);
}
