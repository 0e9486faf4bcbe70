import { Hono } from "hono";
import { z } from "zod";
import type { StaffService } from "../../modules/console/console.ts";
import { exchangeRateInput, livingCostInput } from "../../modules/costs/editing.ts";
import { parseId } from "../../modules/ids.ts";
import { scholarshipInput } from "../../modules/scholarships/editing.ts";
import { parseInput } from "../../modules/validation.ts";
import { courseLevels } from "../../vocabulary/catalogue.ts";
import { costMessages } from "../../vocabulary/costs.ts";
import { scholarshipMessages } from "../../vocabulary/scholarships.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff } from "../guards.ts";
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
  pathParam,
  ref,
} from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";
import { retirementBody } from "./staff-catalogue.ts";

/**
 * The console's exchange rates, living costs (admins) and scholarships (admins and counsellors) under
 * /api/v1/staff (decision 0025); the rules are the staff service's.
 */

const consoleRateSchema = component(
  "ConsoleExchangeRate",
  z.object({
    currency: z.string(),
    rupeesPerUnit: z.number(),
    source: z.string(),
    rateDate: z.iso.date(),
    updatedAt: z.iso.datetime(),
  }),
);
const consoleLivingCostSchema = component(
  "ConsoleLivingCost",
  z.object({
    countryId: z.int(),
    country: z.string(),
    feeCurrency: z.string(),
    figure: z
      .object({ amountPerYear: z.int(), currency: z.string(), source: z.string(), year: z.int(), updatedAt: z.iso.datetime() })
      .nullable(),
  }),
);
const consoleScholarshipSchema = component(
  "ConsoleScholarship",
  z.object({
    id: z.int(),
    name: z.string(),
    provider: z.string(),
    destinations: z.array(z.string()),
    levels: z.array(z.enum(courseLevels)),
    amount: z.string(),
    deadlineMonth: z.int().nullable(),
    deadlineDay: z.int().nullable(),
    deadlineNote: z.string().nullable(),
    eligibility: z.string(),
    minimumPercentage: z.number().nullable(),
    officialUrl: z.string(),
    checkedOn: z.iso.date(),
    updatedAt: z.iso.datetime(),
    retired: z.boolean().meta({ description: "Withdrawn: hidden from the site, kept for the record" }),
  }),
);

type Rate = Awaited<ReturnType<StaffService["costs"]["rates"]>>[number];
type Living = Awaited<ReturnType<StaffService["costs"]["livingCosts"]>>[number];
type Scholarship = Awaited<ReturnType<StaffService["scholarships"]["get"]>>;

const presentRate = (r: Rate): z.infer<typeof consoleRateSchema> => ({
  currency: r.currency,
  rupeesPerUnit: r.rupeesPerUnit,
  source: r.source,
  rateDate: r.rateDate,
  updatedAt: r.updatedAt.toISOString(),
});
const presentLiving = (l: Living): z.infer<typeof consoleLivingCostSchema> => ({
  countryId: l.countryId,
  country: l.country,
  feeCurrency: l.feeCurrency,
  figure: l.figure
    ? {
        amountPerYear: l.figure.amountPerYear,
        currency: l.figure.currency,
        source: l.figure.source,
        year: l.figure.year,
        updatedAt: l.figure.updatedAt.toISOString(),
      }
    : null,
});
const presentScholarship = (s: Scholarship): z.infer<typeof consoleScholarshipSchema> => ({
  id: s.id,
  name: s.name,
  provider: s.provider,
  destinations: s.destinations,
  levels: s.levels,
  amount: s.amount,
  deadlineMonth: s.deadlineMonth,
  deadlineDay: s.deadlineDay,
  deadlineNote: s.deadlineNote,
  eligibility: s.eligibility,
  minimumPercentage: s.minimumPercentage,
  officialUrl: s.officialUrl,
  checkedOn: s.checkedOn,
  updatedAt: s.updatedAt.toISOString(),
  retired: s.retired,
});

/** The body of PUT /exchange-rates/{currency}: the currency comes from the path. */
const currencyParam = (value: string) => value.toUpperCase();
/** The rate's body as the document describes it: the currency is the path's. */
const rateBody = exchangeRateInput.omit({ currency: true });

