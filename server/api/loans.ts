import { Hono } from "hono";
import { z } from "zod";
import type { DepartureChecklist, DepartureService } from "../../modules/departure/departure.ts";
import { AppError } from "../../modules/errors.ts";
import { parseId } from "../../modules/ids.ts";
import { type LoanOfferView, type LoanService, loanOfferInput } from "../../modules/loans/loans.ts";
import { departureKinds, departureMessages } from "../../vocabulary/departure.ts";
import { loanMessages, loanRateTypes } from "../../vocabulary/loans.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import { answer, body, component, dataOf, describe, failures, idParam, messageAnswer, pathParam, ref } from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";

const rupees = (n: number) => Math.round(n);

/** A loan offer the student typed, with its figures (decision 0082), in whole rupees. */
export const loanOfferSchema = component(
  "LoanOffer",
  z.object({
    id: z.int(),
    label: z.string(),
    amount: z.number().meta({ description: "Rupees borrowed, as read from what was typed (40 lakh is 4000000)" }),
    annual_rate: z.number().meta({ description: "Per cent a year" }),
    rate_type: z.enum(loanRateTypes),
    tenure_months: z.int().meta({ description: "Months of instalments after the moratorium" }),
    course_months: z.int(),
    grace_months: z.int(),
    interest_paid_during_moratorium: z.boolean(),
    processing_fee: z.number(),
    moratorium_months: z.int(),
    moratorium_interest: z
      .number()
      .meta({ description: "Simple interest over the moratorium: paid during it, or added to the principal" }),
    principal_at_repayment: z.number(),
    emi: z.number().meta({ description: "The monthly instalment after the moratorium: P*r*(1+r)^n/((1+r)^n-1)" }),
    total_interest: z.number(),
    total_cost: z.number().meta({ description: "Total interest plus the processing fee" }),
  }),
);

const presentOffer = (o: LoanOfferView): z.infer<typeof loanOfferSchema> => ({
  id: o.id,
  label: o.label,
  amount: o.amount,
  annual_rate: o.annualRate,
  rate_type: o.rateType,
  tenure_months: o.tenureMonths,
  course_months: o.courseMonths,
  grace_months: o.graceMonths,
  interest_paid_during_moratorium: o.interestPaidDuringMoratorium,
  processing_fee: o.processingFee,
  moratorium_months: o.figures.moratoriumMonths,
  moratorium_interest: rupees(o.figures.moratoriumInterest),
  principal_at_repayment: rupees(o.figures.principalAtRepayment),
  emi: rupees(o.figures.emi),
  total_interest: rupees(o.figures.totalInterest),
  total_cost: rupees(o.figures.totalCost),
});

const words = z.object({ en: z.string(), hi: z.string() });

/** An application's departure checklist (decision 0083). */
export const departureChecklistSchema = component(
  "DepartureChecklist",
  z.object({
    application_id: z.int(),
    country: z.string(),
    course_start: z.iso.date().nullable().meta({ description: "The intake month's first day; null without an intake" }),
    has_data: z.boolean().meta({ description: "False when no checklist is held for the destination" }),
    items: z.array(
      z.object({
        key: z.string(),
        kind: z.enum(departureKinds),
        title: words,
        detail: words,
        days_from_start: z.int(),
        day: z.iso.date().nullable(),
        done: z.boolean(),
        source: z.object({
          name: z.string(),
          address: z.string().nullable(),
          published: z.iso.date().nullable(),
          checked: z.iso.date(),
          official: z.boolean().meta({ description: "False: read only in secondary reports, to be confirmed" }),
        }),
      }),
    ),
  }),
);

const presentChecklist = (c: DepartureChecklist): z.infer<typeof departureChecklistSchema> => ({
  application_id: c.application.id,
  country: c.application.country,
  course_start: c.courseStart,
  has_data: c.hasData,
  items: c.items.map((i) => ({
    key: i.key,
    kind: i.kind,
    title: i.title,
    detail: i.detail,
    days_from_start: i.daysFromStart,
    day: i.day,
    done: i.done,
    source: i.source,
  })),
});

const tickSchema = z.object({ done: z.boolean() });

/**
 * The loan planner (decision 0082) under /api/v1/students/me/loan-offers, and the departure checklist
 * (decision 0083) under /api/v1/students/me/applications/{id}/departure. The owner comes from the session.
 */
