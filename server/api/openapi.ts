import { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import { SESSION_COOKIE, STAFF_SESSION_COOKIE } from "../../platform/cookies.ts";
import type { ServerEnv } from "../context.ts";
import {
  answer,
  componentSchemas,
  conventionalAnswers,
  describe,
  errorBodySchema,
  jsonSchema,
  message,
} from "./openapi-parts.ts";

type Operations = Record<string, Record<string, { security?: object[]; responses?: object }>>;

/** Every `$ref` in the document names a component it has (a misspelt `ref("...")` throws when the document is built). */
function checkReferences(document: { components: { schemas: object } }) {
  for (const [, name] of JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
    if (!name || !(name in document.components.schemas)) throw new Error(`OpenAPI: no component named ${name}`);
  }
}

/** Each operation with the answers every operation of its kind has (by its method and the session it asks for). */
const withConventions = (paths: Operations) =>
  Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, op]) => [
          method,
          { ...op, responses: { ...op.responses, ...conventionalAnswers(method, op.security ?? []) } },
        ]),
      ),
    ]),
  );

/**
 * The OpenAPI document of both API surfaces, as /api/openapi.json serves it (decision 0054): its frame here,
 * each operation from where its endpoint is registered (`describe()` in server/api/<noun>.ts, read back from
 * the app's routes by hono-openapi), each named shape from beside the presenter schema it comes from
 * (`component()`).
 */
export async function openApiDocument(app: Hono<ServerEnv>) {
  const { paths } = await generateSpecs(app, { excludeStaticFile: false });
  const document = {
    openapi: "3.1.0",
    info: {
      title: "Ignite API",
      version: "1",
      description: "Catalogue (public, the spec's paths) and application API.",
      license: { name: "Proprietary", identifier: "LicenseRef-Ignite" },
    },
    servers: [{ url: "/", description: "This server" }],
    components: {
      securitySchemes: {
        studentSession: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The HttpOnly session cookie set by sign-up and login.",
        },
        staffSession: {
          type: "apiKey",
          in: "cookie",
          name: STAFF_SESSION_COOKIE,
          description: "The staff console's HttpOnly, SameSite=Strict cookie, set by POST /api/v1/staff/session.",
        },
      },
      schemas: {
        ErrorBody: jsonSchema(errorBodySchema, "output"),
        Message: jsonSchema(message, "output"),
        ...componentSchemas(),
      },
    },
    paths: withConventions(paths as Operations),
  };
  checkReferences(document);
  return document;
}

/** GET /api/openapi.json: assembled at its first request, when every route of the app is registered, then kept. */
export function openApiRoute(app: Hono<ServerEnv>) {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return new Hono<ServerEnv>().get(
    "/api/openapi.json",
    describe({
      operationId: "getOpenApiDocument",
      summary: "This document: both API surfaces in OpenAPI 3.1",
      responses: {
        200: answer("The OpenAPI document", {
          type: "object",
          required: ["openapi", "info", "paths"],
          properties: { openapi: { type: "string" }, info: { type: "object" }, paths: { type: "object" } },
        }),
      },
    }),
    async (c) => {
      document ??= openApiDocument(app);
      return c.json(await document);
    },
  );
}
