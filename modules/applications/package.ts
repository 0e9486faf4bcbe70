import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../platform/db/client.ts";
import { applicationMessages } from "../../vocabulary/applications.ts";
import { checkedText } from "../../vocabulary/catalogue.ts";
import {
  APPLICATION_FEE_ITEM,
  type ChecklistState,
  FEE_RECEIPT_TYPE,
  letterTypes,
  MAX_LETTERS,
  requiredAttachmentTypes,
} from "../../vocabulary/documents.ts";
import { LETTER_SUBMITTED_STATE } from "../../vocabulary/letters.ts";
import { courses, universities } from "../catalogue/tables.ts";
import type { StaffDeps } from "../deps.ts";
import { studentFiles } from "../documents/tables.ts";
import { letterDataOf } from "../letters/letters.ts";
import type { Tx } from "./records.ts";
import { applicationPackageItems, applications, applicationWaivers, countryDocumentRules } from "./tables.ts";

export interface ChecklistItem {
  /** The attachment type, or a country rule's label (then `attachmentType` says where the student uploads it). */
  item: string;
  attachmentType: string;
  state: ChecklistState;
  /** The current file's public id, for staff to open and review it. */
  filePublicId: string | null;
  reviewReason: string | null;
  reviewMessage: string | null;
  waiverReason: string | null;
  /** Who it waits on (decision 0057): the student (missing, a correction asked), the counsellor (to review), nobody. */
  waitsOn: "student" | "counsellor" | "nobody";
  /** What the course says of it: the SOP's word limit, the fee's amount with where and when it was checked (decision 0105). */
  note: string | null;
  /** The file's row (internal: the frozen package keeps it, decision 0058); null with none. */
  fileId: number | null;
}

/** The checklist items that keep a stage saying "documents complete" from being true: neither approved nor waived with a reason. */
export const outstandingItems = (checklist: readonly ChecklistItem[]) =>
  checklist.filter(
    (entry) =>
      entry.state !== "Approved" &&
      entry.state !== "Letter submitted" &&
      !(entry.state === "Waived" && entry.waiverReason?.trim()),
  );

/** Who a checklist item in this state waits on (decision 0057). */
export const waitsOnOf = (state: ChecklistState): ChecklistItem["waitsOn"] =>
  state === "Missing" || state === "Correction requested" ? "student" : state === "Waiting for review" ? "counsellor" : "nobody";

/** A course's package as the checklist reads it (decision 0057). */
type CoursePackage = {
  level: string;
  lettersRequired: number;
  sopRequired: boolean;
  sopWordLimit: number | null;
  portfolioRequired: boolean;
  writingSampleRequired: boolean;
  englishTestAsked: boolean;
  admissionsTestAsked: boolean;
  applicationFeeAmount: number | null;
  applicationFeeCurrency: string | null;
  applicationFeeSource: string | null;
  applicationFeeCheckedOn: string | null;
};

/**
 * The course's own items, after the spec's required documents: the transcripts before its level (a
 * master's needs the bachelor's), further letters, the test score reports, a portfolio or writing sample,
 * and the application fee. One rule set with the country's rules (decision 0057).
 */
function packageItems(course: CoursePackage): { item: string; attachmentType: string; note: string | null }[] {
  const items: { item: string; attachmentType: string; note: string | null }[] = [];
  if (course.level === "Masters" || course.level === "PhD")
    items.push({ item: "Bachelors", attachmentType: "Bachelors", note: null });
  if (course.level === "PhD") items.push({ item: "Masters", attachmentType: "Masters", note: null });
  for (const type of letterTypes.slice(1, Math.max(1, Math.min(course.lettersRequired, MAX_LETTERS))))
    items.push({ item: type, attachmentType: type, note: null });
  if (course.englishTestAsked) items.push({ item: "English test score", attachmentType: "English test score", note: null });
  if (course.admissionsTestAsked) items.push({ item: "GRE/GMAT score", attachmentType: "GRE/GMAT score", note: null });
  if (course.portfolioRequired) items.push({ item: "Portfolio", attachmentType: "Portfolio", note: null });
  if (course.writingSampleRequired) items.push({ item: "Writing sample", attachmentType: "Writing sample", note: null });
  if (course.applicationFeeAmount !== null && course.applicationFeeCurrency)
    items.push({
      item: APPLICATION_FEE_ITEM,
      attachmentType: FEE_RECEIPT_TYPE,
      // With where and when it was read, or "not checked" (decision 0105): "GBP 60 (University website, checked on 2 January 2027)".
      note: `${course.applicationFeeCurrency} ${course.applicationFeeAmount.toLocaleString("en-IN")} (${checkedText({
        source: course.applicationFeeSource,
        checkedOn: course.applicationFeeCheckedOn,
      })})`,
    });
  return items;
}

