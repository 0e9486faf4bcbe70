import { and, asc, between, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, isUniqueViolation } from "../../platform/db/client.ts";
import type { JobSender } from "../../platform/jobs.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { ApplicationStatus } from "../../vocabulary/applications.ts";
import { formatLongDate } from "../../vocabulary/costs.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import {
  backupAllowedIn,
  depositOpenStages,
  offerDateTitles,
  offerMessages,
  TRAVEL_ESTIMATE_AS_OF,
  TRAVEL_ESTIMATE_OTHER,
  travelBasis,
  travelEstimateRupees,
} from "../../vocabulary/offers.ts";
import { type ApplicationSubject, applicationSubjects, moveForOffer } from "../applications/applications.ts";
import { recordAudit } from "../audit-log.ts";
import { livingCostsIn, rateTable } from "../costs/costs.ts";
import { nowOf } from "../deps.ts";
import { type AttachedDocument, attachedDocuments, type IncomingFile } from "../documents/documents.ts";
import { AppError } from "../errors.ts";
import { calendarDay } from "../fields.ts";
import { fundingPlanOf } from "../funding/funding.ts";
import { mailLink } from "../mail-link.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import { authorize, canSeeStudents, canWorkStudents, notAllowed, type StaffMember, studentVisibleTo } from "../policies.ts";
import { activeStaffContact } from "../staff/staff.ts";
import { ownStudentsOnly } from "../student-access.ts";
import { parseInput } from "../validation.ts";
import { visaChargesIn } from "../visas/visas.ts";
import { type NetCost, netCost } from "./net-cost.ts";
import {
  type OfferState,
  offerKinds,
  offerLetters,
  offers,
  type StoredCondition,
  type StoredDeposit,
  type StoredScholarship,
} from "./tables.ts";

/**
 * Offers (decision 0078): the counsellor records a university's offer from its letter on the application;
 * the student compares their offers by what each really costs in rupees beside their funding plan
 * (decision 0081) and replies: one firm acceptance, a backup where the destination allows it (decision
 * 0080), the others declined with a reason. The counsellor is told by mail; the application's stage moves.
 */

export interface OffersDeps {
  db: Database;
  log: Logger;
  mailer?: Mailer;
  jobs?: JobSender;
  siteAddress: string;
  now?: () => Date;
  /**
   * Where a student's offer letter is stored and removed (the documents module's upload path, handed in by
   * the server, decision 0092): the same limits, content check and private storage as their documents.
   */
  letterFiles?: {
    store: (studentId: number, file: IncomingFile | undefined) => Promise<AttachedDocument>;
    remove: (studentId: number, fileId: number) => Promise<void>;
  };
}

export interface Offer {
  id: number;
  applicationId: number;
  studentId: number;
  kind: (typeof offerKinds)[number];
  conditions: StoredCondition[];
  scholarship: StoredScholarship | null;
  deposit: StoredDeposit | null;
  replyBy: string;
  state: OfferState;
  declineReason: string | null;
  repliedAt: Date | null;
  reopened: boolean;
  /** The reply date has passed and no counsellor reopened it: the student cannot reply. */
  replyClosed: boolean;
  /** The destination lets the student hold this offer as a backup (decision 0080). */
  backupAllowed: boolean;
  application: ApplicationSubject;
  cost: NetCost;
}

// --- input ------------------------------------------------------------------------------------------

import { readAmount } from "../amounts.ts";

const amount = z.preprocess(
  (v) => (typeof v === "string" ? (readAmount(v) ?? v) : v),
  z.number({ error: offerMessages.amount }).refine((n) => Number.isFinite(n) && n > 0 && n < 1e11, offerMessages.amount),
);
const currency = z
  .string({ error: offerMessages.currency })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, offerMessages.currency);
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const optionalDay = z.preprocess(blank, calendarDay("Enter a date").optional());

export const offerInput = z.object({
  kind: z.enum(offerKinds, { error: "Choose conditional or unconditional" }),
  conditions: z
    .array(
      z.object({
        text: z
          .string({ error: offerMessages.condition })
          .trim()
          .min(1, offerMessages.condition)
          .max(300, offerMessages.condition),
        state: z.enum(["met", "pending"]).default("pending"),
        dueOn: optionalDay,
      }),
    )
    .max(12)
    .default([]),
  scholarship: z.preprocess(
    (v) => (v && typeof v === "object" && !(v as { amount?: unknown }).amount ? undefined : v),
    z
      .object({
        amount,
        currency,
        years: z.coerce
          .number({ error: offerMessages.years })
          .int(offerMessages.years)
          .min(1, offerMessages.years)
          .max(8, offerMessages.years),
        renewableOn: z.preprocess(blank, z.string().trim().max(300).optional()),
      })
      .optional(),
  ),
  deposit: z.preprocess(
    (v) => (v && typeof v === "object" && !(v as { amount?: unknown }).amount ? undefined : v),
    z.object({ amount, currency, dueOn: optionalDay }).optional(),
  ),
  replyBy: calendarDay(offerMessages.replyBy),
});

