import { sql } from "drizzle-orm";
import { date, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { courseLevels } from "../../vocabulary/catalogue.ts";

/**
 * A scholarship open to students from India (decision 0025), as its provider publishes it and as staff
 * keep it. Destinations are country names (a scholarship may name one the catalogue lacks); none means
 * any country. The deadline recurs each year on a month and day, or is null when it varies.
 */
export const scholarships = pgTable(
  "scholarships",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    provider: text("provider").notNull(),
    destinations: text("destinations").array().notNull().default(sql`'{}'::text[]`),
    levels: text("levels", { enum: courseLevels }).array().notNull(),
    amount: text("amount").notNull(),
    /** 1..12 and 1..31, both or neither. */
    deadlineMonth: smallint("deadline_month"),
    deadlineDay: smallint("deadline_day"),
    /** How the provider words the deadline ("usually early November"; "varies by university"). */
    deadlineNote: text("deadline_note"),
    eligibility: text("eligibility").notNull(),
    /** The lowest percentage in the qualification before the level (12th for a bachelor's...), when the provider sets one. */
    minimumPercentage: numeric("minimum_percentage", { precision: 5, scale: 2 }),
    officialUrl: text("official_url").notNull(),
    /** The day someone last checked these facts against the provider. */
    checkedOn: date("checked_on").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Withdrawn by staff: hidden from the site, kept for the record. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("scholarships_name_provider_idx").on(sql`lower(${t.name})`, sql`lower(${t.provider})`)],
);
