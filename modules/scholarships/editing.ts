import { and, asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { courseLevels } from "../../vocabulary/catalogue.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import {
  isDayOfMonth,
  scholarshipMessages as m,
  SCHOLARSHIP_DESTINATIONS_MAX,
  SCHOLARSHIP_LONG_TEXT_MAX,
  SCHOLARSHIP_TEXT_MAX,
} from "../../vocabulary/scholarships.ts";
import { recordAudit } from "../audit-log.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { blankToUndefined, calendarDay, optionalLine, personName } from "../fields.ts";
import { authorize, canManageScholarships, type StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import { type ScholarshipFacts, scholarshipColumns } from "./scholarship-record.ts";
import { scholarships } from "./tables.ts";

/**
 * Staff keep the scholarships list (decision 0025): add one, correct its facts and the day they were
 * checked, withdraw it from the site or bring it back. Audited with before and after; the public cache
 * forgets at once.
 */

const listOf = (value: unknown) =>
  (typeof value === "string" ? value.split(",") : Array.isArray(value) ? value : [])
    .map((v) => String(v).trim().replace(/\s+/g, " "))
    .filter((v) => v !== "");

const optionalWhole = (message: string, min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional());

export const scholarshipInput = z
  .object({
    name: personName(m.enterName, SCHOLARSHIP_TEXT_MAX),
    provider: personName(m.enterProvider, SCHOLARSHIP_TEXT_MAX),
    destinations: z.preprocess(
      listOf,
      z
        .array(
          z
            .string()
            .max(100, m.destinations)
            .regex(/^[^\p{Cc}]*$/u, m.destinations),
        )
        .max(SCHOLARSHIP_DESTINATIONS_MAX, m.destinations)
        .transform((list) => [...new Set(list)]),
    ),
    /** A form sends each ticked level as its own `levels` value, or one comma-separated line; JSON a list. */
    levels: z.preprocess(
      listOf,
      z
        .array(z.enum(courseLevels, { error: m.chooseLevels }))
        .min(1, m.chooseLevels)
        .transform((list) => courseLevels.filter((level) => list.includes(level))),
    ),
    amount: personName(m.enterAmount, SCHOLARSHIP_LONG_TEXT_MAX),
    deadlineMonth: optionalWhole(m.deadline, 1, 12),
    deadlineDay: optionalWhole(m.deadline, 1, 31),
    deadlineNote: optionalLine(SCHOLARSHIP_TEXT_MAX * 2),
    eligibility: personName(m.enterEligibility, SCHOLARSHIP_LONG_TEXT_MAX),
    minimumPercentage: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: m.minimumPercentage }).min(0, m.minimumPercentage).max(100, m.minimumPercentage).optional(),
    ),
    officialUrl: z
      .string({ error: m.officialUrl })
      .trim()
      .max(500, m.officialUrl)
      .refine((url) => URL.canParse(url) && new URL(url).protocol === "https:", m.officialUrl),
    checkedOn: calendarDay(m.checkedOn),
  })
  .superRefine((s, ctx) => {
    const one = s.deadlineMonth !== undefined || s.deadlineDay !== undefined;
    if (one && !(s.deadlineMonth !== undefined && s.deadlineDay !== undefined && isDayOfMonth(s.deadlineMonth, s.deadlineDay)))
      ctx.addIssue({
        code: "custom",
        path: [s.deadlineMonth === undefined ? "deadlineMonth" : "deadlineDay"],
        message: m.deadline,
      });
  });

/** A scholarship as staff see it: withdrawn ones too. */
export interface ConsoleScholarship extends ScholarshipFacts {
  updatedAt: Date;
  retired: boolean;
}

const columns = {
  ...scholarshipColumns,
  updatedAt: scholarships.updatedAt,
  retired: sql<boolean>`${scholarships.retiredAt} is not null`,
};

export async function consoleScholarships(deps: StaffDeps, member: StaffMember): Promise<ConsoleScholarship[]> {
  authorize(canManageScholarships, member);
  return deps.db.select(columns).from(scholarships).orderBy(asc(scholarships.name), asc(scholarships.id));
}