export const replyInput = z
  .object({
    reply: z.enum(["accept", "hold", "decline"], { error: offerMessages.chooseReply }),
    reason: z.preprocess(blank, z.string().trim().max(500, offerMessages.reasonNeeded).optional()),
  })
  .superRefine((input, ctx) => {
    if (input.reply === "decline" && !input.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: offerMessages.reasonNeeded });
  });

// --- reading ----------------------------------------------------------------------------------------

type OfferRow = typeof offers.$inferSelect;

/**
 * One student's offers with what each costs (decision 0081). `studentRows` are all that student's offers, for
 * the scholarships of the others (decision 0111); read here when not given (one offer recorded or replied to).
 */
async function present(deps: OffersDeps, rows: OfferRow[], studentRows?: OfferRow[]): Promise<Offer[]> {
  const studentId = rows[0]?.studentId;
  if (studentId === undefined) return [];
  const now = nowOf(deps);
  const today = indianDay(now);
  const all = studentRows ?? (await deps.db.select().from(offers).where(eq(offers.studentId, studentId)));
  const [subjects, rates, funding] = await Promise.all([
    applicationSubjects(deps.db, [...new Set([...rows, ...all].map((r) => r.applicationId))]),
    rateTable(deps.db),
    fundingPlanOf(deps.db, studentId),
  ]);
  const rateOf = (c: string) => rates.get(c.toUpperCase());
  const subjectOf = (row: OfferRow) => subjects.find((s) => s.id === row.applicationId);
  const shown = rows.map(subjectOf).filter((s) => s !== undefined);
  // The living costs and the visa guides of all the offers' countries, one query each (decision 0087).
  const [livingByCountry, chargesByCountry] = await Promise.all([
    livingCostsIn(
      deps.db,
      shown.map((s) => s.country),
    ),
    visaChargesIn(
      deps.db,
      shown.map((s) => s.countryId),
      now,
      rates,
    ),
  ]);
  return rows.map((row) => {
    const application = subjectOf(row) as ApplicationSubject;
    // The other offers' scholarships: a plan source that is one of them is that university's money (decision 0111).
    const otherScholarships = all.flatMap((other) => {
      const university = subjectOf(other)?.university;
      return other.id === row.id || !other.scholarship || !university ? [] : [{ ...other.scholarship, university }];
    });
    const living = livingByCountry.get(application.country) ?? null;
    const charges = chargesByCountry.get(application.countryId) ?? null;
    const cost = netCost(
      {
        course: { durationMonths: application.durationMonths, online: application.mode === "Online", fee: application.fee },
        feeSource: { university: application.university, source: application.fee.source, checkedOn: application.fee.checkedOn },
        scholarship: row.scholarship,
        living,
        charges,
        travel: {
          rupees: travelEstimateRupees[application.country] ?? TRAVEL_ESTIMATE_OTHER,
          basis: travelBasis,
          asOf: TRAVEL_ESTIMATE_AS_OF,
        },
        funding: funding.sources.length ? funding.sources : null,
        otherScholarships,
      },
      rateOf,
    );
    return {
      id: row.id,
      applicationId: row.applicationId,
      studentId: row.studentId,
      kind: row.kind,
      conditions: row.conditions,
      scholarship: row.scholarship,
      deposit: row.deposit,
      replyBy: row.replyBy,
      state: row.state,
      declineReason: row.declineReason,
      repliedAt: row.repliedAt,
      reopened: row.reopened,
      replyClosed: row.replyBy < today && !row.reopened,
      backupAllowed: backupAllowedIn.includes(application.country),
      application,
      cost,
    };
  });
}

/** The student's offers, the soonest reply date first. */
export async function studentOffers(deps: OffersDeps, studentId: number): Promise<Offer[]> {
  const rows = await deps.db
    .select()
    .from(offers)
    .where(eq(offers.studentId, studentId))
    .orderBy(asc(offers.replyBy), asc(offers.id));
  return present(deps, rows, rows);
}