const packageColumns = {
  countryId: universities.countryId,
  level: courses.level,
  lettersRequired: courses.lettersRequired,
  sopRequired: courses.sopRequired,
  sopWordLimit: courses.sopWordLimit,
  portfolioRequired: courses.portfolioRequired,
  writingSampleRequired: courses.writingSampleRequired,
  englishTestAsked: courses.englishTestAsked,
  admissionsTestAsked: courses.admissionsTestAsked,
  applicationFeeAmount: courses.applicationFeeAmount,
  applicationFeeCurrency: courses.applicationFeeCurrency,
  applicationFeeSource: courses.applicationFeeSource,
  applicationFeeCheckedOn: courses.applicationFeeCheckedOn,
};

/**
 * The documents an application needs: the spec's required types, what its course's package asks
 * (decision 0057) and its country's rules, each with its state and whom it waits on: always as things are
 * now (the gate reads it); the package as it was sent is `frozenPackage` (decision 0058). For the visa (decision 0040) it is the
 * country's rules marked for the visa, and the visa guide's documents the visa module passes (`extra`),
 * read against the same files and waivers.
 */
export async function checklistOf(
  deps: Pick<StaffDeps, "db">,
  application: ChecklistSubject,
  scope: "application" | "visa" = "application",
  extra: { item: string; attachmentType: string }[] = [],
): Promise<ChecklistItem[]> {
  return (await checklistsOf(deps, [application], scope, extra)).get(application.id) ?? [];
}

/** What a checklist is read for: the application, its student and its course. */
export type ChecklistSubject = { id: number; studentId: number; courseId: number };

/** The fee's receipt: the version of the file the student recorded for the application (decision 0057). */
const receiptFile = alias(studentFiles, "receipt_file");

/**
 * `checklistOf` for many applications at once, in three queries whatever their number (the student's home,
 * the Deadlines screen, the counsellor's applications falling due), by application id: the applications
 * with their course's package, fee receipt, waivers and country rules in one (decision 0087), the students'
 * current files, and the letters submitted through the portal.
 */
