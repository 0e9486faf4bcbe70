import { type DescribeRouteOptions, describeRoute } from "hono-openapi";
import { z } from "zod";
import { courseSorts, durationBands } from "../../modules/catalogue/course-filters.ts";
import { errorCodes } from "../../modules/errors.ts";
import { courseLevels, courseModes } from "../../vocabulary/catalogue.ts";

/**
 * The building blocks of the OpenAPI document: each endpoint's operation is given where it is registered,
 * with `describe()`, and each named answer shape beside the presenter schema it comes from, with
 * `component()` (decision 0054); server/api/openapi.ts assembles them.
 */

/** The one error shape every JSON error has (server/errors.ts builds it). */
export const errorBodySchema = z.object({
  message: z.string(),
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional().meta({ description: "A message per refused field" }),
    requestId: z
      .string()
      .optional()
      .meta({ description: "The request's id (also its X-Request-Id header), for a student to quote to support" }),
  }),
});

export const jsonSchema = (schema: z.ZodType, io: "input" | "output") => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as { $schema?: string };
  delete json.$schema;
  return json;
};
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: object) => ({ "application/json": { schema } });
export const answer = (description: string, schema: object) => ({ description, content: json(schema) });
export const message = z.object({ message: z.string() });
export const listOf = (item: object, extra: Record<string, object> = {}) => ({
  type: "object",
  required: ["data"],
  properties: { data: { type: "array", items: item }, ...extra },
});
export const dataOf = (item: object) => ({ type: "object", required: ["data"], properties: { data: item } });
/** An answer carrying the message the screen shows and, when given, the data it is about. */
export const messageAnswer = (description: string, data?: object) =>
  answer(description, {
    type: "object",
    required: data ? ["message", "data"] : ["message"],
    properties: { message: { type: "string" }, ...(data ? { data } : {}) },
  });
export const paging = { page: { type: "integer" }, pageSize: { type: "integer" }, total: { type: "integer" } };
export const coursesAnswer = (extra: Record<string, object> = {}) => ({
  type: "object",
  required: ["coursesData"],
  properties: { coursesData: { type: "array", items: ref("Course") }, ...extra },
});

const failureText: Record<number, string> = {
  400: "The input was refused; `error.fields` names each wrong field",
  401: "Not logged in",
  403: "Refused (a write from another site, or no valid reset proof)",
  404: "Not found",
  409: "It clashes with what is there (e.g. an account with this e-mail)",
  413: "The body is too large",
  415: "The file is not of a kind this call takes",
  429: "Too many requests; Retry-After says when to try again",
  503: "A service we depend on (the database, the mail server) is unavailable; try again after Retry-After",
};
export const failures = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: failureText[code], content: json(ref("ErrorBody")) }]));

export const pathParam = (name: string, schema: object) => ({ name, in: "path", required: true, schema });
export const idParam = (name: string) => pathParam(name, { type: "integer", minimum: 1 });
export const pageParam = { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } };

/** The filters and order of a search (modules/catalogue/course-filters.ts, decision 0030), as query parameters. */
export const courseFilterParams = [
  { name: "country", in: "query", description: "A destination's address name, e.g. germany", schema: { type: "string" } },
  { name: "level", in: "query", schema: { type: "string", enum: courseLevels.map((l) => l.toLowerCase()) } },
  { name: "mode", in: "query", schema: { type: "string", enum: courseModes.map((m) => m.toLowerCase()) } },
  {
    name: "duration",
    in: "query",
    description: durationBands.map((b) => `${b.key}: ${b.label}`).join("; "),
    schema: { type: "string", enum: durationBands.map((b) => b.key) },
  },
  {
    name: "intake",
    in: "query",
    description: "A month with an upcoming intake",
    schema: { type: "integer", minimum: 1, maximum: 12 },
  },
  { name: "fee_min", in: "query", description: "Tuition a year, in rupees, at least", schema: { type: "integer", minimum: 0 } },
  { name: "fee_max", in: "query", description: "Tuition a year, in rupees, at most", schema: { type: "integer", minimum: 0 } },
  { name: "sort", in: "query", schema: { type: "string", enum: [...courseSorts], default: "relevance" } },
];
export const multipart = (properties: Record<string, object>) => ({
  required: true,
  content: { "multipart/form-data": { schema: { type: "object", required: Object.keys(properties), properties } } },
});