const noOffer = () => new AppError("not_found", offerMessages.noSuchOffer);

async function ownOffer(deps: OffersDeps, studentId: number, offerId: number): Promise<OfferRow> {
  const [row] = await deps.db.select().from(offers).where(eq(offers.id, offerId));
  if (!row || row.studentId !== studentId) throw noOffer();
  return row;
}

// --- replying ---------------------------------------------------------------------------------------

const stageFor: Record<"accept" | "decline", ApplicationStatus> = { accept: "Offer accepted", decline: "Withdrawn" };
const stateFor = { accept: "accepted", hold: "held", decline: "declined" } as const;

/**
 * The student replies to an offer (decisions 0078, 0080). Accepting an offer already accepted answers as
 * before and changes nothing (a second tab, a double press); accepting a second offer is refused, as the
 * database's one-firm-offer index holds even when two arrive at once. A declined offer, or one past its
 * reply date, waits for the counsellor to reopen it.
 */
export async function replyToOffer(deps: OffersDeps, studentId: number, offerId: number, raw: unknown): Promise<Offer> {
  const input = parseInput(replyInput, raw);
  const row = await ownOffer(deps, studentId, offerId);
  const wanted = stateFor[input.reply];
  if (row.state === wanted) return (await present(deps, [row]))[0] as Offer;
  if (row.state === "declined") throw new AppError("conflict", offerMessages.declinedNeedsCounsellor);
  if (row.state === "accepted") throw new AppError("conflict", offerMessages.alreadyReplied);
  const now = nowOf(deps);
  if (row.replyBy < indianDay(now) && !row.reopened)
    throw new AppError("conflict", offerMessages.replyClosed(formatLongDate(row.replyBy)));
  const [application] = await applicationSubjects(deps.db, [row.applicationId]);
  if (!application) throw noOffer();
  if (input.reply === "hold" && !backupAllowedIn.includes(application.country))
    throw new AppError("invalid_input", offerMessages.backupNotAllowed(application.country), {
      reply: offerMessages.backupNotAllowed(application.country),
    });
  try {
    await deps.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(offers)
        .set({ state: wanted, declineReason: input.reason ?? null, repliedAt: now, updatedAt: now })
        .where(and(eq(offers.id, offerId), inArray(offers.state, ["open", "held"])))
        .returning({ id: offers.id });
      if (!changed) throw new AppError("conflict", offerMessages.alreadyReplied);
      const actorLabel = `${application.studentName} (student)`;
      if (input.reply !== "hold") {
        const moved = await moveForOffer(tx, {
          applicationId: row.applicationId,
          to: stageFor[input.reply],
          note: input.reply === "accept" ? "Offer accepted by the student" : `Offer declined by the student: ${input.reason}`,
          actorLabel,
          actorStaffId: null,
          now,
        });
        // An accepted offer on a withdrawn application would have no deposit date and no departure list.
        if (!moved && input.reply === "accept" && application.status === "Withdrawn")
          throw new AppError("conflict", offerMessages.applicationWithdrawn);
      }
      await tellCounsellor(tx, deps, application, input.reply, input.reason ?? null);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", input.reply === "accept" ? offerMessages.alreadyAccepted : offerMessages.alreadyHolding);
    throw error;
  }
  await deliverWithoutQueue(deps);
  return (await present(deps, [await ownOffer(deps, studentId, offerId)]))[0] as Offer;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The counsellor's mail about a reply, queued in the reply's transaction (the outbox sends it after the commit). */
async function tellCounsellor(
  tx: Tx,
  deps: OffersDeps,
  application: ApplicationSubject,
  reply: "accept" | "hold" | "decline",
  reason: string | null,
) {
  if (application.counsellorStaffId === null) return;
  const member = await activeStaffContact(tx, application.counsellorStaffId);
  if (!member) return;
  const name = application.studentName.replace(/\s+/g, " ").slice(0, 80);
  const verb = reply === "accept" ? "accepted" : reply === "hold" ? "is holding as a backup" : "declined";
  await queueMail(
    tx,
    deps,
    {
      to: member.email,
      subject: `${name} ${verb} the offer from ${application.university}`,
      text: [
        `Dear ${member.fullName},`,
        "",
        `${application.studentName} ${verb} the offer for ${application.course} at ${application.university}.`,
        ...(reason ? [`Their reason: ${reason}`] : []),
        "",
        `Open the application: ${mailLink(deps.siteAddress, `/staff/applications/${application.id}`)}`,
        "",
        "Ignite - Your academic Journey",
      ].join("\n"),
    },
    { studentId: application.studentId },
  );
}

// --- the console's side -----------------------------------------------------------------------------

async function visibleSubject(deps: OffersDeps, actor: StaffMember, applicationId: number) {
  if (!canSeeStudents(actor)) throw notAllowed();
  const [application] = await applicationSubjects(deps.db, [applicationId]);
  if (!application || !studentVisibleTo(actor, application)) throw new AppError("not_found", "Application not found");
  return application;
}

const offerStages: readonly ApplicationStatus[] = [
  "Submitted",
  "More information requested",
  "Conditional offer",
  "Unconditional offer",
  "Offer accepted",
  "Deposit paid",
];

/**
 * The counsellor records (or corrects) the offer from the university's letter; audited. A first record
 * moves the application into "Conditional offer" or "Unconditional offer" where the stage model allows.
 */
export async function recordOffer(deps: OffersDeps, actor: StaffMember, applicationId: number, raw: unknown): Promise<Offer> {
  authorize(canWorkStudents, actor);
  // The body is read first: a malformed one is a 400 whatever the application's stage.
  const input = parseInput(offerInput, raw);
  const application = await visibleSubject(deps, actor, applicationId);
  if (!offerStages.includes(application.status))
    throw new AppError("conflict", offerMessages.noOfferStage, { status: offerMessages.noOfferStage });
  const now = nowOf(deps);
  const values = {
    kind: input.kind,
    conditions: input.conditions.map((c) => ({ text: c.text, state: c.state, dueOn: c.dueOn ?? null })),
    scholarship: input.scholarship
      ? {
          amount: input.scholarship.amount,
          currency: input.scholarship.currency,
          years: input.scholarship.years,
          renewableOn: input.scholarship.renewableOn ?? null,
        }
      : null,
    deposit: input.deposit
      ? { amount: input.deposit.amount, currency: input.deposit.currency, dueOn: input.deposit.dueOn ?? null }
      : null,
    replyBy: input.replyBy,
    updatedAt: now,
  };
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(offers).where(eq(offers.applicationId, applicationId));
    await tx
      .insert(offers)
      .values({ ...values, applicationId, studentId: application.studentId, recordedByStaffId: actor.staffId, createdAt: now })
      .onConflictDoUpdate({ target: offers.applicationId, set: values });
    await moveForOffer(tx, {
      applicationId,
      to: input.kind === "conditional" ? "Conditional offer" : "Unconditional offer",
      note: "Offer recorded from the university's letter",
      actorLabel: `${actor.fullName} (${actor.role})`,
      actorStaffId: actor.staffId,
      now,
    });
    // A letter the student uploaded is confirmed by the offer recorded from it (decision 0092).
    const confirmed = await tx
      .update(offerLetters)
      .set({ confirmedAt: now, confirmedByStaffId: actor.staffId })
      .where(and(eq(offerLetters.applicationId, applicationId), isNull(offerLetters.confirmedAt)))
      .returning({ id: offerLetters.id });
    await recordAudit(tx, actor, {
      action: before ? "offer.changed" : "offer.recorded",
      subjectType: "application",
      subjectId: applicationId,
      studentId: application.studentId,
      after: {
        kind: values.kind,
        replyBy: values.replyBy,
        conditions: values.conditions.length,
        ...(confirmed.length ? { fromStudentLetter: true } : {}),
      },
    });
  });
  const [row] = await deps.db.select().from(offers).where(eq(offers.applicationId, applicationId));
  return (await present(deps, [row as OfferRow]))[0] as Offer;
}

