import { exchangeRateInput, livingCostInput } from "../../modules/costs/editing.ts";
import { scholarshipInput } from "../../modules/scholarships/editing.ts";
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
import { retirementBody } from "./staff-catalogue.ts";
import { consoleLivingCostSchema, consoleRateSchema, consoleScholarshipSchema } from "./staff-choosing.ts";

/** Costs in rupees and scholarships (decision 0025): the public calls and the console's, for the OpenAPI document. */

export const choosingSchemas = () => ({
  ConsoleExchangeRate: jsonSchema(consoleRateSchema, "output"),
  ConsoleLivingCost: jsonSchema(consoleLivingCostSchema, "output"),
  ConsoleScholarship: jsonSchema(consoleScholarshipSchema, "output"),
});

/** The rate's body: the currency is the path's. */
const rateBody = exchangeRateInput.omit({ currency: true });
const scholarshipBody = scholarshipInput;

export const choosingPaths = () => ({
  "/api/v1/staff/exchange-rates": {
    get: operation({
      operationId: "listConsoleExchangeRates",
      summary: "The exchange-rate table (admins)",
      staff: true,
      responses: { 200: answer("The rates", listOf(ref("ConsoleExchangeRate"))), ...failures(403) },
    }),
  },
  "/api/v1/staff/exchange-rates/{currency}": {
    put: write({
      operationId: "saveExchangeRate",
      summary: "Set a currency's rate with its source and day (admins); audited; pages show it at once",
      staff: true,
      parameters: [pathParam("currency", { type: "string", pattern: "^[A-Za-z]{3}$" })],
      requestBody: body(rateBody),
      responses: { 200: messageAnswer("Saved", ref("ConsoleExchangeRate")), ...failures(400, 403) },
    }),
  },
  "/api/v1/staff/living-costs": {
    get: operation({
      operationId: "listConsoleLivingCosts",
      summary: "Every country with its living-cost figure or none (admins)",
      staff: true,
      responses: { 200: answer("The countries", listOf(ref("ConsoleLivingCost"))), ...failures(403) },
    }),
  },
  "/api/v1/staff/living-costs/{countryId}": {
    put: write({
      operationId: "saveLivingCost",
      summary: "Set a country's living costs for a year, with the source and year (admins); audited",
      staff: true,
      parameters: [idParam("countryId")],
      requestBody: body(livingCostInput),
      responses: { 200: messageAnswer("Saved", ref("ConsoleLivingCost")), ...failures(400, 403) },
    }),
  },
  "/api/v1/staff/scholarships": {
    get: operation({
      operationId: "listConsoleScholarships",
      summary: "Every scholarship, withdrawn ones too (admins and counsellors)",
      staff: true,
      responses: { 200: answer("The scholarships", listOf(ref("ConsoleScholarship"))), ...failures(403) },
    }),
    post: write({
      operationId: "createScholarship",
      summary: "Add a scholarship (admins and counsellors); audited",
      staff: true,
      requestBody: body(scholarshipBody),
      responses: { 201: messageAnswer("Added", ref("ConsoleScholarship")), ...failures(400, 403, 409) },
    }),
  },
  "/api/v1/staff/scholarships/{scholarshipId}": {
    get: operation({
      operationId: "getConsoleScholarship",
      summary: "One scholarship (admins and counsellors)",
      staff: true,
      parameters: [idParam("scholarshipId")],
      responses: { 200: answer("The scholarship", dataOf(ref("ConsoleScholarship"))), ...failures(403) },
    }),
    put: write({
      operationId: "editScholarship",
      summary: "Correct a scholarship's facts and the day they were checked (admins and counsellors); audited",
      staff: true,
      parameters: [idParam("scholarshipId")],
      requestBody: body(scholarshipBody),
      responses: { 200: messageAnswer("Saved", ref("ConsoleScholarship")), ...failures(400, 403, 409) },
    }),
  },
  "/api/v1/staff/scholarships/{scholarshipId}/retirement": {
    post: write({
      operationId: "retireScholarship",
      summary: "Withdraw a scholarship from the site (retired: true) or bring it back (admins and counsellors); audited",
      staff: true,
      parameters: [idParam("scholarshipId")],
      requestBody: body(retirementBody),
      responses: { 200: messageAnswer("Changed", ref("ConsoleScholarship")), ...failures(400, 403) },
    }),
  },
});