export async function checklistsOf(
  deps: Pick<StaffDeps, "db">,
  subjects: readonly ChecklistSubject[],
  scope: "application" | "visa" = "application",
  extra: { item: string; attachmentType: string }[] = [],
): Promise<Map<number, ChecklistItem[]>> {
  const lists = new Map<number, ChecklistItem[]>();
  if (subjects.length === 0) return lists;
  const ids = [...new Set(subjects.map((a) => a.id))];
  const studentIds = [...new Set(subjects.map((a) => a.studentId))];
  const [own, files, letters] = await Promise.all([
    deps.db
      .select({
        id: applications.id,
        courseId: courses.id,
        ...packageColumns,
        sopReview: applications.sopReview,
        receiptId: receiptFile.id,
        receiptPublicId: receiptFile.publicId,
        receiptReviewState: receiptFile.reviewState,
        receiptReviewReason: receiptFile.reviewReason,
        receiptReviewMessage: receiptFile.reviewMessage,
        waivers: sql<
          { item: string; reason: string }[]
        >`coalesce((select json_agg(json_build_object('item', ${applicationWaivers.item}, 'reason', ${applicationWaivers.reason})) from ${applicationWaivers} where ${applicationWaivers.applicationId} = ${applications.id}), '[]'::json)`,
        rules: sql<
          { label: string; attachmentType: string }[]
        >`coalesce((select json_agg(json_build_object('label', ${countryDocumentRules.label}, 'attachmentType', ${countryDocumentRules.attachmentType}) order by ${countryDocumentRules.label}) from ${countryDocumentRules} where ${countryDocumentRules.countryId} = ${universities.countryId} and ${countryDocumentRules.forVisa} = ${scope === "visa"}), '[]'::json)`,
      })
      .from(applications)
      .innerJoin(courses, eq(courses.id, applications.courseId))
      .innerJoin(universities, eq(universities.id, courses.universityId))
      .leftJoin(receiptFile, eq(receiptFile.id, applications.feeReceiptFileId))
      .where(inArray(applications.id, ids)),
    deps.db
      .select()
      .from(studentFiles)
      .where(and(inArray(studentFiles.studentId, studentIds), isNull(studentFiles.supersededAt))),
    // Letters their recommenders submitted through the portal fill the letter items (decision 0076).
    letterDataOf.submittedLetterCounts(deps.db, ids),
  ]);
  for (const application of subjects) {
    const place = own.find((a) => a.id === application.id);
    const wordLimit = place?.sopWordLimit ? applicationMessages.sopWordLimit(place.sopWordLimit) : null;
    const items = [
      ...(scope === "application"
        ? requiredAttachmentTypes.map((type) => ({
            item: type as string,
            attachmentType: type as string,
            note: type === "SOP" ? wordLimit : null,
          }))
        : extra.map((e) => ({ ...e, note: null }))),
      ...(scope === "application" && place ? packageItems(place) : []),
      ...(place?.rules ?? []).map((rule) => ({ item: rule.label, attachmentType: rule.attachmentType, note: null })),
    ];
    // The fee's receipt is the version the student recorded for this application, kept if replaced since.
    const receipt =
      place?.receiptId != null && place.receiptPublicId !== null && place.receiptReviewState !== null
        ? {
            id: place.receiptId,
            publicId: place.receiptPublicId,
            reviewState: place.receiptReviewState,
            reviewReason: place.receiptReviewReason,
            reviewMessage: place.receiptReviewMessage,
          }
        : undefined;
    // The SOP written in the portal (decision 0072): an approved version satisfies the item whatever file is
    // uploaded; a version sent waits for review when no file stands in for it. An uploaded PDF still counts.
    const sopReview = place?.sopReview ?? null;
    const theirs = files.filter((f) => f.studentId === application.studentId);
    const waived = place?.waivers ?? [];
    // Letters submitted through the portal, not yet given to a letter item (decision 0076).
    let portalLetters = letters.get(application.id) ?? 0;
    lists.set(
      application.id,
      items.map(({ item, attachmentType, note }): ChecklistItem => {
        const waiver = waived.find((w) => w.item === item);
        const uploaded = item === APPLICATION_FEE_ITEM ? receipt : theirs.find((f) => f.attachmentType === attachmentType);
        // A letter item: a portal letter fills it unless a letter uploaded the old way is approved or awaits review.
        const byPortal =
          !waiver &&
          portalLetters > 0 &&
          (letterTypes as readonly string[]).includes(item) &&
          !(uploaded && (uploaded.reviewState === "Approved" || uploaded.reviewState === "Waiting for review"));
        if (byPortal) portalLetters -= 1;
        const file = byPortal ? undefined : uploaded;
        // The SOP written in the portal (decision 0072): its approved version fills the item, else its review state.
        const written = item === "SOP" ? sopReview : null;
        const state: ChecklistState = waiver
          ? "Waived"
          : byPortal
            ? LETTER_SUBMITTED_STATE
            : written === "Approved"
              ? "Approved"
              : file
                ? file.reviewState
                : (written ?? "Missing");
        return {
          item,
          attachmentType,
          state,
          filePublicId: file?.publicId ?? null,
          reviewReason: file?.reviewReason ?? null,
          reviewMessage: file?.reviewMessage ?? null,
          waiverReason: waiver?.reason ?? null,
          waitsOn: waitsOnOf(state),
          note,
          fileId: file?.id ?? null,
        };
      }),
    );
  }
  return lists;
}

/** The package as it was sent, once the submission is recorded (decision 0058); empty before. */
export async function frozenPackage(db: Pick<Database, "select">, applicationId: number): Promise<ChecklistItem[]> {
  const rows = await db
    .select({
      item: applicationPackageItems.item,
      attachmentType: applicationPackageItems.attachmentType,
      state: applicationPackageItems.state,
      waiverReason: applicationPackageItems.waiverReason,
      fileId: applicationPackageItems.fileId,
      publicId: studentFiles.publicId,
      reviewReason: studentFiles.reviewReason,
      reviewMessage: studentFiles.reviewMessage,
    })
    .from(applicationPackageItems)
    .leftJoin(studentFiles, eq(studentFiles.id, applicationPackageItems.fileId))
    .where(eq(applicationPackageItems.applicationId, applicationId))
    .orderBy(asc(applicationPackageItems.position));
  return rows.map((row) => ({
    item: row.item,
    attachmentType: row.attachmentType,
    state: row.state,
    filePublicId: row.publicId ?? null,
    reviewReason: row.reviewReason ?? null,
    reviewMessage: row.reviewMessage ?? null,
    waiverReason: row.waiverReason,
    waitsOn: "nobody",
    note: null,
    fileId: row.fileId,
  }));
}