/** The offer on an application as the console shows it; the view of the student's data is audited. */
export async function consoleOffer(deps: OffersDeps, actor: StaffMember, applicationId: number): Promise<Offer | null> {
  const application = await visibleSubject(deps, actor, applicationId);
  const [row] = await deps.db.select().from(offers).where(eq(offers.applicationId, applicationId));
  if (!row) return null;
  await recordAudit(deps.db, actor, {
    action: "offer.viewed",
    subjectType: "application",
    subjectId: applicationId,
    studentId: application.studentId,
  });
  return (await present(deps, [row]))[0] as Offer;
}

/**
 * The counsellor lets the student reply again (decision 0078): after the reply date, or to an offer they
 * declined. The offer opens again; an application its decline withdrew goes back to its offer stage in the
 * same transaction, with its history (decision 0078's amendment), so accepting it moves it on as usual.
 */
export async function reopenOffer(deps: OffersDeps, actor: StaffMember, applicationId: number): Promise<Offer> {
  authorize(canWorkStudents, actor);
  const application = await visibleSubject(deps, actor, applicationId);
  const [row] = await deps.db.select().from(offers).where(eq(offers.applicationId, applicationId));
  if (!row) throw noOffer();
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(offers)
      .set({ state: row.state === "accepted" ? "accepted" : "open", reopened: true, declineReason: null, updatedAt: now })
      .where(eq(offers.id, row.id));
    if (row.state === "declined")
      await moveForOffer(tx, {
        applicationId,
        to: row.kind === "conditional" ? "Conditional offer" : "Unconditional offer",
        note: "Offer reopened by the counsellor after the student declined it",
        actorLabel: `${actor.fullName} (${actor.role})`,
        actorStaffId: actor.staffId,
        now,
        undoing: "Withdrawn",
      });
    await recordAudit(tx, actor, {
      action: "offer.reopened",
      subjectType: "application",
      subjectId: applicationId,
      studentId: application.studentId,
      before: { state: row.state },
    });
  });
  const [after] = await deps.db.select().from(offers).where(eq(offers.id, row.id));
  return (await present(deps, [after as OfferRow]))[0] as Offer;
}