export interface Operation {
  operationId: string;
  summary: string;
  /** A student session is needed (the session cookie). */
  student?: boolean;
  /** A staff session is needed (the staff cookie); without one the path answers 404, as if it did not exist. */
  staff?: boolean;
  parameters?: object[];
  requestBody?: object;
  responses: Record<string | number, object>;
}

/**
 * An endpoint's operation, given where the endpoint is registered (decision 0054):
 * `api.get("/students/me", describe({ operationId, summary, student: true, responses }), requireStudent, handler)`.
 * hono-openapi reads it back from the app's route table, with the path (`:id` written as `{id}`) and the
 * method; the answers every operation of a kind has (503; 401 or 404 without its session; 403 and 413 on
 * a write) are added when the document is assembled (server/api/openapi.ts). It costs a request one
 * middleware that only calls the next.
 */
export const describe = ({ student, staff, ...op }: Operation) =>
  describeRoute({
    ...op,
    security: student ? [{ studentSession: [] }] : staff ? [{ staffSession: [] }] : [],
  } as DescribeRouteOptions);

/** The answers of every operation, by its method and the session it asks for (added by the document's assembly). */
export const conventionalAnswers = (method: string, security: object[]) => {
  const schemes = security.flatMap((requirement) => Object.keys(requirement));
  return {
    // Every write may be refused as cross-site (403) or too large (413).
    ...(method === "get" ? {} : failures(403, 413)),
    ...(schemes.includes("studentSession") ? failures(401) : {}),
    ...(schemes.includes("staffSession")
      ? { 404: { description: "No staff session (or no such thing)", content: json(ref("ErrorBody")) } }
      : {}),
    // Every operation reads the database, so any may answer 503 while it is away (Retry-After says when to retry).
    ...failures(503),
  };
};

const components = new Map<string, z.ZodType>();

/**
 * A named answer shape of the document (`ref(name)` points at it), registered beside the presenter schema
 * it comes from: `export const courseSchema = component("Course", z.object({...}))`.
 */
export function component<T extends z.ZodType>(name: string, schema: T): T {
  if (components.has(name)) throw new Error(`OpenAPI: two components are named ${name}`);
  components.set(name, schema);
  return schema;
}

/** Every registered component as the document's JSON Schema, in the order registered. */
export const componentSchemas = () =>
  Object.fromEntries([...components].map(([name, schema]) => [name, jsonSchema(schema, "output")]));

interface BodyNotes {
  /** Words for a field that its schema does not say itself (a form's other spelling, a rule checked in the domain). */
  describe?: Record<string, string>;
  /** Fields the schema fills in itself when absent (e.g. an intake's month and year from `intake`), so a client may leave out. */
  optional?: string[];
}

/**
 * A request body described by the domain schema that parses it (decision 0032: no twin of it here), with the
 * notes a reader needs. A note naming a field the schema does not have throws, so a renamed field cannot
 * leave its note behind (the document is built when the app is).
 */
export const body = (schema: z.ZodType, notes: BodyNotes = {}) => {
  const described = jsonSchema(schema, "input") as { properties?: Record<string, { description?: string }>; required?: string[] };
  const properties = described.properties ?? {};
  for (const field of [...Object.keys(notes.describe ?? {}), ...(notes.optional ?? [])]) {
    if (!(field in properties)) throw new Error(`OpenAPI: the body has no field ${field}`);
  }
  for (const [field, description] of Object.entries(notes.describe ?? {})) {
    properties[field] = { ...properties[field], description };
  }
  if (notes.optional && described.required) {
    described.required = described.required.filter((field) => !notes.optional?.includes(field));
  }
  return { required: true, content: json(described) };
};

/** A list's filters as query parameters, from the domain schema that parses them (all optional in an address). */
export const queryParams = (schema: z.ZodType, describe: Record<string, string> = {}) => {
  const { properties = {} } = jsonSchema(schema, "input") as { properties?: Record<string, object> };
  for (const field of Object.keys(describe)) {
    if (!(field in properties)) throw new Error(`OpenAPI: the filters have no field ${field}`);
  }
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: "query",
    ...(describe[name] ? { description: describe[name] } : {}),
    schema,
  }));
};