/** Keeps the package as it is sent (decision 0058), in the transaction that records the submission. */
export async function freezePackage(tx: Tx, applicationId: number, checklist: readonly ChecklistItem[]) {
  if (checklist.length === 0) return;
  await tx
    .insert(applicationPackageItems)
    .values(
      checklist.map((entry, position) => ({
        applicationId,
        item: entry.item,
        attachmentType: entry.attachmentType,
        state: entry.state,
        fileId: entry.fileId,
        waiverReason: entry.waiverReason,
        position,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Whether a student's file is kept in one of their applications' packages (sent, or the fee's receipt
 * recorded): its owner still reads it after replacing it (decision 0058).
 */
export async function fileKeptForStudent(db: Pick<Database, "select">, studentId: number, fileId: number): Promise<boolean> {
  const [sent] = await db
    .select({ id: applications.id })
    .from(applicationPackageItems)
    .innerJoin(applications, eq(applications.id, applicationPackageItems.applicationId))
    .where(and(eq(applicationPackageItems.fileId, fileId), eq(applications.studentId, studentId)))
    .limit(1);
  if (sent) return true;
  const [receipt] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.feeReceiptFileId, fileId), eq(applications.studentId, studentId)))
    .limit(1);
  return Boolean(receipt);
}

/**
 * Waives, with `reason`, every checklist item of an application that is not approved or waived yet: for
 * data made outside the console (the demo student) that puts an application at or past a stage that
 * says its documents are complete, so the record agrees with the stage gate (decision 0035).
 */
export async function waiveOutstandingItems(
  deps: Pick<StaffDeps, "db">,
  application: { id: number; studentId: number; courseId: number },
  reason: string,
): Promise<void> {
  const outstanding = (await checklistOf(deps, application)).filter(
    (entry) => entry.state !== "Approved" && entry.state !== "Waived" && entry.state !== LETTER_SUBMITTED_STATE,
  );
  if (outstanding.length === 0) return;
  await deps.db
    .insert(applicationWaivers)
    .values(outstanding.map((entry) => ({ applicationId: application.id, item: entry.item, reason })))
    .onConflictDoNothing();
}

/**
 * Keeps the package of an application already past "Submitted" when it was made outside the console's
 * flow (the demo student's), as recording the submission would (decision 0058).
 */
export async function freezeSubmittedPackage(
  deps: Pick<StaffDeps, "db">,
  application: { id: number; studentId: number; courseId: number },
): Promise<void> {
  const checklist = await checklistOf(deps, application);
  await deps.db.transaction((tx) => freezePackage(tx, application.id, checklist));
}

/**
 * The packages of these applications as they were sent (decision 0058), in order: each item's state, a
 * waiver's reason and the file version sent (its name and upload time): for the student's data export.
 */
export async function packagesSent(db: Pick<Database, "select">, applicationIds: readonly number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: applicationPackageItems.applicationId,
      item: applicationPackageItems.item,
      state: applicationPackageItems.state,
      waiverReason: applicationPackageItems.waiverReason,
      fileId: applicationPackageItems.fileId,
      fileName: studentFiles.originalName,
      uploadedAt: studentFiles.createdAt,
    })
    .from(applicationPackageItems)
    .leftJoin(studentFiles, eq(studentFiles.id, applicationPackageItems.fileId))
    .where(inArray(applicationPackageItems.applicationId, [...applicationIds]))
    .orderBy(asc(applicationPackageItems.applicationId), asc(applicationPackageItems.position));
}

/** Whether the application's package was sent (decision 0058): a statement of it is then frozen (decision 0072). */
export async function packageWasSent(db: Pick<Database, "select">, applicationId: number): Promise<boolean> {
  return (await frozenPackage(db, applicationId)).length > 0;
}