// --- the student's offer letter, awaiting confirmation (decision 0092) --------------------------------

/** A letter the student uploaded that no counsellor has confirmed yet: not compared, not replied to. */
export interface AwaitingOffer {
  applicationId: number;
  course: string;
  university: string;
  country: string;
  uploadedAt: Date;
  /** The letter as its owner opens it (/files/{publicId}); staff open it through the console's file route. */
  letter: { publicId: string; name: string; url: string } | null;
}

async function presentLetters(db: Database, rows: (typeof offerLetters.$inferSelect)[]): Promise<AwaitingOffer[]> {
  if (!rows.length) return [];
  const [subjects, files] = await Promise.all([
    applicationSubjects(
      db,
      rows.map((r) => r.applicationId),
    ),
    attachedDocuments(
      db,
      rows.map((r) => r.fileId),
    ),
  ]);
  return rows.flatMap((row) => {
    const subject = subjects.find((s) => s.id === row.applicationId);
    if (!subject) return [];
    const file = files.get(row.fileId);
    return [
      {
        applicationId: row.applicationId,
        course: subject.course,
        university: subject.university,
        country: subject.country,
        uploadedAt: row.uploadedAt,
        letter: file ? { publicId: file.publicId, name: file.name, url: file.url } : null,
      },
    ];
  });
}

/** The student's offer letters waiting for their counsellor's confirmation, oldest first. */
export async function awaitingOffers(deps: OffersDeps, studentId: number): Promise<AwaitingOffer[]> {
  const rows = await deps.db
    .select()
    .from(offerLetters)
    .where(and(eq(offerLetters.studentId, studentId), isNull(offerLetters.confirmedAt)))
    .orderBy(asc(offerLetters.uploadedAt), asc(offerLetters.id));
  return presentLetters(deps.db, rows);
}

/**
 * The student uploads the university's offer letter on their application (decision 0092): stored through
 * the documents' upload path, it makes an offer awaiting the counsellor's confirmation. Refused for
 * another student's application (404, as if it did not exist), before the application is submitted, or
 * once the counsellor has recorded the offer. A second upload before the confirmation replaces the first.
 */