export async function consoleScholarship(deps: StaffDeps, member: StaffMember, id: number): Promise<ConsoleScholarship> {
  authorize(canManageScholarships, member);
  const [row] = await deps.db.select(columns).from(scholarships).where(eq(scholarships.id, id));
  if (!row) throw new AppError("not_found", m.noSuchScholarship);
  return row;
}

type Tx = Parameters<Parameters<StaffDeps["db"]["transaction"]>[0]>[0];

function valuesOf(deps: StaffDeps, raw: unknown) {
  const input = parseInput(scholarshipInput, raw);
  if (input.checkedOn > indianDay(nowOf(deps))) throw new AppError("invalid_input", m.checkedOn, { checkedOn: m.checkedOn });
  return {
    name: input.name,
    provider: input.provider,
    destinations: input.destinations,
    levels: input.levels,
    amount: input.amount,
    deadlineMonth: input.deadlineMonth ?? null,
    deadlineDay: input.deadlineDay ?? null,
    deadlineNote: input.deadlineNote ?? null,
    eligibility: input.eligibility,
    minimumPercentage: input.minimumPercentage === undefined ? null : String(input.minimumPercentage),
    officialUrl: input.officialUrl,
    checkedOn: input.checkedOn,
  };
}

/** Refuses (409) a second scholarship of the same name from the same provider, under a lock so two staff cannot both add it. */
async function refuseDuplicate(tx: Tx, values: { name: string; provider: string }, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ignite:scholarships'))`);
  const [other] = await tx
    .select({ id: scholarships.id })
    .from(scholarships)
    .where(
      and(
        sql`lower(${scholarships.name}) = lower(${values.name}) and lower(${scholarships.provider}) = lower(${values.provider})`,
        exceptId === undefined ? undefined : ne(scholarships.id, exceptId),
      ),
    );
  if (other) {
    const message = m.exists(values.name);
    throw new AppError("conflict", message, { name: message });
  }
}

export async function createScholarship(deps: StaffDeps, member: StaffMember, raw: unknown): Promise<ConsoleScholarship> {
  authorize(canManageScholarships, member);
  const values = valuesOf(deps, raw);
  const id = await deps.db.transaction(async (tx) => {
    await refuseDuplicate(tx, values);
    const [created] = await tx.insert(scholarships).values(values).returning({ id: scholarships.id });
    if (!created) throw new Error("insert returned no row");
    await recordAudit(tx, member, {
      action: "scholarship.created",
      subjectType: "scholarship",
      subjectId: created.id,
      after: values,
    });
    return created.id;
  });
  return consoleScholarship(deps, member, id);
}

export async function editScholarship(
  deps: StaffDeps,
  member: StaffMember,
  id: number,
  raw: unknown,
): Promise<ConsoleScholarship> {
  authorize(canManageScholarships, member);
  const values = valuesOf(deps, raw);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(scholarships).where(eq(scholarships.id, id)).for("update");
    if (!before) throw new AppError("not_found", m.noSuchScholarship);
    await refuseDuplicate(tx, values, id);
    await tx
      .update(scholarships)
      .set({ ...values, updatedAt: nowOf(deps) })
      .where(eq(scholarships.id, id));
    const { createdAt: _c, updatedAt: _u, retiredAt: _r, id: _i, ...kept } = before;
    await recordAudit(tx, member, {
      action: "scholarship.edited",
      subjectType: "scholarship",
      subjectId: id,
      before: kept,
      after: values,
    });
  });
  return consoleScholarship(deps, member, id);
}

/** Withdraws a scholarship from the site (kept for the record) or brings it back; audited. */
export async function setScholarshipRetired(
  deps: StaffDeps,
  member: StaffMember,
  id: number,
  retired: boolean,
): Promise<ConsoleScholarship> {
  authorize(canManageScholarships, member);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(scholarships)
      .set({ retiredAt: retired ? nowOf(deps) : null, updatedAt: nowOf(deps) })
      .where(eq(scholarships.id, id))
      .returning({ id: scholarships.id });
    if (!row) throw new AppError("not_found", m.noSuchScholarship);
    await recordAudit(tx, member, {
      action: retired ? "scholarship.retired" : "scholarship.restored",
      subjectType: "scholarship",
      subjectId: id,
    });
  });
  return consoleScholarship(deps, member, id);
}
