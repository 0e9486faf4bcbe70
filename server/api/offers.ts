import { Hono } from "hono";
import { z } from "zod";
import type { StaffService } from "../../modules/console/console.ts";
import { parseId } from "../../modules/ids.ts";
import { type AwaitingOffer, type Offer, type OfferService, offerInput, replyInput } from "../../modules/offers/offers.ts";
import { documentMessages, MAX_DOCUMENT_BYTES } from "../../vocabulary/documents.ts";
import { offerMessages } from "../../vocabulary/offers.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff, requireStudent } from "../guards.ts";
import {
  answer,
  body,
  component,
  dataOf,
  describe,
  failures,
  idParam,
  listOf,
  messageAnswer,
  multipart,
  ref,
} from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";
import { limitBody, readUpload } from "./uploads.ts";

/** A letter the student uploaded that waits for the counsellor's confirmation (decision 0092). */
const awaitingOfferSchema = component(
  "AwaitingOffer",
  z.object({
    application_id: z.int(),
    university: z.string(),
    course: z.string(),
    country: z.string(),
    uploaded_at: z.iso.datetime(),
    letter: z
      .object({ name: z.string(), url: z.string().meta({ description: "Where its owner opens it: /files/{publicId}" }) })
      .nullable(),
  }),
);
const presentAwaiting = (a: AwaitingOffer): z.infer<typeof awaitingOfferSchema> => ({
  application_id: a.applicationId,
  university: a.university,
  course: a.course,
  country: a.country,
  uploaded_at: a.uploadedAt.toISOString(),
  letter: a.letter ? { name: a.letter.name, url: a.letter.url } : null,
});

const money = z.object({ amount: z.number(), currency: z.string() });
const costLine = z.object({
  key: z.enum(["tuition", "scholarship", "living", "visa", "travel"]),
  label: z.string(),
  amount: z.number().meta({ description: "In the line's own currency; a scholarship is negative" }),
  currency: z.string(),
  rupees: z.number().nullable().meta({ description: "In rupees at the rate table's rate; null when the currency has no rate" }),
  rate_date: z.iso.date().nullable(),
  source: z.string(),
  source_date: z.string().nullable(),
  estimate: z.boolean().meta({ description: "A rough estimate (travel), not a published figure" }),
  reckoning: z.string(),
});

/** An offer with what it costs in rupees beside the funding plan (decisions 0078, 0081). */
export const offerSchema = component(
  "Offer",
  z.object({
    id: z.int(),
    application_id: z.int(),
    university: z.string(),
    course: z.string(),
    country: z.string(),
    kind: z.enum(["conditional", "unconditional"]),
    conditions: z.array(z.object({ text: z.string(), state: z.enum(["met", "pending"]), due_on: z.iso.date().nullable() })),
    scholarship: money.extend({ years: z.int(), renewable_on: z.string().nullable() }).nullable(),
    deposit: money.extend({ due_on: z.iso.date().nullable() }).nullable(),
    reply_by: z.iso.date(),
    state: z.enum(["open", "accepted", "held", "declined"]),
    decline_reason: z.string().nullable(),
    reply_closed: z.boolean().meta({ description: "The reply date has passed and no counsellor reopened the offer" }),
    backup_allowed: z.boolean(),
    cost: z.object({
      lines: z.array(costLine),
      scholarship_capped: z.boolean(),
      to_confirm: z.array(money.extend({ label: z.string(), source: z.string() })).meta({
        description: "Charges the visa guide could not confirm on the official page: named, not counted",
      }),
      no_rate: z.array(z.string()).meta({ description: "Currencies without a rate: the total is left out while any is used" }),
      missing: z.array(z.enum(["living", "visa"])).meta({
        description: "Costs the total leaves out for want of figures (living costs, visa charges): no short figure while any is",
      }),
      not_needed: z.array(z.enum(["living", "visa", "travel"])).meta({
        description:
          "Costs an online course does not have, the student studying from home (living costs abroad, visa charges, the flight): not counted",
      }),
      funding_not_counted: z
        .array(
          money.extend({
            kind: z.string(),
            rupees: z.number().nullable(),
            reason: z.enum(["this-offer", "another-offer"]),
            university: z.string().nullable().meta({ description: "The other offer's university (another-offer)" }),
          }),
        )
        .meta({
          description:
            "Sources of the funding plan not counted in what it covers: this offer's own scholarship, already off the fees, or another offer's, paid only there (decision 0111)",
        }),
      total_rupees: z.number().nullable(),
      covered_rupees: z
        .number()
        .nullable()
        .meta({ description: "What the funding plan covers, in rupees, each scholarship counted once" }),
      short_rupees: z.number().nullable(),
    }),
  }),
);