export async function uploadOfferLetter(
  deps: OffersDeps,
  studentId: number,
  applicationId: number,
  file: IncomingFile | undefined,
): Promise<AwaitingOffer> {
  if (!deps.letterFiles) throw new Error("offer letters need the documents' storage");
  const [application] = await applicationSubjects(deps.db, [applicationId]);
  if (!application || application.studentId !== studentId) throw new AppError("not_found", offerMessages.noSuchApplication);
  if (!offerStages.includes(application.status))
    throw new AppError("conflict", offerMessages.letterTooEarly, { file: offerMessages.letterTooEarly });
  const [recorded] = await deps.db.select({ id: offers.id }).from(offers).where(eq(offers.applicationId, applicationId));
  if (recorded)
    throw new AppError("conflict", offerMessages.letterAlreadyRecorded, { file: offerMessages.letterAlreadyRecorded });
  const stored = await deps.letterFiles.store(studentId, file);
  const now = nowOf(deps);
  let replaced: number | undefined;
  try {
    replaced = await deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ fileId: offerLetters.fileId, confirmedAt: offerLetters.confirmedAt })
        .from(offerLetters)
        .where(eq(offerLetters.applicationId, applicationId))
        .for("update");
      if (before?.confirmedAt) throw new AppError("conflict", offerMessages.letterAlreadyRecorded);
      await tx
        .insert(offerLetters)
        .values({ applicationId, studentId, fileId: stored.fileId, uploadedAt: now })
        .onConflictDoUpdate({ target: offerLetters.applicationId, set: { fileId: stored.fileId, uploadedAt: now } });
      return before?.fileId;
    });
  } catch (error) {
    await deps.letterFiles.remove(studentId, stored.fileId);
    throw error;
  }
  if (replaced !== undefined) await deps.letterFiles.remove(studentId, replaced);
  const [row] = await deps.db.select().from(offerLetters).where(eq(offerLetters.applicationId, applicationId));
  return (await presentLetters(deps.db, row ? [row] : []))[0] as AwaitingOffer;
}

/** Where an application stands for an offer letter: an offer recorded, or a letter awaiting confirmation. */
export async function letterStateOf(deps: OffersDeps, studentId: number, applicationId: number) {
  const [[recorded], [letter]] = await Promise.all([
    deps.db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.applicationId, applicationId), eq(offers.studentId, studentId))),
    deps.db
      .select()
      .from(offerLetters)
      .where(
        and(
          eq(offerLetters.applicationId, applicationId),
          eq(offerLetters.studentId, studentId),
          isNull(offerLetters.confirmedAt),
        ),
      ),
  ]);
  return { recorded: Boolean(recorded), awaiting: letter ? ((await presentLetters(deps.db, [letter]))[0] ?? null) : null };
}

/** The student's letter on an application, as the console shows it beside the offer form: awaiting or confirmed. */
export async function consoleLetter(deps: OffersDeps, actor: StaffMember, applicationId: number) {
  await visibleSubject(deps, actor, applicationId);
  const [row] = await deps.db.select().from(offerLetters).where(eq(offerLetters.applicationId, applicationId));
  if (!row) return null;
  const file = (await attachedDocuments(deps.db, [row.fileId])).get(row.fileId);
  return {
    uploadedAt: row.uploadedAt,
    confirmedAt: row.confirmedAt,
    letter: file ? { publicId: file.publicId, name: file.name } : null,
  };
}

/** The letters awaiting confirmation on the member's students' applications, oldest first: Today's count and list. */
export async function lettersToConfirm(deps: OffersDeps, actor: StaffMember) {
  if (!canSeeStudents(actor)) return [];
  const rows = await deps.db
    .select()
    .from(offerLetters)
    .where(and(isNull(offerLetters.confirmedAt), ownStudentsOnly(deps.db, actor, offerLetters.studentId)))
    .orderBy(asc(offerLetters.uploadedAt), asc(offerLetters.id))
    .limit(500);
  const subjects = await applicationSubjects(
    deps.db,
    rows.map((r) => r.applicationId),
  );
  return rows.flatMap((row) => {
    const subject = subjects.find((s) => s.id === row.applicationId);
    if (!subject || !studentVisibleTo(actor, subject)) return [];
    return [
      {
        applicationId: row.applicationId,
        studentName: subject.studentName,
        course: subject.course,
        university: subject.university,
        uploadedAt: row.uploadedAt,
      },
    ];
  });
}

/**
 * The replies the member's students gave to their offers in the last days (decision 0093): Today's line
 * beside the mail each reply sent their counsellor (decision 0078), the newest first.
 */
export async function recentReplies(deps: OffersDeps, actor: StaffMember, days: number) {
  if (!canSeeStudents(actor)) return [];
  const since = new Date(nowOf(deps).getTime() - days * 86_400_000);
  const rows = await deps.db
    .select()
    .from(offers)
    .where(and(gt(offers.repliedAt, since), ne(offers.state, "open"), ownStudentsOnly(deps.db, actor, offers.studentId)))
    .orderBy(desc(offers.repliedAt), desc(offers.id))
    .limit(500);
  const subjects = await applicationSubjects(
    deps.db,
    rows.map((r) => r.applicationId),
  );
  return rows.flatMap((row) => {
    const subject = subjects.find((s) => s.id === row.applicationId);
    if (!subject || !studentVisibleTo(actor, subject) || !row.repliedAt) return [];
    return [
      {
        applicationId: row.applicationId,
        studentName: subject.studentName,
        course: subject.course,
        university: subject.university,
        state: row.state,
        repliedAt: row.repliedAt,
      },
    ];
  });
}

