import { Hono } from "hono";
import { z } from "zod";
import type { CatalogueService } from "../../modules/catalogue/catalogue.ts";
import type { Converted, CostService, DegreeCost, ExchangeRate, LivingCost } from "../../modules/costs/costs.ts";
import { parseId } from "../../modules/ids.ts";
import {
  parseScholarshipFilters,
  type Scholarship,
  type ScholarshipService,
  type UpcomingDeadline,
} from "../../modules/scholarships/scholarships.ts";
import { courseLevels, feePeriods } from "../../vocabulary/catalogue.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import { answer, component, dataOf, describe, failures, idParam, listOf, ref } from "./openapi-parts.ts";
import { presentCountry } from "./presenters.ts";

/**
 * Helping a student choose (decision 0025): the destinations, exchange rates and living costs with their
 * sources, a course's estimated total in rupees, and scholarships (a logged-in student's matches first).
 */

const exchangeRateSchema = component(
  "ExchangeRate",
  z.object({
    currency: z.string().meta({ examples: ["EUR"] }),
    rupeesPerUnit: z.number(),
    source: z.string(),
    rateDate: z.iso.date().meta({ description: "The day the rate holds for" }),
  }),
);
const presentRate = (r: ExchangeRate): z.infer<typeof exchangeRateSchema> => ({
  currency: r.currency,
  rupeesPerUnit: r.rupeesPerUnit,
  source: r.source,
  rateDate: r.rateDate,
});

const livingCostSchema = component(
  "LivingCost",
  z.object({
    country: z.string(),
    amountPerYear: z.int(),
    currency: z.string(),
    source: z.string(),
    year: z.int(),
  }),
);
const presentLiving = (l: LivingCost): z.infer<typeof livingCostSchema> => ({
  country: l.country,
  amountPerYear: l.amountPerYear,
  currency: l.currency,
  source: l.source,
  year: l.year,
});

const convertedSchema = z.object({
  amount: z.number().meta({ description: "In the currency's own units, over the whole course" }),
  currency: z.string(),
  rupees: z.number().nullable().meta({ description: "Approximate; null when the table has no rate for the currency" }),
  rate: exchangeRateSchema.nullable(),
});
const degreeCostSchema = component(
  "DegreeCost",
  z.object({
    courseId: z.int(),
    years: z.number(),
    tuition: convertedSchema.extend({ perPeriod: z.int(), period: z.enum(feePeriods) }),
    living: convertedSchema.extend({ perYear: z.int(), source: z.string(), year: z.int() }).nullable(),
    livingLeftOut: z.enum(["online", "no figure"]).nullable(),
    totalRupees: z.number().nullable(),
  }),
);
const presentConverted = (c: Converted) => ({
  amount: c.amount,
  currency: c.currency,
  rupees: c.rupees,
  rate: c.rate ? presentRate(c.rate) : null,
});
const presentCost = (courseId: number, cost: DegreeCost): z.infer<typeof degreeCostSchema> => ({
  courseId,
  years: cost.years,
  tuition: { ...presentConverted(cost.tuition), perPeriod: cost.tuition.perPeriod, period: cost.tuition.period },
  living: cost.living
    ? { ...presentConverted(cost.living), perYear: cost.living.perYear, source: cost.living.source, year: cost.living.year }
    : null,
  livingLeftOut: cost.livingLeftOut,
  totalRupees: cost.totalRupees,
});

const scholarshipSchema = component(
  "Scholarship",
  z.object({
    id: z.int(),
    name: z.string(),
    provider: z.string(),
    destinations: z.array(z.string()).meta({ description: "Country names; empty for any country" }),
    levels: z.array(z.enum(courseLevels)),
    amount: z.string(),
    deadline: z
      .object({ month: z.int(), day: z.int() })
      .nullable()
      .meta({ description: "The yearly deadline as the provider publishes it; null when it varies" }),
    deadlineNote: z.string().nullable(),
    nextDeadline: z.iso.date().nullable(),
    eligibility: z.string(),
    minimumPercentage: z.number().nullable(),
    officialUrl: z.string(),
    checkedOn: z.iso.date().meta({ description: "The day the facts were last checked" }),
    matchesYou: z.boolean().meta({ description: "For a logged-in student: it fits their level, destinations and marks" }),
    matchedOn: z.array(z.string()),
  }),
);
const presentScholarship = (s: Scholarship, matchedOn: string[] | null): z.infer<typeof scholarshipSchema> => ({
  id: s.id,
  name: s.name,
  provider: s.provider,
  destinations: s.destinations,
  levels: s.levels,
  amount: s.amount,
  deadline: s.deadlineMonth && s.deadlineDay ? { month: s.deadlineMonth, day: s.deadlineDay } : null,
  deadlineNote: s.deadlineNote,
  nextDeadline: s.nextDeadline,
  eligibility: s.eligibility,
  minimumPercentage: s.minimumPercentage,
  officialUrl: s.officialUrl,
  checkedOn: s.checkedOn,
  matchesYou: matchedOn !== null,
  matchedOn: matchedOn ?? [],
});