export const presentOffer = (o: Offer): z.infer<typeof offerSchema> => ({
  id: o.id,
  application_id: o.applicationId,
  university: o.application.university,
  course: o.application.course,
  country: o.application.country,
  kind: o.kind,
  conditions: o.conditions.map((c) => ({ text: c.text, state: c.state, due_on: c.dueOn })),
  scholarship: o.scholarship
    ? {
        amount: o.scholarship.amount,
        currency: o.scholarship.currency,
        years: o.scholarship.years,
        renewable_on: o.scholarship.renewableOn,
      }
    : null,
  deposit: o.deposit ? { amount: o.deposit.amount, currency: o.deposit.currency, due_on: o.deposit.dueOn } : null,
  reply_by: o.replyBy,
  state: o.state,
  decline_reason: o.declineReason,
  reply_closed: o.replyClosed,
  backup_allowed: o.backupAllowed,
  cost: {
    lines: o.cost.lines.map((l) => ({
      key: l.key,
      label: l.label,
      amount: l.amount,
      currency: l.currency,
      rupees: l.rupees,
      rate_date: l.rateDate,
      source: l.source,
      source_date: l.sourceDate,
      estimate: l.estimate,
      reckoning: l.reckoning,
    })),
    scholarship_capped: o.cost.scholarshipCapped,
    to_confirm: o.cost.toConfirm,
    no_rate: o.cost.noRate,
    missing: o.cost.missing,
    not_needed: o.cost.notNeeded,
    funding_not_counted: o.cost.fundingNotCounted.map((n) => ({
      kind: n.kind,
      amount: n.amount,
      currency: n.currency,
      rupees: n.rupees,
      reason: n.reason,
      university: n.university,
    })),
    total_rupees: o.cost.totalRupees,
    covered_rupees: o.cost.coveredRupees,
    short_rupees: o.cost.shortRupees,
  },
});

/**
 * Offers (decision 0078): the student's list and replies under /api/v1/students/me/offers; the counsellor's
 * record, read and reopen under /api/v1/staff/applications/{applicationId}/offer. Another student's offer is a 404.
 */