export function staffChoosingApi(staff: StaffService) {
  const api = new Hono<ServerEnv>();

  api.get(
    "/exchange-rates",
    describe({
      operationId: "listConsoleExchangeRates",
      summary: "The exchange-rate table (admins)",
      staff: true,
      responses: { 200: answer("The rates", listOf(ref("ConsoleExchangeRate"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: (await staff.costs.rates(c.var.staff)).map(presentRate) }),
  );
  api.put(
    "/exchange-rates/:currency",
    describe({
      operationId: "saveExchangeRate",
      summary: "Set a currency's rate with its source and day (admins); audited; pages show it at once",
      staff: true,
      parameters: [pathParam("currency", { type: "string", pattern: "^[A-Za-z]{3}$" })],
      requestBody: body(rateBody),
      responses: { 200: messageAnswer("Saved", ref("ConsoleExchangeRate")), ...failures(400, 403) },
    }),
    requireStaff,
    async (c) => {
      const body = await readJson(c);
      const saved = await staff.costs.saveRate(c.var.staff, {
        ...(typeof body === "object" && body !== null ? body : {}),
        currency: currencyParam(c.req.param("currency")),
      });
      return c.json({ message: costMessages.rateSaved(saved.currency), data: presentRate(saved) });
    },
  );

  api.get(
    "/living-costs",
    describe({
      operationId: "listConsoleLivingCosts",
      summary: "Every country with its living-cost figure or none (admins)",
      staff: true,
      responses: { 200: answer("The countries", listOf(ref("ConsoleLivingCost"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: (await staff.costs.livingCosts(c.var.staff)).map(presentLiving) }),
  );
  api.put(
    "/living-costs/:countryId",
    describe({
      operationId: "saveLivingCost",
      summary: "Set a country's living costs for a year, with the source and year (admins); audited",
      staff: true,
      parameters: [idParam("countryId")],
      requestBody: body(livingCostInput),
      responses: { 200: messageAnswer("Saved", ref("ConsoleLivingCost")), ...failures(400, 403) },
    }),
    requireStaff,
    async (c) => {
      const saved = await staff.costs.saveLivingCost(
        c.var.staff,
        parseId(c.req.param("countryId"), "Country"),
        await readJson(c),
      );
      return c.json({ message: costMessages.livingSaved(saved.country), data: presentLiving(saved) });
    },
  );

  api.get(
    "/scholarships",
    describe({
      operationId: "listConsoleScholarships",
      summary: "Every scholarship, withdrawn ones too (admins and counsellors)",
      staff: true,
      responses: { 200: answer("The scholarships", listOf(ref("ConsoleScholarship"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: (await staff.scholarships.list(c.var.staff)).map(presentScholarship) }),
  );
  api.post(
    "/scholarships",
    describe({
      operationId: "createScholarship",
      summary: "Add a scholarship (admins and counsellors); audited",
      staff: true,
      requestBody: body(scholarshipInput),
      responses: { 201: messageAnswer("Added", ref("ConsoleScholarship")), ...failures(400, 403, 409) },
    }),
    requireStaff,
    async (c) => {
      const created = await staff.scholarships.create(c.var.staff, await readJson(c));
      return c.json({ message: scholarshipMessages.created(created.name), data: presentScholarship(created) }, 201);
    },
  );
  api.get(
    "/scholarships/:scholarshipId",
    describe({
      operationId: "getConsoleScholarship",
      summary: "One scholarship (admins and counsellors)",
      staff: true,
      parameters: [idParam("scholarshipId")],
      responses: { 200: answer("The scholarship", dataOf(ref("ConsoleScholarship"))), ...failures(403) },
    }),
    requireStaff,
    async (c) =>
      c.json({
        data: presentScholarship(await staff.scholarships.get(c.var.staff, parseId(c.req.param("scholarshipId"), "Scholarship"))),
      }),
  );
  api.put(
    "/scholarships/:scholarshipId",
    describe({
      operationId: "editScholarship",
      summary: "Correct a scholarship's facts and the day they were checked (admins and counsellors); audited",
      staff: true,
      parameters: [idParam("scholarshipId")],
      requestBody: body(scholarshipInput),
      responses: { 200: messageAnswer("Saved", ref("ConsoleScholarship")), ...failures(400, 403, 409) },
    }),
    requireStaff,
    async (c) => {
      const saved = await staff.scholarships.edit(
        c.var.staff,
        parseId(c.req.param("scholarshipId"), "Scholarship"),
        await readJson(c),
      );
      return c.json({ message: scholarshipMessages.saved(saved.name), data: presentScholarship(saved) });
    },
  );
  api.post(
    "/scholarships/:scholarshipId/retirement",
    describe({
      operationId: "retireScholarship",
      summary: "Withdraw a scholarship from the site (retired: true) or bring it back (admins and counsellors); audited",
      staff: true,
      parameters: [idParam("scholarshipId")],
      requestBody: body(retirementBody),
      responses: { 200: messageAnswer("Changed", ref("ConsoleScholarship")), ...failures(400, 403) },
    }),
    requireStaff,
    async (c) => {
      const id = parseId(c.req.param("scholarshipId"), "Scholarship");
      const { retired } = parseInput(retirementBody, await readJson(c));
      const saved = await staff.scholarships.setRetired(c.var.staff, id, retired);
      return c.json({
        message: retired ? scholarshipMessages.retired(saved.name) : scholarshipMessages.restored(saved.name),
        data: presentScholarship(saved),
      });
    },
  );

  return api;
}