const upcomingDeadlineSchema = component(
  "ScholarshipDeadline",
  z.object({
    id: z.int(),
    name: z.string(),
    provider: z.string(),
    deadline: z.iso.date(),
    daysLeft: z.int(),
    officialUrl: z.string(),
  }),
);
const presentDeadline = (d: UpcomingDeadline): z.infer<typeof upcomingDeadlineSchema> => ({
  id: d.id,
  name: d.name,
  provider: d.provider,
  deadline: d.deadline,
  daysLeft: d.daysLeft,
  officialUrl: d.officialUrl,
});

export function choosingApi(catalogue: CatalogueService, costs: CostService, scholarships: ScholarshipService) {
  const api = new Hono<ServerEnv>();

  api.get(
    "/countries",
    describe({
      operationId: "listCountries",
      summary: "The study destinations",
      responses: { 200: answer("Countries", listOf(ref("Country"))) },
    }),
    async (c) => c.json({ data: (await catalogue.listCountries()).map(presentCountry) }),
  );

  api.get(
    "/exchange-rates",
    describe({
      operationId: "listExchangeRates",
      summary: "Rupees per unit of each currency, with each rate's source and day",
      responses: { 200: answer("The rates", listOf(ref("ExchangeRate"))) },
    }),
    async (c) => c.json({ data: (await costs.listRates()).map(presentRate) }),
  );

  api.get(
    "/living-costs",
    describe({
      operationId: "listLivingCosts",
      summary: "A year's living costs in each country, with the source and year",
      responses: { 200: answer("The figures", listOf(ref("LivingCost"))) },
    }),
    async (c) => c.json({ data: (await costs.listLivingCosts()).map(presentLiving) }),
  );

  api.get(
    "/courses/:courseId/cost",
    describe({
      operationId: "getCourseCost",
      summary:
        "The estimated cost of a whole course: tuition over its duration plus living costs in its country, each in its currency and approximately in rupees",
      parameters: [idParam("courseId")],
      responses: { 200: answer("The estimate and its parts", dataOf(ref("DegreeCost"))), ...failures(404) },
    }),
    async (c) => {
      const course = await catalogue.getCourse(parseId(c.req.param("courseId"), "Course"));
      return c.json({ data: presentCost(course.id, await costs.degreeCost(course)) });
    },
  );

  api.get(
    "/scholarships",
    describe({
      operationId: "listScholarships",
      summary:
        "Scholarships open to students from India, soonest deadline first; for a logged-in student those matching their level, destinations and marks come first",
      parameters: [
        {
          name: "destination",
          in: "query",
          description: "A country: its scholarships and those for any country",
          schema: { type: "string", maxLength: 100 },
        },
        { name: "level", in: "query", description: "A level of study", schema: { type: "string", enum: [...courseLevels] } },
      ],
      responses: { 200: answer("The scholarships", listOf(ref("Scholarship"))) },
    }),
    async (c) => {
      const filters = parseScholarshipFilters({ destination: c.req.query("destination"), level: c.req.query("level") });
      const student = c.var.student;
      if (!student) return c.json({ data: (await scholarships.list(filters)).map((s) => presentScholarship(s, null)) });
      const { matching, others } = await scholarships.forStudent(student.studentId, filters);
      return c.json({
        data: [...matching.map((s) => presentScholarship(s, s.reasons)), ...others.map((s) => presentScholarship(s, null))],
      });
    },
  );

  api.get(
    "/students/me/scholarship-deadlines",
    describe({
      operationId: "listMyScholarshipDeadlines",
      summary: "The logged-in student's matching scholarships that close in the next 120 days, soonest first (at most 5)",
      student: true,
      responses: { 200: answer("The deadlines", listOf(ref("ScholarshipDeadline"))) },
    }),
    requireStudent,
    async (c) => c.json({ data: (await scholarships.upcomingDeadlines(c.var.student.studentId)).map(presentDeadline) }),
  );

  return api;
}