export function offersApi(offers: OfferService, staff: StaffService) {
  const console = staff.offers;
  const api = new Hono<ServerEnv>();
  api.get(
    "/students/me/offers",
    describe({
      operationId: "listOffers",
      summary:
        "The student's offers side by side: each one's whole cost in rupees, what the funding plan covers and what is short",
      student: true,
      responses: { 200: answer("The offers", dataOf({ type: "array", items: ref("Offer") })) },
    }),
    requireStudent,
    async (c) => c.json({ data: (await offers.list(c.var.student.studentId)).map(presentOffer) }),
  );
  api.post(
    "/students/me/offers/:offerId/reply",
    describe({
      operationId: "replyToOffer",
      summary:
        "Accept an offer (the firm choice, once), hold it as a backup where the destination allows, or decline it with a reason; refused after its reply date",
      student: true,
      parameters: [idParam("offerId")],
      requestBody: body(replyInput),
      responses: { 200: messageAnswer("Replied", ref("Offer")), ...failures(400, 404, 409) },
    }),
    requireStudent,
    async (c) => {
      const raw = await readJson(c);
      const offer = await offers.reply(c.var.student.studentId, parseId(c.req.param("offerId"), "Offer"), raw);
      const message =
        offer.state === "accepted"
          ? offerMessages.accepted
          : offer.state === "held"
            ? offerMessages.held
            : offerMessages.declined;
      return c.json({ message, data: presentOffer(offer) });
    },
  );
  api.get(
    "/students/me/offer-letters",
    describe({
      operationId: "listAwaitingOffers",
      summary:
        "The offer letters the student uploaded that wait for the counsellor's confirmation: not compared, not replied to until confirmed",
      student: true,
      responses: { 200: answer("The letters awaiting confirmation", listOf(ref("AwaitingOffer"))) },
    }),
    requireStudent,
    async (c) => c.json({ data: (await offers.awaiting(c.var.student.studentId)).map(presentAwaiting) }),
  );
  api.post(
    "/students/me/applications/:applicationId/offer-letter",
    describe({
      operationId: "uploadOfferLetter",
      summary:
        "Upload the university's offer letter on a submitted application (a PDF or a photo, at most 10 MB): an offer awaiting the counsellor's confirmation; a second upload before it replaces the first",
      student: true,
      parameters: [idParam("applicationId")],
      requestBody: multipart({ file: { type: "string", format: "binary" } }),
      responses: { 200: messageAnswer("Uploaded", ref("AwaitingOffer")), ...failures(400, 404, 409, 429) },
    }),
    requireStudent,
    limitBody(MAX_DOCUMENT_BYTES, documentMessages.tooLarge),
    async (c) => {
      const applicationId = parseId(c.req.param("applicationId"), "Application");
      const { file } = await readUpload(c);
      const awaiting = await offers.uploadLetter(c.var.student.studentId, applicationId, file);
      return c.json({ message: offerMessages.letterUploaded, data: presentAwaiting(awaiting) });
    },
  );
  api.get(
    "/staff/applications/:applicationId/offer",
    describe({
      operationId: "getApplicationOffer",
      summary: "The offer recorded on an application (the view is in the student's access log)",
      staff: true,
      parameters: [idParam("applicationId")],
      responses: { 200: answer("The offer, or null", dataOf({ oneOf: [ref("Offer"), { type: "null" }] })), ...failures(403) },
    }),
    requireStaff,
    async (c) => {
      const offer = await console.get(c.var.staff, parseId(c.req.param("applicationId"), "Application"));
      return c.json({ data: offer ? presentOffer(offer) : null });
    },
  );
  api.put(
    "/staff/applications/:applicationId/offer",
    describe({
      operationId: "recordApplicationOffer",
      summary:
        "Record or correct the offer from the university's letter: conditions, scholarship, deposit and reply date; the application enters its offer stage",
      staff: true,
      parameters: [idParam("applicationId")],
      requestBody: body(offerInput, { describe: { replyBy: "The last day the student may reply (YYYY-MM-DD)" } }),
      responses: { 200: messageAnswer("Recorded", ref("Offer")), ...failures(400, 403, 409) },
    }),
    requireStaff,
    async (c) => {
      const raw = await readJson(c);
      const offer = await console.record(c.var.staff, parseId(c.req.param("applicationId"), "Application"), raw);
      return c.json({ message: offerMessages.recorded, data: presentOffer(offer) });
    },
  );
  api.post(
    "/staff/applications/:applicationId/offer/reopen",
    describe({
      operationId: "reopenApplicationOffer",
      summary: "Let the student reply again: after the reply date, or to an offer they declined",
      staff: true,
      parameters: [idParam("applicationId")],
      responses: { 200: messageAnswer("Reopened", ref("Offer")), ...failures(403) },
    }),
    requireStaff,
    async (c) => {
      const offer = await console.reopen(c.var.staff, parseId(c.req.param("applicationId"), "Application"));
      return c.json({ message: offerMessages.reopened, data: presentOffer(offer) });
    },
  );
  return api;
}
