import { boolean, index, integer, numeric, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { loanRateTypes } from "../../vocabulary/loans.ts";
import { students } from "../students/tables.ts";

/**
 * A loan offer the student typed into the loan planner (decision 0082): up to three per student, the
 * student's own data (in their export, gone with their account). The portal computes from it; it
 * neither names nor ranks lenders.
 */
export const loanOffers = pgTable(
  "loan_offers",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    /** The student's own name for the offer ("Offer A", a bank's letter): never one of ours. */
    label: text("label").notNull(),
    /** Rupees borrowed. */
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }).notNull(),
    /** Annual rate in per cent, above 0 and at most 30. */
    annualRate: numeric("annual_rate", { precision: 5, scale: 2, mode: "number" }).notNull(),
    rateType: text("rate_type", { enum: loanRateTypes }).notNull(),
    /** Months of repayment in instalments, after the moratorium. */
    tenureMonths: smallint("tenure_months").notNull(),
    /** The moratorium: the course's months plus the grace months after it. */
    courseMonths: smallint("course_months").notNull(),
    graceMonths: smallint("grace_months").notNull(),
    /** The student pays the interest month by month during the moratorium (else it is added to the principal). */
    interestPaidDuringMoratorium: boolean("interest_paid_during_moratorium").notNull(),
    processingFee: numeric("processing_fee", { precision: 12, scale: 2, mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("loan_offers_student_idx").on(t.studentId, t.createdAt)],
);
