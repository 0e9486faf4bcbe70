import { type Handler, Hono } from "hono";
import { z } from "zod";
import { contactChoicesSchema } from "../../modules/consent.ts";
import type { StaffService } from "../../modules/console/console.ts";
import { erasureRequestSchema } from "../../modules/erasure-request.ts";
import { parseId } from "../../modules/ids.ts";
import { passwordSchema } from "../../modules/privacy/erasure.ts";
import type { AccessEntry, ContactPreferences, DataExportView, PrivacyService } from "../../modules/privacy/privacy.ts";
import type { CookieWriter } from "../../platform/cookies.ts";
import { accessLogActions, consentSources, contactChannels, privacyMessages } from "../../vocabulary/privacy.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff, requireStudent } from "../guards.ts";
import { contentDisposition } from "./documents.ts";
import {
  answer,
  body,
  component,
  dataOf,
  describe,
  failures,
  idParam,
  jsonSchema,
  listOf,
  messageAnswer,
  ref,
} from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";

const at = z.iso.datetime();

const contactPreferencesSchema = component(
  "ContactPreferences",
  z.object({
    preferredContact: z.enum(contactChannels),
    newsAndOffers: z.boolean(),
    consentVersion: z.string().nullable().meta({ description: "The version of the consent sentence last agreed to" }),
    consentedAt: at.nullable(),
    history: z.array(
      z.object({
        preferredContact: z.enum(contactChannels),
        newsAndOffers: z.boolean(),
        wordingVersion: z.string(),
        source: z.enum(consentSources),
        givenAt: at,
      }),
    ),
  }),
);
const accessEntrySchema = component(
  "AccessEntry",
  z.object({
    at,
    staffName: z.string(),
    staffRole: z.string().nullable(),
    action: z.enum(accessLogActions),
    what: z.string().meta({ description: "The document's type, the list exported, or `conversation` (a reading of it)" }),
    text: z.string(),
  }),
);
const dataExportSchema = component(
  "DataExport",
  z.object({
    status: z.enum(["preparing", "ready", "failed"]),
    url: z.string().nullable().meta({ description: "Where the owner downloads the ZIP once ready (needs their session)" }),
    size: z.int().nullable(),
    createdAt: at,
    expiresAt: at,
  }),
);

const presentPreferences = (p: ContactPreferences): z.infer<typeof contactPreferencesSchema> => ({
  preferredContact: p.preferredContact,
  newsAndOffers: p.newsAndOffers,
  consentVersion: p.consentVersion,
  consentedAt: p.consentedAt?.toISOString() ?? null,
  history: p.history.map((h) => ({ ...h, givenAt: h.givenAt.toISOString() })),
});
const presentAccess = (a: AccessEntry): z.infer<typeof accessEntrySchema> => ({ ...a, at: a.at.toISOString() });
const presentExport = (e: DataExportView): z.infer<typeof dataExportSchema> => ({
  status: e.status,
  url: e.url,
  size: e.size,
  createdAt: e.createdAt.toISOString(),
  expiresAt: e.expiresAt.toISOString(),
});

