import { toJSONSchema, type z } from "zod";
import { inputMessages } from "../vocabulary/input.ts";
import { AppError } from "./errors.ts";

/** How a refusal is summed up in one message (the toast), beside each field's own message (decision 0010). */
export interface Summary {
  /** The summary when any refused field was left empty (the spec's "Fill the form"). */
  whenBlank?: string;
  /** Fields whose message, when they are refused, is the summary before any other's (the spec's order of checks). */
  first?: readonly string[];
}

/**
 * Control characters no text may carry (decision 0034): NUL, which PostgreSQL refuses in text and JSON, and
 * every other C0 and C1 control and DEL; line breaks and tabs are text.
 */
export const forbiddenControl = /(?![\t\n\r])\p{Cc}/u;

/**
 * The first field of `raw` (its top-level name) with a control character in any string it holds, its
 * keys included; undefined when there is none. Nested arrays and objects are walked (to a sane depth).
 */
export function fieldWithControlCharacters(raw: unknown): string | undefined {
  const holds = (value: unknown, depth: number): boolean => {
    if (typeof value === "string") return forbiddenControl.test(value);
    if (depth > 8 || value === null || typeof value !== "object") return false;
    if (Array.isArray(value)) return value.some((item) => holds(item, depth + 1));
    return Object.entries(value).some(([key, item]) => forbiddenControl.test(key) || holds(item, depth + 1));
  };
  if (typeof raw === "string") return holds(raw, 0) ? "form" : undefined;
  if (raw === null || typeof raw !== "object") return undefined;
  if (Array.isArray(raw)) return holds(raw, 0) ? "form" : undefined;
  for (const [key, value] of Object.entries(raw)) if (forbiddenControl.test(key) || holds(value, 1)) return key;
  return undefined;
}

/** A 400 naming the field when any string of `raw` holds a control character (parseInput's last step). */
export function refuseControlCharacters(raw: unknown): void {
  const field = fieldWithControlCharacters(raw);
  if (field !== undefined)
    throw new AppError("invalid_input", inputMessages.controlCharacters, { [field]: inputMessages.controlCharacters });
}

/**
 * Parses input with its one schema; a failure is a 400 naming every wrong field with its message. Input
 * the schema accepts is then checked for control characters in every string it holds (decision 0034): a NUL
 * byte is a clear 400 here, never a 500 from the database (a schema's own rule, such as a name's, speaks
 * first when it refuses).
 * `message` is the summary shown to the user (defaults to the first field's message); `summary`
 * says when another message sums it up instead.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, message?: string, summary: Summary = {}): z.infer<S> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) {
    // What the schema accepted may still hold a control character (a note, a password, a key it ignores).
    refuseControlCharacters(raw);
    return parsed.data;
  }
  const fields: Record<string, string> = {};
  const given = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  let blank = false;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= issue.message;
    const value = given[key];
    if (issue.path.length === 1 && (value === undefined || value === null || (typeof value === "string" && value.trim() === "")))
      blank = true;
  }
  const firstRefused = summary.first?.find((key) => fields[key] !== undefined);
  const text =
    (blank ? summary.whenBlank : undefined) ??
    (firstRefused ? fields[firstRefused] : undefined) ??
    message ??
    Object.values(fields)[0] ??
    "Invalid input";
  throw new AppError("invalid_input", text, fields);
}

/**
 * What a browser can check of a field before it is sent (the `required`, `minlength`, `maxlength`,
 * `min`, `max` and `pattern` attributes), read from the same schema the server parses with, so a
 * screen never restates a rule. Fields of an array of objects appear as `list.field`.
 */
export interface FieldRules {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: string;
}

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

function rulesOf(json: JsonSchema, required: boolean): FieldRules {
  const rules: FieldRules = {};
  if (required) rules.required = true;
  if (json.minLength !== undefined && json.minLength > 1) rules.minLength = json.minLength;
  if (json.maxLength !== undefined) rules.maxLength = json.maxLength;
  if (json.minimum !== undefined) rules.min = json.minimum;
  if (json.maximum !== undefined) rules.max = json.maximum;
  // HTML anchors a pattern itself; JSON Schema's are written out.
  if (json.pattern) rules.pattern = json.pattern.replace(/^\^/, "").replace(/\$$/, "");
  return rules;
}

const rulesCache = new WeakMap<z.ZodType, Record<string, FieldRules>>();

export function fieldRules(schema: z.ZodType): Record<string, FieldRules> {
  const known = rulesCache.get(schema);
  if (known) return known;
  // The input side: what the person types, before transforms (trimming, upper-casing, parsing a phone number).
  const json = toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const rules: Record<string, FieldRules> = {};
  for (const [name, field] of Object.entries(json.properties ?? {})) {
    rules[name] = rulesOf(field, json.required?.includes(name) ?? false);
    for (const [inner, innerField] of Object.entries(field.items?.properties ?? {})) {
      rules[`${name}.${inner}`] = rulesOf(innerField, field.items?.required?.includes(inner) ?? false);
    }
  }
  rulesCache.set(schema, rules);
  return rules;
}

/**
 * Whether an address's path (decoded) or any query name or value holds a control character (decision 0034).
 * A path whose escapes do not decode is left to the routes, which answer it as before.
 */
export function addressHoldsControlCharacters(url: string): boolean {
  // A control character reaches an address only percent-encoded (HTTP refuses it raw): most requests
  // (assets, cached pages) have no escape at all and skip parsing the address.
  if (!url.includes("%")) return false;
  const { pathname, searchParams } = new URL(url);
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Not valid percent-encoding: no route reads it as text.
  }
  if (forbiddenControl.test(path)) return true;
  for (const [name, value] of searchParams) if (forbiddenControl.test(name) || forbiddenControl.test(value)) return true;
  return false;
}
