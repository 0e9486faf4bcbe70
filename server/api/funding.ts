import { Hono } from "hono";
import { z } from "zod";
import { type FundingPlan, type FundingService, fundingInput } from "../../modules/funding/funding.ts";
import { fundingMessages } from "../../vocabulary/offers.ts";
import { fundSourceKinds } from "../../vocabulary/visas.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import { answer, body, component, dataOf, describe, failures, messageAnswer, ref } from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";

/** The student's one funding plan (decision 0079), read by the visa plan's funds check and the offers comparison. */
export const fundingPlanSchema = component(
  "FundingPlan",
  z.object({
    sources: z.array(
      z.object({
        kind: z.enum(fundSourceKinds),
        amount: z.number(),
        currency: z.string(),
        proof: z.string().nullable().meta({ description: "The document that proves it, in the student's words" }),
        held_since: z.iso.date().nullable(),
        statement_date: z.iso.date().nullable(),
      }),
    ),
    updated_at: z.iso.datetime().nullable(),
  }),
);

export const presentFundingPlan = (plan: FundingPlan): z.infer<typeof fundingPlanSchema> => ({
  sources: plan.sources.map((s) => ({
    kind: s.kind,
    amount: s.amount,
    currency: s.currency,
    proof: s.proof,
    held_since: s.heldSince,
    statement_date: s.statementDate,
  })),
  updated_at: plan.updatedAt ? plan.updatedAt.toISOString() : null,
});

const amountNote = 'A number, or text as a family writes it: "25,00,000", "2,500,000", "25 lakh", "1.2 crore", "25 लाख"';

/** The funding plan under /api/v1/students/me/funding-plan: the owner comes from the session. */
export function fundingApi(funding: FundingService) {
  const api = new Hono<ServerEnv>();
  api.get(
    "/students/me/funding-plan",
    describe({
      operationId: "getFundingPlan",
      summary: "The student's one funding plan: savings, education loan, scholarship and sponsor, each with its proving document",
      student: true,
      responses: { 200: answer("The plan (empty sources before it is made)", dataOf(ref("FundingPlan"))) },
    }),
    requireStudent,
    async (c) => c.json({ data: presentFundingPlan(await funding.plan(c.var.student.studentId)) }),
  );
  api.put(
    "/students/me/funding-plan",
    describe({
      operationId: "saveFundingPlan",
      summary:
        "Save the funding plan whole; a currency without a rate is refused and what was saved before stays; with `updatedAt` as read, a plan changed since is refused (409)",
      student: true,
      requestBody: body(fundingInput, { describe: { sources: `Each source's amount: ${amountNote}` } }),
      responses: { 200: messageAnswer("Saved", ref("FundingPlan")), ...failures(400, 409) },
    }),
    requireStudent,
    async (c) => {
      const raw = await readJson(c);
      return c.json({
        message: fundingMessages.saved,
        data: presentFundingPlan(await funding.save(c.var.student.studentId, raw)),
      });
    },
  );
  return api;
}