/** The student's privacy controls under /api/v1/students/me (decision 0024): the owner is always the session's. */
export function privacyApi(privacy: PrivacyService, cookies: CookieWriter) {
  const api = new Hono<ServerEnv>();

  api.get(
    "/students/me/contact-preferences",
    describe({
      operationId: "getMyContactPreferences",
      summary: "How the student wants to be contacted, news and offers, and every consent given",
      student: true,
      responses: { 200: answer("Contact choices", dataOf(ref("ContactPreferences"))) },
    }),
    requireStudent,
    async (c) => c.json({ data: presentPreferences(await privacy.contactPreferences(c.var.student.studentId)) }),
  );
  api.put(
    "/students/me/contact-preferences",
    describe({
      operationId: "changeMyContactPreferences",
      summary: "Change the contact choices; stored with the consent wording's version and time",
      student: true,
      requestBody: body(contactChoicesSchema),
      responses: { 200: messageAnswer("Saved", ref("ContactPreferences")), ...failures(400) },
    }),
    requireStudent,
    async (c) => {
      const saved = await privacy.changeContactPreferences(c.var.student.studentId, await readJson(c));
      return c.json({ message: privacyMessages.contactSaved, data: presentPreferences(saved) });
    },
  );
  api.get(
    "/students/me/access-log",
    describe({
      operationId: "getMyAccessLog",
      summary: "Every time staff opened or downloaded one of the student's documents, or exported a list with them",
      student: true,
      responses: { 200: answer("Newest first", listOf(ref("AccessEntry"))) },
    }),
    requireStudent,
    async (c) => c.json({ data: (await privacy.accessLog(c.var.student.studentId)).map(presentAccess) }),
  );
  api.get(
    "/students/me/data-export",
    describe({
      operationId: "getMyDataExport",
      summary: "The student's newest data export that has not expired (null when none)",
      student: true,
      responses: { 200: answer("The export", dataOf({ oneOf: [ref("DataExport"), { type: "null" }] })) },
    }),
    requireStudent,
    async (c) => {
      const latest = await privacy.latestExport(c.var.student.studentId);
      return c.json({ data: latest ? presentExport(latest) : null });
    },
  );
  api.post(
    "/students/me/data-export",
    describe({
      operationId: "requestMyDataExport",
      summary: "Prepare a ZIP of everything held about the student and their documents (usually within a minute)",
      student: true,
      responses: { 202: messageAnswer("Being prepared", ref("DataExport")), ...failures(429) },
    }),
    requireStudent,
    async (c) => {
      const asked = await privacy.requestExport(c.var.student.studentId);
      return c.json({ message: privacyMessages.exportAsked, data: presentExport(asked) }, 202);
    },
  );
  api.post(
    "/students/me/erase",
    describe({
      operationId: "eraseMyAccount",
      summary: "Delete the account and everything held about the student, after the password again; signs out",
      student: true,
      requestBody: body(passwordSchema),
      responses: {
        200: answer("Erased", { type: "object", required: ["message"], properties: { message: { type: "string" } } }),
        ...failures(400, 429),
      },
    }),
    requireStudent,
    async (c) => {
      await privacy.eraseOwnAccount(c.var.student.studentId, await readJson(c));
      c.header("Set-Cookie", cookies.clearSession());
      return c.json({ message: privacyMessages.deleted });
    },
  );
  return api;
}

/** What an erasure removed, as the answer gives it. */
const erasureSummary = jsonSchema(
  z.object({ documents: z.int(), applications: z.int(), bookings: z.int(), files: z.int() }),
  "output",
);

/** An admin erases a student on a request that came by mail (decision 0024). */
export function staffErasureApi(staff: StaffService) {
  const api = new Hono<ServerEnv>();
  api.post(
    "/students/:studentId/erase",
    describe({
      operationId: "eraseStudent",
      summary: "Erase a student on a request that came by mail (admins); audited as student.erased",
      staff: true,
      parameters: [idParam("studentId")],
      requestBody: body(erasureRequestSchema, {
        describe: { reason: "How and when the request came", confirmEmail: "The student's e-mail, typed again" },
      }),
      responses: { 200: messageAnswer("Erased", erasureSummary), ...failures(400, 403) },
    }),
    requireStaff,
    async (c) => {
      const summary = await staff.students.erase(c.var.staff, parseId(c.req.param("studentId"), "Student"), await readJson(c));
      return c.json({ message: privacyMessages.erased, data: summary });
    },
  );
  api.post(
    "/leads/:leadId/erase",
    describe({
      operationId: "eraseLead",
      summary: "Erase the bookings of a person without an account, on a request by mail (admins); audited as bookings.erased",
      staff: true,
      parameters: [idParam("leadId")],
      requestBody: body(erasureRequestSchema, {
        describe: { reason: "How and when the request came", confirmEmail: "The lead's e-mail, typed again" },
      }),
      responses: {
        200: messageAnswer("Erased", jsonSchema(z.object({ bookings: z.int() }), "output")),
        ...failures(400, 403, 409),
      },
    }),
    requireStaff,
    async (c) => {
      const erased = await staff.leads.erase(c.var.staff, parseId(c.req.param("leadId"), "Lead"), await readJson(c));
      return c.json({ message: privacyMessages.leadErased(erased.bookings), data: erased });
    },
  );
  return api;
}

/** GET /files/exports/:publicId: a student's data export, streamed only to its owner; everyone else gets the same 404. */
export function exportFileRoute(privacy: PrivacyService): Handler<ServerEnv> {
  return async (c) => {
    const file = await privacy.openExport(c.var.student?.studentId ?? null, c.req.param("publicId") ?? "");
    return c.body(file.body, 200, {
      "Content-Type": "application/zip",
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition("attachment", file.name),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
  };
}
