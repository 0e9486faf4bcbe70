import { Hono } from "hono";
import { z } from "zod";
import type { StaffService } from "../../modules/console/console.ts";
import { filtersSchema } from "../../modules/reports/reports.ts";
import { applicationStatuses } from "../../vocabulary/applications.ts";
import { funnelSteps } from "../../vocabulary/reports.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff } from "../guards.ts";
import { answer, component, dataOf, describe, failures, queryParams, ref } from "./openapi-parts.ts";

/** The reports' answer (modules/reports/reports.ts `Report`), described for the OpenAPI document. */
const counts = Object.fromEntries(funnelSteps.map((step) => [step, z.int()])) as Record<string, z.ZodInt>;
const rates = z
  .object(Object.fromEntries(funnelSteps.map((step) => [step, z.number().nullable()])))
  .meta({ description: "Percent of the step before, one decimal; null for the first step or after a step of nobody" });
const figures = { ...counts, firstResponseMissed: z.int(), rates };
const funnelRow = z.object({
  key: z.string().meta({ description: "Month YYYY-MM, destination, source, or the counsellor's staff id ('' unassigned)" }),
  label: z.string(),
  ...figures,
});
component(
  "Report",
  z.object({
    range: z.object({ from: z.iso.date(), to: z.iso.date() }),
    scope: z.enum(["all", "own"]).meta({ description: "The whole business, or the counsellor's own leads and students" }),
    total: z.object(figures),
    funnel: z
      .object({
        month: z.array(funnelRow),
        intake: z.array(funnelRow),
        destination: z.array(funnelRow),
        source: z.array(funnelRow),
        counsellor: z.array(funnelRow).optional().meta({ description: "Admins and read-only staff only" }),
      })
      .partial(),
    stageDurations: z.array(
      z.object({
        stage: z.enum(applicationStatuses),
        stays: z.int(),
        medianDays: z.number().meta({ description: "One decimal" }),
      }),
    ),
    firstResponseHours: z
      .int()
      .meta({ description: "The first-response target the missed count uses, in working hours (the inbox's, decision 0013)" }),
    workingHours: z
      .object({
        days: z.array(z.int().min(0).max(6)).meta({ description: "Working weekdays, 0 Sunday to 6 Saturday" }),
        start: z.string().meta({ description: "HH:MM, IST" }),
        end: z.string().meta({ description: "HH:MM, IST" }),
      })
      .meta({ description: "The working hours the target is counted in" }),
    outcomes: z.object({
      byMonth: z.array(z.object({ month: z.string(), offers: z.int(), visasGranted: z.int(), visasRefused: z.int() })),
      offers: z.int(),
      visasGranted: z.int(),
      visasRefused: z.int(),
    }),
    sessions: z.object({ attended: z.int(), noShows: z.int(), unrecorded: z.int() }).meta({
      description: "Counselling sessions started in the range: attended, no-shows, outcome not recorded yet (decision 0036)",
    }),
  }),
);

/** The reports dashboard's figures as JSON (`from`, `to`: IST days), the same the screen shows. */
export function staffReportsApi(staff: StaffService) {
  const api = new Hono<ServerEnv>();
  api.get(
    "/reports",
    describe({
      operationId: "getReports",
      summary:
        "The reports' figures (funnel by month, intake, destination, source and counsellor; median days per stage; missed first responses; offers and visas): the whole business for admins and read-only staff, a counsellor's own; not for document verifiers",
      staff: true,
      parameters: queryParams(filtersSchema, {
        from: "First IST day of the range, YYYY-MM-DD (default: the first day of the month eleven months back)",
        to: "Last IST day of the range, included, YYYY-MM-DD (default: today)",
      }),
      responses: { 200: answer("The figures", dataOf(ref("Report"))), ...failures(400, 403) },
    }),
    requireStaff,
    async (c) => c.json({ data: await staff.reports.get(c.var.staff, c.req.query()) }),
  );
  return api;
}