// --- dates, the parent's link, the export -----------------------------------------------------------

/** One offer's dates ahead of the student, as the deadlines module reads them (its `OfferDeadlines`). */
export interface OfferDeadlines {
  studentId: number;
  offerId: number;
  application: { id: number; course: string; university: string; country: string };
  items: { key: string; title: { en: string; hi: string }; day: string }[];
}

/**
 * The dates an offer still asks of the student (decision 0090): its reply date while it waits for a reply,
 * its deposit's due date from the submission to the acceptance (not for a backup, and no longer once the
 * application is past "Offer accepted"), and each pending condition's due date. A declined offer has none.
 */
function datesOf(row: OfferRow, subject: ApplicationSubject | undefined): OfferDeadlines | null {
  if (!subject || row.state === "declined") return null;
  const items: OfferDeadlines["items"] = [];
  if (row.state === "open") items.push({ key: "reply", title: offerDateTitles.reply, day: row.replyBy });
  if (row.deposit?.dueOn && row.state !== "held" && (depositOpenStages as readonly ApplicationStatus[]).includes(subject.status))
    items.push({ key: "deposit", title: offerDateTitles.deposit, day: row.deposit.dueOn });
  row.conditions.forEach((condition, index) => {
    if (condition.state === "pending" && condition.dueOn)
      items.push({ key: `condition-${index + 1}`, title: offerDateTitles.condition(condition.text), day: condition.dueOn });
  });
  if (!items.length) return null;
  return {
    studentId: row.studentId,
    offerId: row.id,
    application: { id: subject.id, course: subject.course, university: subject.university, country: subject.country },
    items,
  };
}

async function datesOfRows(db: Database, rows: OfferRow[]): Promise<OfferDeadlines[]> {
  const subjects = await applicationSubjects(
    db,
    rows.map((r) => r.applicationId),
  );
  return rows.flatMap(
    (row) =>
      datesOf(
        row,
        subjects.find((s) => s.id === row.applicationId),
      ) ?? [],
  );
}

/** Each of the student's offers with the dates it still asks of them, for Deadlines and the calendar feed (decision 0090). */
export async function offerDates(db: Database, studentId: number): Promise<OfferDeadlines[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(and(eq(offers.studentId, studentId), ne(offers.state, "declined")))
    .orderBy(asc(offers.id));
  return datesOfRows(db, rows);
}

/**
 * Every student's offers with a date from `from` to `to` (India days, YYYY-MM-DD), for the reminders'
 * sweep (decision 0090): only the rows with a reply, deposit or condition date in the window are read.
 */
export async function offerDatesBetween(db: Database, from: string, to: string): Promise<OfferDeadlines[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(
      and(
        ne(offers.state, "declined"),
        or(
          between(offers.replyBy, from, to),
          sql`(${offers.deposit} ->> 'dueOn') between ${from} and ${to}`,
          sql`exists (select 1 from jsonb_array_elements(${offers.conditions}) c where c ->> 'dueOn' between ${from} and ${to})`,
        ),
      ),
    )
    .orderBy(asc(offers.id));
  const inWindow = (day: string) => day >= from && day <= to;
  return (await datesOfRows(db, rows))
    .map((o) => ({ ...o, items: o.items.filter((i) => inWindow(i.day)) }))
    .filter((o) => o.items.length > 0);
}

/** An offer as a parent's link shows it (decisions 0028, 0091): never its conditions' words or the reply's reason. */
export interface ParentOffer {
  university: string;
  course: string;
  country: string;
  kind: (typeof offerKinds)[number];
  state: OfferState;
  replyBy: string;
  /** Only when the student chose to share the amounts; absent otherwise. */
  scholarship?: { amount: number; currency: string; years: number } | null;
  deposit?: { amount: number; currency: string } | null;
}

/**
 * What a parent's link shows of the offers (decisions 0028, 0091): each offer's kind and state (the accepted
 * one is the chosen university) and its reply date; the scholarship's and deposit's amounts only when the
 * student shares them. The fields are picked one by one: nothing else of the offer can slip through.
 */
