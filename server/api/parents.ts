import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../modules/errors.ts";
import { describeDevice } from "../../modules/identity/devices.ts";
import { parseId } from "../../modules/ids.ts";
import { parentLinkSchema as parentLinkInput, parentSharingSchema } from "../../modules/parents/input.ts";
import {
  type ParentLinkService,
  type ParentLinkView,
  type ParentSharing,
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

const parentLinkSchema = component(
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
component(
  "CreatedParentLink",
  z.object({
    link: parentLinkSchema,
    token: z.string().meta({ description: "The link's secret: given this once, only its hash is kept" }),
    url: z.string().meta({ description: "The page to give the parent, /parent/{token} on this site" }),
  }),
);
const parentViewSchema = component(
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
    offers: z
      .array(
        z.object({
          university: z.string(),
          course: z.string(),
          country: z.string(),
          kind: z.enum(["conditional", "unconditional"]),
          state: z
            .enum(["open", "accepted", "held", "declined"])
            .meta({ description: "accepted: the chosen university; held: the backup" }),
          replyBy: z.iso.date(),
          scholarship: z
            .object({ amount: z.number(), currency: z.string(), years: z.int() })
            .nullable()
            .optional()
            .meta({ description: "Present only when the student shares their offers' amounts" }),
          deposit: z
            .object({ amount: z.number(), currency: z.string() })
            .nullable()
            .optional()
            .meta({ description: "Present only when the student shares their offers' amounts" }),
        }),
      )
      .meta({ description: "The offers' state and the chosen university (decision 0091)" }),
    offerAmountsShared: z.boolean(),
  }),
);
const parentSharingAnswer = component(
  "ParentSharing",
  z.object({
    offerAmounts: z.boolean().meta({ description: "Whether the parent links show the offers' scholarship and deposit amounts" }),
    changedAt: at.nullable(),
  }),
);
const presentSharing = (s: ParentSharing): z.infer<typeof parentSharingAnswer> => ({
  offerAmounts: s.offerAmounts,
  changedAt: s.changedAt?.toISOString() ?? null,
});

const presentParentLink = (l: ParentLinkView): z.infer<typeof parentLinkSchema> => ({
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
  offers: v.offers.map((o) => ({
    university: o.university,
    course: o.course,
    country: o.country,
    kind: o.kind,
    state: o.state,
    replyBy: o.replyBy,
    ...(v.offerAmountsShared ? { scholarship: o.scholarship ?? null, deposit: o.deposit ?? null } : {}),
  })),
  offerAmountsShared: v.offerAmountsShared,
});

/**
 * The headers of every parent page and answer (decision 0028): no cache keeps it, no search engine lists it,
 * no referrer takes the link to another site. "same-origin" rather than "no-referrer" (decision 0101): with
 * none, the page's plain form post (the language switch) says "Origin: null" and our same-origin check refuses it.
 */
export const parentPageHeaders = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
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
    "/students/me/parent-sharing",
    describe({
      operationId: "getMyParentSharing",
      summary: "What the student's parent links show of their offers: the amounts, or only the state and the chosen university",
      student: true,
      responses: { 200: answer("The choice", dataOf(ref("ParentSharing"))) },
    }),
    requireStudent,
    async (c) => c.json({ data: presentSharing(await parents.sharing(c.var.student.studentId)) }),
  );
  api.put(
    "/students/me/parent-sharing",
    describe({
      operationId: "setMyParentSharing",
      summary: "Show the offers' scholarship and deposit amounts on the student's parent links, or stop (off by default)",
      student: true,
      requestBody: body(parentSharingSchema),
      responses: { 200: messageAnswer("Saved", ref("ParentSharing")), ...failures(400) },
    }),
    requireStudent,
    async (c) => {
      const sharing = await parents.setSharing(c.var.student.studentId, await readJson(c));
      return c.json({
        message: sharing.offerAmounts ? parentMessages.sharingSaved : parentMessages.sharingOff,
        data: presentSharing(sharing),
      });
    },
  );

  api.get(
    "/parent/:token",
    describe({
      operationId: "openParentLink",
      summary:
        "What a parent sees through a link, without an account: the student's first name, applications with their stages and offers with their state (amounts only when the student shares them); each call is recorded as an opening",
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
