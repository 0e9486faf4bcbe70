import { date, integer, numeric, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { countries } from "../catalogue/tables.ts";

/**
 * Rupees for one unit of a currency (decision 0025): one row per currency, with where the rate was read
 * and the day it holds for. Fees are shown in their own currency and, from this table, in rupees
 * ("approximately, at the rate of {date}"). Seeded with a dated snapshot; admins update it.
 */
export const exchangeRates = pgTable("exchange_rates", {
  /** ISO 4217, upper case. */
  currency: text("currency").primaryKey(),
  rupeesPerUnit: numeric("rupees_per_unit", { precision: 16, scale: 6 }).notNull(),
  source: text("source").notNull(),
  rateDate: date("rate_date").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A year's living costs for a student in a country (decision 0025), with its source and the year it holds for. */
export const livingCosts = pgTable("living_costs", {
  countryId: integer("country_id")
    .primaryKey()
    .references(() => countries.id, { onDelete: "cascade" }),
  /** Whole units of `currency` for twelve months. */
  amountPerYear: integer("amount_per_year").notNull(),
  currency: text("currency").notNull(),
  source: text("source").notNull(),
  year: smallint("year").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