export async function offersForParent(db: Database, studentId: number, withAmounts: boolean): Promise<ParentOffer[]> {
  const rows = await db.select().from(offers).where(eq(offers.studentId, studentId)).orderBy(asc(offers.id));
  const subjects = await applicationSubjects(
    db,
    rows.map((r) => r.applicationId),
  );
  return rows.flatMap((r) => {
    const subject = subjects.find((s) => s.id === r.applicationId);
    if (!subject) return [];
    return [
      {
        university: subject.university,
        course: subject.course,
        country: subject.country,
        kind: r.kind,
        state: r.state,
        replyBy: r.replyBy,
        ...(withAmounts
          ? {
              scholarship: r.scholarship
                ? { amount: r.scholarship.amount, currency: r.scholarship.currency, years: r.scholarship.years }
                : null,
              deposit: r.deposit ? { amount: r.deposit.amount, currency: r.deposit.currency } : null,
            }
          : {}),
      },
    ];
  });
}

/** The student's offers for their data export (decision 0024). */
export async function offersForExport(db: Database, studentId: number) {
  return db
    .select({
      applicationId: offers.applicationId,
      kind: offers.kind,
      conditions: offers.conditions,
      scholarship: offers.scholarship,
      deposit: offers.deposit,
      replyBy: offers.replyBy,
      state: offers.state,
      declineReason: offers.declineReason,
      repliedAt: offers.repliedAt,
    })
    .from(offers)
    .where(eq(offers.studentId, studentId));
}

/** The offer letters the student uploaded, for their export (decision 0092): the files themselves go beside it as documents. */
export async function offerLettersForExport(db: Database, studentId: number) {
  const rows = await db.select().from(offerLetters).where(eq(offerLetters.studentId, studentId)).orderBy(asc(offerLetters.id));
  const files = await attachedDocuments(
    db,
    rows.map((r) => r.fileId),
  );
  return rows.map((r) => ({
    applicationId: r.applicationId,
    file: files.get(r.fileId)?.name ?? null,
    uploadedAt: r.uploadedAt.toISOString(),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
  }));
}

/**
 * Of these stored files (the documents module's "Offer letter" rows), those an offer letter names, awaiting
 * confirmation or confirmed: the upkeep keeps them and removes the others past the grace period (decision 0104).
 */
export async function offerLetterFilesNamed(db: Database, fileIds: readonly number[]): Promise<Set<number>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .select({ fileId: offerLetters.fileId })
    .from(offerLetters)
    .where(inArray(offerLetters.fileId, [...fileIds]));
  return new Set(rows.map((r) => r.fileId));
}

export function createOfferService(deps: OffersDeps) {
  return {
    list: (studentId: number) => studentOffers(deps, studentId),
    /** The letters the student uploaded that wait for the counsellor's confirmation (decision 0092). */
    awaiting: (studentId: number) => awaitingOffers(deps, studentId),
    letterState: (studentId: number, applicationId: number) => letterStateOf(deps, studentId, applicationId),
    uploadLetter: (studentId: number, applicationId: number, file: IncomingFile | undefined) =>
      uploadOfferLetter(deps, studentId, applicationId, file),
    reply: (studentId: number, offerId: number, raw: unknown) => replyToOffer(deps, studentId, offerId, raw),
    /** The dates the student's offers still ask of them, for Deadlines (decision 0090). */
    dates: (studentId: number) => offerDates(deps.db, studentId),
    /** The offers as a parent's link shows them: amounts only when the student shares them (decision 0091). */
    forParent: (studentId: number, withAmounts: boolean) => offersForParent(deps.db, studentId, withAmounts),
    /** Every student's offer dates in a window of India days, for the reminders (decision 0090). */
    datesBetween: (from: string, to: string) => offerDatesBetween(deps.db, from, to),
  };
}
export type OfferService = ReturnType<typeof createOfferService>;

export const offersConsole = (deps: OffersDeps) => ({
  get: (actor: StaffMember, applicationId: number) => consoleOffer(deps, actor, applicationId),
  record: (actor: StaffMember, applicationId: number, raw: unknown) => recordOffer(deps, actor, applicationId, raw),
  reopen: (actor: StaffMember, applicationId: number) => reopenOffer(deps, actor, applicationId),
  /** The student's letter on the application, awaiting or confirmed (decision 0092). */
  letter: (actor: StaffMember, applicationId: number) => consoleLetter(deps, actor, applicationId),
  /** Today: letters awaiting confirmation, and the students' recent replies. */
  lettersToConfirm: (actor: StaffMember) => lettersToConfirm(deps, actor),
  recentReplies: (actor: StaffMember, days: number) => recentReplies(deps, actor, days),
});
