import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../modules/errors.ts";
import { describeDevice } from "../../modules/identity/devices.ts";
import { parseId } from "../../modules/ids.ts";
import { parentLinkSchema as parentLinkInput } from "../../modules/parents/input.ts";
import {
  type ParentLinkService,
  type ParentLinkView,
  type ParentView,
  parentPageOpenings,
} from "../../modules/parents/parents.ts";
import { applicationStatuses } from "../../vocabulary/applications.ts";
import { parentMessages } from "../../vocabulary/parents.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import {
  answer,
  body,
  component,
  dataOf,
  describe,
  failures,
  idParam,
  json,
  listOf,
  messageAnswer,
  pathParam,
  ref,
} from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";

const at = z.iso.datetime();

export const parentLinkSchema = component(
  "ParentLink",
  z.object({
    id: z.int(),
    label: z.string().nullable().meta({ description: "Whom it is for, as the student wrote it" }),
    state: z.enum(["active", "expired", "revoked"]),
    createdAt: at,
    expiresAt: at,
    revokedAt: at.nullable(),
    openings: z.object({
      count: z.int(),
      lastAt: at.nullable(),
      recent: z
        .array(
          z.object({ at, device: z.string().meta({ description: "The browser's family and system, e.g. Chrome on Android" }) }),
        )
        .meta({ description: "The newest openings, newest first" }),
    }),
  }),
);
export const createdParentLinkSchema = component(
  "CreatedParentLink",
  z.object({
    link: parentLinkSchema,
    token: z.string().meta({ description: "The link's secret: given this once, only its hash is kept" }),
    url: z.string().meta({ description: "The page to give the parent, /parent/{token} on this site" }),
  }),
);
export const parentViewSchema = component(
  "ParentView",
  z.object({
    firstName: z.string(),
    expiresAt: at,
    applications: z.array(
      z.object({
        course: z.string(),
        university: z.string(),
        country: z.string(),
        intake: z.string().nullable(),
        status: z.enum(applicationStatuses),
        history: z.array(z.object({ status: z.enum(applicationStatuses), at })),
      }),
    ),
  }),
);

export const presentParentLink = (l: ParentLinkView): z.infer<typeof parentLinkSchema> => ({
  id: l.id,
  label: l.label,
  state: l.state,
  createdAt: l.createdAt.toISOString(),
  expiresAt: l.expiresAt.toISOString(),
  revokedAt: l.revokedAt?.toISOString() ?? null,
  openings: {
    count: l.openings.count,
    lastAt: l.openings.lastAt?.toISOString() ?? null,
    recent: l.openings.recent.map((o) => ({ at: o.at.toISOString(), device: o.device })),
  },
});
const presentParentView = (v: ParentView): z.infer<typeof parentViewSchema> => ({
  firstName: v.firstName,
  expiresAt: v.expiresAt.toISOString(),
  applications: v.applications.map((a) => ({
    course: a.course,
    university: a.university,
    country: a.country,
    intake: a.intake,
    status: a.status,
    history: a.history.map((h) => ({ status: h.status, at: h.at.toISOString() })),
  })),
});

/** The headers of every parent page and answer (decision 0028): no cache keeps it, no search engine lists it, no referrer leaks it. */
export const parentPageHeaders = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/**
 * The student's parent links under /api/v1/students/me (the owner is the session's), and the parent's
 * read-only view at /api/v1/parent/{token}, which needs no account (decision 0028).
 */
export function parentsApi(parents: ParentLinkService) {
  const api = new Hono<ServerEnv>();

  api.get(
    "/students/me/parent-links",
    describe({
      operationId: "listMyParentLinks",
      summary: "The student's read-only links for a parent, newest first, with their openings (never their tokens)",
      student: true,
      responses: { 200: answer("Links", listOf(ref("ParentLink"))) },
    }),
    requireStudent,
    async (c) => c.json({ data: (await parents.list(c.var.student.studentId)).map(presentParentLink) }),
  );
  api.post(
    "/students/me/parent-links",
    describe({
      operationId: "createMyParentLink",
      summary: "Create a read-only link for a parent (7, 30 or 90 days; at most 5 active); its token is given this once",
      student: true,
      requestBody: body(parentLinkInput),
      responses: { 201: messageAnswer("Created", ref("CreatedParentLink")), ...failures(400, 409, 429) },
    }),
    requireStudent,
    async (c) => {
      const created = await parents.create(c.var.student.studentId, await readJson(c));
      return c.json(
        {
          message: parentMessages.created,
          data: { link: presentParentLink(created.link), token: created.token, url: parents.addressOf(created.path, c.req.url) },
        },
        201,
      );
    },
  );
  api.post(
    "/students/me/parent-links/:linkId/revoke",
    describe({
      operationId: "revokeMyParentLink",
      summary: "Revoke one of the student's parent links: it stops opening at once",
      student: true,
      parameters: [idParam("linkId")],
      responses: { 200: messageAnswer("Revoked", ref("ParentLink")), ...failures(404) },
    }),
    requireStudent,
    async (c) => {
      const link = await parents.revoke(c.var.student.studentId, parseId(c.req.param("linkId"), "Link"));
      return c.json({ message: parentMessages.revoked, data: presentParentLink(link) });
    },
  );

  api.get(
    "/parent/:token",
    describe({
      operationId: "openParentLink",
      summary:
        "What a parent sees through a link, without an account: the student's first name and applications with their stages; each call is recorded as an opening",
      parameters: [pathParam("token", { type: "string", maxLength: 100 })],
      responses: {
        200: answer("The parent's view", dataOf(ref("ParentView"))),
        ...failures(429),
        404: {
          description: "The link is unknown, expired or revoked (one answer for all three)",
          content: json(ref("ErrorBody")),
        },
      },
    }),
    async (c) => {
      for (const [name, value] of Object.entries(parentPageHeaders)) c.header(name, value);
      await c.var.limit(parentPageOpenings);
      const view = await parents.open(c.req.param("token"), describeDevice(c.req.header("User-Agent")));
      if (!view) throw new AppError("not_found", parentMessages.goneTitle);
      return c.json({ data: presentParentView(view) });
    },
  );
  return api;
}
