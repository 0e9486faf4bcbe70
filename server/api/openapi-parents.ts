import { parentLinkSchema as parentLinkInputSchema } from "../../modules/parents/input.ts";
import {
  answer,
  body,
  dataOf,
  failures,
  idParam,
  jsonSchema,
  listOf,
  messageAnswer,
  operation,
  pathParam,
  ref,
  write,
} from "./openapi-parts.ts";
import { createdParentLinkSchema, parentLinkSchema, parentViewSchema } from "./parents.ts";

/** The student's parent links and the parent's read-only view (decision 0028), for the OpenAPI document. */
export const parentSchemas = () => ({
  ParentLink: jsonSchema(parentLinkSchema, "output"),
  CreatedParentLink: jsonSchema(createdParentLinkSchema, "output"),
  ParentView: jsonSchema(parentViewSchema, "output"),
});

export const parentPaths = () => ({
  "/api/v1/students/me/parent-links": {
    get: operation({
      operationId: "listMyParentLinks",
      summary: "The student's read-only links for a parent, newest first, with their openings (never their tokens)",
      student: true,
      responses: { 200: answer("Links", listOf(ref("ParentLink"))) },
    }),
    post: write({
      operationId: "createMyParentLink",
      summary: "Create a read-only link for a parent (7, 30 or 90 days; at most 5 active); its token is given this once",
      student: true,
      requestBody: body(parentLinkInputSchema),
      responses: { 201: messageAnswer("Created", ref("CreatedParentLink")), ...failures(400, 409, 429) },
    }),
  },
  "/api/v1/students/me/parent-links/{linkId}/revoke": {
    post: write({
      operationId: "revokeMyParentLink",
      summary: "Revoke one of the student's parent links: it stops opening at once",
      student: true,
      parameters: [idParam("linkId")],
      responses: { 200: messageAnswer("Revoked", ref("ParentLink")), ...failures(404) },
    }),
  },
  "/api/v1/parent/{token}": {
    get: operation({
      operationId: "openParentLink",
      summary:
        "What a parent sees through a link, without an account: the student's first name and applications with their stages; each call is recorded as an opening",
      parameters: [pathParam("token", { type: "string", maxLength: 100 })],
      responses: {
        200: answer("The parent's view", dataOf(ref("ParentView"))),
        ...failures(429),
        404: {
          description: "The link is unknown, expired or revoked (one answer for all three)",
          content: { "application/json": { schema: ref("ErrorBody") } },
        },
      },
    }),
  },
});
