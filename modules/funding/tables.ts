import { integer, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";
import { students } from "../students/tables.ts";

/** One source of money in a funding plan (decision 0079): what it is, how much, and the paper that proves it. */
export interface StoredFundingSource {
  kind: string;
  amount: number;
  currency: string;
  /** The document that proves it, in the student's words: "SBI savings statement", "HDFC Credila sanction letter". */
  proof: string | null;
  /** YYYY-MM-DD: since when the money has been held, and the statement's last day (the 28-day rule). */
  heldSince: string | null;
  statementDate: string | null;
}

/**
 * A student's one funding plan (decision 0079): savings, an education loan, a scholarship, a sponsor. The
 * visa plan's funds check and the offers comparison read it; neither keeps figures of its own.
 */
export const fundingPlans = pgTable("funding_plans", {
  studentId: integer("student_id")
    .primaryKey()
    .references(() => students.id, { onDelete: "cascade" }),
  sources: jsonb("sources").$type<StoredFundingSource[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