export function loansApi(loans: LoanService, departure: DepartureService) {
  const api = new Hono<ServerEnv>();
  const offerId = (raw: string | undefined) => parseId(raw, "Loan offer");

  api.get(
    "/students/me/loan-offers",
    describe({
      operationId: "listMyLoanOffers",
      summary: "The loan offers the student typed (at most three), each with its instalment, total interest and total cost",
      student: true,
      responses: { 200: answer("The offers", dataOf({ type: "array", items: ref("LoanOffer") })) },
    }),
    requireStudent,
    async (c) => c.json({ data: (await loans.list(c.var.student.studentId)).map(presentOffer) }),
  );

  api.post(
    "/students/me/loan-offers",
    describe({
      operationId: "addMyLoanOffer",
      summary:
        "Add a loan offer: amount as written (40,00,000, 40 lakh, 1.2 crore, 40 लाख), rate above 0 and at most 30%, tenure above 0 and at most 30 years; a fourth is refused",
      student: true,
      requestBody: body(loanOfferInput, {
        describe: {
          amount: "Rupees, as a family writes them: 40,00,000, 4,000,000, 40 lakh, 1.2 crore, 40 लाख",
          tenureYears: "Years of instalments after the moratorium",
          processingFee: "Rupees, written as the amount; blank is 0",
        },
        optional: ["courseMonths", "graceMonths", "processingFee", "interestPaidDuringMoratorium"],
      }),
      responses: { 201: messageAnswer("Saved", ref("LoanOffer")), ...failures(400, 409) },
    }),
    requireStudent,
    async (c) => {
      const offer = await loans.add(c.var.student.studentId, await readJson(c));
      return c.json({ message: loanMessages.saved, data: presentOffer(offer) }, 201);
    },
  );

  api.put(
    "/students/me/loan-offers/:offerId",
    describe({
      operationId: "changeMyLoanOffer",
      summary: "Change one of the student's loan offers (the same fields and refusals as adding one)",
      student: true,
      parameters: [idParam("offerId")],
      requestBody: body(loanOfferInput, {
        optional: ["courseMonths", "graceMonths", "processingFee", "interestPaidDuringMoratorium"],
      }),
      responses: { 200: messageAnswer("Saved", ref("LoanOffer")), ...failures(400, 404) },
    }),
    requireStudent,
    async (c) => {
      const offer = await loans.change(c.var.student.studentId, offerId(c.req.param("offerId")), await readJson(c));
      return c.json({ message: loanMessages.saved, data: presentOffer(offer) });
    },
  );

  api.delete(
    "/students/me/loan-offers/:offerId",
    describe({
      operationId: "removeMyLoanOffer",
      summary: "Remove one of the student's loan offers",
      student: true,
      parameters: [idParam("offerId")],
      responses: { 200: messageAnswer("Removed"), ...failures(404) },
    }),
    requireStudent,
    async (c) => {
      await loans.remove(c.var.student.studentId, offerId(c.req.param("offerId")));
      return c.json({ message: loanMessages.removed });
    },
  );

  api.get(
    "/students/me/applications/:applicationId/departure",
    describe({
      operationId: "getMyDepartureChecklist",
      summary:
        "The departure checklist of an application whose visa is granted: its destination's steps, each dated from the course's start, sourced, and ticked or not",
      student: true,
      parameters: [idParam("applicationId")],
      responses: { 200: answer("The checklist", dataOf(ref("DepartureChecklist"))), ...failures(404, 409) },
    }),
    requireStudent,
    async (c) =>
      c.json({
        data: presentChecklist(
          await departure.get(c.var.student.studentId, parseId(c.req.param("applicationId"), "Application")),
        ),
      }),
  );

  api.put(
    "/students/me/applications/:applicationId/departure/:item",
    describe({
      operationId: "tickMyDepartureItem",
      summary:
        "Tick an item of the departure checklist ({done: true}) or take the tick off ({done: false}); ticking twice is one tick",
      student: true,
      parameters: [idParam("applicationId"), pathParam("item", { type: "string", pattern: "^[a-z0-9-]+$" })],
      requestBody: body(tickSchema),
      responses: { 200: messageAnswer("Ticked", ref("DepartureChecklist")), ...failures(400, 404, 409) },
    }),
    requireStudent,
    async (c) => {
      const { done } = parseInputOf(await readJson(c));
      const checklist = await departure.tick(
        c.var.student.studentId,
        parseId(c.req.param("applicationId"), "Application"),
        c.req.param("item"),
        done,
      );
      return c.json({ message: done ? departureMessages.ticked : departureMessages.unticked, data: presentChecklist(checklist) });
    },
  );

  return api;
}

const parseInputOf = (raw: unknown) => {
  const parsed = tickSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("invalid_input", "Send done: true or false.", { done: "Send done: true or false." });
  return parsed.data;
};
