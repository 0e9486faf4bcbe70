import { createHash } from "node:crypto";
import { diffWords } from "diff";
import { and, asc, desc, eq, inArray, max } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/log.ts";
import {
  COMMENT_MAX_CHARS,
  STATEMENT_MAX_CHARS,
  STATEMENT_MAX_PARAGRAPHS,
  type StatementKind,
  statementMessages,
  statementPdfNote,
  statementTitles,
} from "../../vocabulary/statements.ts";
import { applicationSubject, packageWasSent, setStatementReview, studentApplicationRows } from "../applications/applications.ts";
import { recordAudit } from "../audit-log.ts";
import { rateTable } from "../costs/costs.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import { canSeeAllStudents, canWorkStudents, type StaffMember } from "../policies.ts";
import { studentForStaff } from "../student-access.ts";
import { escapeRegExp } from "../text-patterns.ts";
import { parseInput } from "../validation.ts";
import { statementVisaFacts } from "../visas/visas.ts";
import { checkStatement, countWords, paragraphsOf, type StatementContext, wordsOnly } from "./checks.ts";
import { pdfCannotPrint, pdfFileName, statementPdf } from "./pdf.ts";
import { statementComments, statements, statementVersions } from "./tables.ts";

/**
 * The statement of purpose written in the portal, and a Canadian study permit's letter of explanation
 * (decision 0072): drafts saved with optimistic concurrency, versions frozen when sent for review,
 * comments anchored to a paragraph, approval feeding the application's package (decision 0057's SOP item
 * and so decision 0035's stage gate); its checks are decision 0073's, its diff decision 0074's.
 */

export interface StatementDeps {
  db: Database;
  log: Logger;
  now?: () => Date;
}

type Subject = NonNullable<Awaited<ReturnType<typeof statementSubject>>>;

/** The application a statement is of, and whether its package was sent (then the statement is frozen). */
async function statementSubject(db: Database, applicationId: number) {
  const subject = await applicationSubject(db, applicationId);
  return subject && { ...subject, frozen: await packageWasSent(db, applicationId) };
}

const noStatement = () => new AppError("not_found", statementMessages.noSuchStatement);

/** A paragraph's anchor: the SHA-256 of its words, so a change of spacing or punctuation keeps it. */
export const paragraphHash = (text: string) => createHash("sha256").update(wordsOnly(text)).digest("hex");

const wordSet = (text: string) => new Set(wordsOnly(text).split(" ").filter(Boolean));

/**
 * Where a comment's paragraph is in a later text (decision 0072): the paragraph with the same words, else
 * the most alike one (half or more of their words shared, by Jaccard similarity), else none: it was removed.
 */
export function findAnchor(
  paragraphs: readonly string[],
  anchor: { hash: string; text: string },
): { index: number; changed: boolean } | null {
  const same = paragraphs.findIndex((p) => paragraphHash(p) === anchor.hash);
  if (same >= 0) return { index: same, changed: false };
  const theirs = wordSet(anchor.text);
  let best = { index: -1, score: 0 };
  paragraphs.forEach((p, index) => {
    const mine = wordSet(p);
    const shared = [...mine].filter((w) => theirs.has(w)).length;
    const score = shared / (mine.size + theirs.size - shared || 1);
    if (score > best.score) best = { index, score };
  });
  return best.score >= 0.5 ? { index: best.index, changed: true } : null;
}

async function ownSubject(db: Database, studentId: number, applicationId: number, kind: StatementKind) {
  const subject = await statementSubject(db, applicationId);
  if (!subject || subject.studentId !== studentId) throw noStatement();
  if (kind === "loe" && subject.country !== "Canada") throw new AppError("not_found", statementMessages.notCanada);
  return subject;
}

async function statementRow(db: Pick<Database, "select">, applicationId: number, kind: StatementKind) {
  const [row] = await db
    .select()
    .from(statements)
    .where(and(eq(statements.applicationId, applicationId), eq(statements.kind, kind)));
  return row ?? null;
}

/** A statement with its versions, comments (each found again in the draft), checks and what it may start from. */
async function readStatement(deps: StatementDeps, subject: Subject, kind: StatementKind) {
  const row = await statementRow(deps.db, subject.id, kind);
  const [versions, comments, mine, facts, rates] = await Promise.all([
    row
      ? deps.db
          .select()
          .from(statementVersions)
          .where(eq(statementVersions.statementId, row.id))
          .orderBy(asc(statementVersions.number))
      : [],
    row
      ? deps.db
          .select()
          .from(statementComments)
          .where(eq(statementComments.statementId, row.id))
          .orderBy(asc(statementComments.createdAt), asc(statementComments.id))
      : [],
    studentApplicationRows(deps.db, subject.studentId, "oldest"),
    rateTable(deps.db).then((table) => statementVisaFacts(deps.db, subject.studentId, (c) => table.get(c)?.rupeesPerUnit)),
    rateTable(deps.db),
  ]);
  const others = mine.filter((a) => a.id !== subject.id);
  const otherRows = others.length
    ? await deps.db
        .select({ applicationId: statements.applicationId, paragraphs: statements.paragraphs })
        .from(statements)
        .where(
          and(
            inArray(
              statements.applicationId,
              others.map((a) => a.id),
            ),
            eq(statements.kind, "sop"),
          ),
        )
    : [];
  const labelOf = (id: number) => {
    const a = others.find((o) => o.id === id);
    return a ? `${a.university} (${a.course})` : "";
  };
  const paragraphs = row?.paragraphs ?? [];
  const context: StatementContext = {
    kind,
    university: subject.university,
    course: subject.course,
    country: subject.country,
    wordLimit: kind === "sop" ? subject.sopWordLimit : null,
    otherUniversities: [...new Set(others.map((a) => a.university))],
    intakeMonth: subject.intakeMonth,
    intakeYear: subject.intakeYear,
    fundKinds: facts.fundKinds,
    fundsRupees: facts.fundsRupees,
    interviewAnswers: facts.interviewAnswers,
    otherStatements: otherRows
      .filter((o) => o.paragraphs.length)
      .map((o) => ({ label: labelOf(o.applicationId), paragraphs: o.paragraphs })),
  };
  const rupeesPer = (c: string) => rates.get(c)?.rupeesPerUnit;
  const latest = versions.at(-1);
  const approved = versions.find((v) => v.id === row?.approvedVersionId);
  // What the approved version's PDF will leave out, said before the download (decision 0096).
  const cannotPrint = approved
    ? pdfCannotPrint({
        studentName: subject.studentName,
        university: subject.university,
        course: subject.course,
        paragraphs: approved.paragraphs,
      })
    : [];
  return {
    applicationId: subject.id,
    studentId: subject.studentId,
    kind,
    university: subject.university,
    course: subject.course,
    country: subject.country,
    wordLimit: context.wordLimit,
    frozen: sentWithPackage(subject, kind),
    paragraphs,
    revision: row?.revision ?? 0,
    updatedAt: row?.updatedAt ?? null,
    approvedVersionId: row?.approvedVersionId ?? null,
    /** The characters (an emoji, Tamil) the approved version's PDF cannot print and leaves out. */
    pdfCannotPrint: cannotPrint,
    /** The draft differs from the last version sent (or none was sent): it may be sent. */
    changedSinceSent: paragraphs.length > 0 && (!latest || JSON.stringify(latest.paragraphs) !== JSON.stringify(paragraphs)),
    versions: versions.map((v) => ({
      id: v.id,
      number: v.number,
      paragraphs: v.paragraphs,
      sentAt: v.sentAt,
      approvedAt: v.approvedAt,
      checks: checkStatement(v.paragraphs, context, rupeesPer),
    })),
    comments: comments.map((c) => ({
      id: c.id,
      versionId: c.versionId,
      versionNumber: versions.find((v) => v.id === c.versionId)?.number ?? 0,
      paragraphIndex: c.paragraphIndex,
      paragraphText: c.paragraphText,
      quote: c.quote,
      body: c.body,
      staffName: c.staffName,
      answer: c.answer,
      answeredAt: c.answeredAt,
      doneAt: c.doneAt,
      createdAt: c.createdAt,
      /** Where its paragraph is in the draft now (decision 0072): null when it was removed. */
      inDraft: findAnchor(paragraphs, { hash: c.paragraphHash, text: c.paragraphText }),
    })),
    checks: checkStatement(paragraphs, context, rupeesPer),
    /** The student's other applications with an SOP to start from. */
    sources: others
      .filter((a) => otherRows.some((o) => o.applicationId === a.id && o.paragraphs.length))
      .map((a) => ({ applicationId: a.id, label: labelOf(a.id) })),
  };
}
export type StatementView = Awaited<ReturnType<typeof readStatement>>;

const textField = z
  .string({ error: statementMessages.empty })
  .max(STATEMENT_MAX_CHARS, statementMessages.tooLong)
  .transform(paragraphsOf)
  .refine((p) => p.length > 0, statementMessages.empty)
  .refine((p) => p.length <= STATEMENT_MAX_PARAGRAPHS, statementMessages.tooLong);
const revisionField = z.coerce.number().int().min(0);

export const saveDraftSchema = z.object({ text: textField, revision: revisionField });
/** The revision read, and the text on screen when the page sends it (it is saved first, as a save is). */
export const sendSchema = z.object({ revision: revisionField, text: textField.optional() });
export const copySchema = z.object({ fromApplicationId: z.coerce.number().int().positive(), revision: revisionField });
export const commentSchema = z.object({
  paragraph: z.coerce.number({ error: statementMessages.noParagraph }).int().min(0, statementMessages.noParagraph),
  body: z.string({ error: statementMessages.commentEmpty }).trim().min(1, statementMessages.commentEmpty).max(COMMENT_MAX_CHARS),
  quote: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((q) => q || null),
});
export const answerSchema = z.object({
  answer: z.string({ error: statementMessages.answerEmpty }).trim().min(1, statementMessages.answerEmpty).max(COMMENT_MAX_CHARS),
});

const refuseOverLimit = (subject: Subject, kind: StatementKind, paragraphs: string[]) => {
  const limit = kind === "sop" ? subject.sopWordLimit : null;
  const words = countWords(paragraphs.join("\n\n"));
  if (limit !== null && words > limit) {
    const message = statementMessages.overLimit(words, limit);
    throw new AppError("invalid_input", message, { text: message });
  }
};

/**
 * Writes the draft when the caller read revision `expected`: one statement at a time; a save from a tab
 * that read an older revision is refused (409), never written over the newer text.
 */
/** The SOP is the package's: once the package was sent it no longer changes; a letter of explanation comes after. */
const sentWithPackage = (subject: Subject, kind: StatementKind) => kind === "sop" && subject.frozen;

async function writeDraft(
  deps: StatementDeps,
  subject: Subject,
  kind: StatementKind,
  paragraphs: string[],
  expected: number,
  db: Pick<Database, "insert" | "update"> = deps.db,
) {
  if (sentWithPackage(subject, kind)) throw new AppError("conflict", statementMessages.frozenPackage);
  const now = nowOf(deps);
  const stale = () => new AppError("conflict", statementMessages.stale, { text: statementMessages.stale });
  if (expected === 0) {
    const made = await db
      .insert(statements)
      .values({ studentId: subject.studentId, applicationId: subject.id, kind, paragraphs, revision: 1, updatedAt: now })
      .onConflictDoNothing()
      .returning({ revision: statements.revision });
    if (!made.length) throw stale();
    return 1;
  }
  const [updated] = await db
    .update(statements)
    .set({ paragraphs, revision: expected + 1, updatedAt: now })
    .where(and(eq(statements.applicationId, subject.id), eq(statements.kind, kind), eq(statements.revision, expected)))
    .returning({ revision: statements.revision });
  if (!updated) throw stale();
  return updated.revision;
}

export async function saveDraft(
  deps: StatementDeps,
  studentId: number,
  applicationId: number,
  kind: StatementKind,
  raw: unknown,
) {
  const subject = await ownSubject(deps.db, studentId, applicationId, kind);
  const input = parseInput(saveDraftSchema, raw);
  refuseOverLimit(subject, kind, input.text);
  return writeDraft(deps, subject, kind, input.text, input.revision);
}

/** Starts the draft from the SOP of another of the student's applications: its draft as it stands. */
export async function copyFrom(deps: StatementDeps, studentId: number, applicationId: number, kind: StatementKind, raw: unknown) {
  const subject = await ownSubject(deps.db, studentId, applicationId, kind);
  const input = parseInput(copySchema, raw);
  const source = await statementSubject(deps.db, input.fromApplicationId);
  if (!source || source.studentId !== studentId || source.id === applicationId) throw noStatement();
  const from = await statementRow(deps.db, source.id, "sop");
  if (!from?.paragraphs.length) throw new AppError("conflict", statementMessages.noSource);
  // Not held to this course's limit: it is a start to cut down; a save and a sending are (decision 0072).
  return writeDraft(deps, subject, kind, from.paragraphs, input.revision);
}

/**
 * "Send for review": the draft becomes the next version, frozen. With the text the student has on screen,
 * that text is saved first (refused like a save from a stale tab) and sent, in one transaction, so the
 * counsellor reviews what the student saw; without it, the draft as last saved is sent.
 */
export async function sendForReview(
  deps: StatementDeps,
  studentId: number,
  applicationId: number,
  kind: StatementKind,
  raw: unknown,
) {
  const subject = await ownSubject(deps.db, studentId, applicationId, kind);
  if (sentWithPackage(subject, kind)) throw new AppError("conflict", statementMessages.frozenPackage);
  const input = parseInput(sendSchema, raw);
  if (input.text) refuseOverLimit(subject, kind, input.text);
  return deps.db.transaction(async (tx) => {
    const revision = input.text ? await writeDraft(deps, subject, kind, input.text, input.revision, tx) : input.revision;
    // The row is locked for the numbering: two tabs sending at once make versions n and n+1, or one is refused.
    const [locked] = await tx
      .select()
      .from(statements)
      .where(and(eq(statements.applicationId, applicationId), eq(statements.kind, kind)))
      .for("update");
    if (!locked?.paragraphs.length)
      throw new AppError("invalid_input", statementMessages.empty, { text: statementMessages.empty });
    if (locked.revision !== revision) throw new AppError("conflict", statementMessages.stale, { text: statementMessages.stale });
    refuseOverLimit(subject, kind, locked.paragraphs);
    const [last] = await tx
      .select({ paragraphs: statementVersions.paragraphs })
      .from(statementVersions)
      .where(eq(statementVersions.statementId, locked.id))
      .orderBy(desc(statementVersions.number))
      .limit(1);
    if (last && JSON.stringify(last.paragraphs) === JSON.stringify(locked.paragraphs))
      throw new AppError("conflict", statementMessages.nothingNew);
    const [{ number } = { number: 0 }] = await tx
      .select({ number: max(statementVersions.number) })
      .from(statementVersions)
      .where(eq(statementVersions.statementId, locked.id))
      .then((r) => r.map((x) => ({ number: x.number ?? 0 })));
    const [version] = await tx
      .insert(statementVersions)
      .values({ statementId: locked.id, number: number + 1, paragraphs: locked.paragraphs, sentAt: nowOf(deps) })
      .returning();
    // The package's SOP item waits for the counsellor, unless a version is approved already (it stays the package's).
    if (kind === "sop" && !locked.approvedVersionId) await setStatementReview(tx, applicationId, "Waiting for review");
    return version;
  });
}

async function ownComment(db: Database, studentId: number, applicationId: number, kind: StatementKind, commentId: number) {
  await ownSubject(db, studentId, applicationId, kind);
  const [found] = await db
    .select({ id: statementComments.id })
    .from(statementComments)
    .innerJoin(statements, eq(statements.id, statementComments.statementId))
    .where(
      and(
        eq(statementComments.id, commentId),
        eq(statements.applicationId, applicationId),
        eq(statements.kind, kind),
        eq(statements.studentId, studentId),
      ),
    );
  if (!found) throw new AppError("not_found", statementMessages.noSuchComment);
}

export async function answerComment(
  deps: StatementDeps,
  studentId: number,
  applicationId: number,
  kind: StatementKind,
  commentId: number,
  raw: unknown,
) {
  // The body is read first: a malformed one is a 400 whatever the comment (as every endpoint answers).
  const { answer } = parseInput(answerSchema, raw);
  await ownComment(deps.db, studentId, applicationId, kind, commentId);
  await deps.db
    .update(statementComments)
    .set({ answer, answeredAt: nowOf(deps) })
    .where(eq(statementComments.id, commentId));
}

export async function markCommentDone(
  deps: StatementDeps,
  studentId: number,
  applicationId: number,
  kind: StatementKind,
  commentId: number,
) {
  await ownComment(deps.db, studentId, applicationId, kind, commentId);
  await deps.db
    .update(statementComments)
    .set({ doneAt: nowOf(deps) })
    .where(eq(statementComments.id, commentId));
}

/** What changed from one version (or the draft, `null`) to another, word by word (decision 0074). */
export function compareTexts(from: readonly string[], to: readonly string[]) {
  return diffWords(from.join("\n\n"), to.join("\n\n")).map((part) => ({
    text: part.value,
    change: part.added ? ("added" as const) : part.removed ? ("removed" as const) : ("same" as const),
  }));
}

/** The two versions (by number; 0 for the draft, which only the student's own view has) of a statement, compared. */
export function compareVersions(
  view: Pick<StatementView, "versions"> & Partial<Pick<StatementView, "paragraphs">>,
  fromNumber: number,
  toNumber: number,
) {
  const textOf = (n: number) => {
    if (n === 0 && view.paragraphs) return view.paragraphs;
    const v = view.versions.find((x) => x.number === n);
    if (!v) throw new AppError("not_found", statementMessages.noSuchVersion);
    return v.paragraphs;
  };
  return { from: fromNumber, to: toNumber, parts: compareTexts(textOf(fromNumber), textOf(toNumber)) };
}

/** The student's own statement on one application. */
export async function studentStatement(deps: StatementDeps, studentId: number, applicationId: number, kind: StatementKind) {
  return readStatement(deps, await ownSubject(deps.db, studentId, applicationId, kind), kind);
}

// The console's side: a counsellor their students' statements, admins and read-only staff all; a view is in the
// audit log (the student's "who has seen my data"); comments and approval by counsellors and admins.

async function staffSubject(deps: StatementDeps, member: StaffMember, applicationId: number, kind: StatementKind) {
  const subject = await statementSubject(deps.db, applicationId);
  if (!subject) throw noStatement();
  try {
    await studentForStaff(deps.db, member, subject.studentId);
  } catch {
    throw noStatement();
  }
  if (kind === "loe" && subject.country !== "Canada") throw new AppError("not_found", statementMessages.notCanada);
  return subject;
}

/**
 * What the console reads of a statement: the versions sent, with their checks and comments. The draft is
 * the student's until they send it (their page says so; decision 0072): its text, its checks, where a
 * comment's paragraph stands in it, whether it changed since sent, and what it may start from stay out.
 */
function withoutDraft(view: StatementView) {
  const { paragraphs, checks, revision, updatedAt, changedSinceSent, sources, comments, ...sent } = view;
  return { ...sent, comments: comments.map(({ inDraft, ...comment }) => comment) };
}
export type ConsoleStatementView = ReturnType<typeof withoutDraft>;

export async function staffStatement(
  deps: StatementDeps,
  member: StaffMember,
  applicationId: number,
  kind: StatementKind,
): Promise<ConsoleStatementView> {
  const subject = await staffSubject(deps, member, applicationId, kind);
  const view = await readStatement(deps, subject, kind);
  await recordAudit(deps.db, member, {
    action: "statement.viewed",
    subjectType: "statement",
    subjectId: `${applicationId}:${kind}`,
    studentId: subject.studentId,
  });
  return withoutDraft(view);
}

async function staffVersion(
  deps: StatementDeps,
  member: StaffMember,
  applicationId: number,
  kind: StatementKind,
  versionId: number,
) {
  if (!canWorkStudents(member)) throw noStatement();
  const subject = await staffSubject(deps, member, applicationId, kind);
  const row = await statementRow(deps.db, applicationId, kind);
  const [version] = row
    ? await deps.db
        .select()
        .from(statementVersions)
        .where(and(eq(statementVersions.id, versionId), eq(statementVersions.statementId, row.id)))
    : [];
  if (!row || !version) throw new AppError("not_found", statementMessages.noSuchVersion);
  return { subject, row, version };
}

/**
 * The words a comment quotes, as they stand in its paragraph (decision 0100): found with any run of spaces
 * or line breaks matching any other (a selection in a browser reads a line break as a space), and kept
 * exactly as the paragraph has them, so the screens mark them in it; null when the paragraph lacks them.
 */
export function quoteIn(paragraph: string, quote: string): string | null {
  const words = quote.split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const pattern = words.map(escapeRegExp).join("\\s+");
  return new RegExp(pattern, "u").exec(paragraph)?.[0] ?? null;
}

/** A counsellor's comment on a version sent: on a paragraph, anchored by its text, or on words of it (decisions 0072, 0100). */
export async function addComment(
  deps: StatementDeps,
  member: StaffMember,
  applicationId: number,
  kind: StatementKind,
  versionId: number,
  raw: unknown,
) {
  const input = parseInput(commentSchema, raw);
  const { subject, row, version } = await staffVersion(deps, member, applicationId, kind, versionId);
  const paragraph = version.paragraphs[input.paragraph];
  if (paragraph === undefined)
    throw new AppError("invalid_input", statementMessages.noParagraph, { paragraph: statementMessages.noParagraph });
  // A quote the paragraph does not hold is refused rather than dropped: the counsellor's point stays theirs (decision 0100).
  const quote = input.quote === null ? null : quoteIn(paragraph, input.quote);
  if (input.quote !== null && quote === null) {
    const message = statementMessages.quoteNotInParagraph(input.paragraph + 1);
    throw new AppError("invalid_input", message, { quote: message });
  }
  const [made] = await deps.db
    .insert(statementComments)
    .values({
      statementId: row.id,
      versionId: version.id,
      paragraphIndex: input.paragraph,
      paragraphHash: paragraphHash(paragraph),
      paragraphText: paragraph,
      quote,
      body: input.body,
      staffId: member.staffId,
      staffName: member.fullName,
      createdAt: nowOf(deps),
    })
    .returning({ id: statementComments.id });
  await recordAudit(deps.db, member, {
    action: "statement.commented",
    subjectType: "statement",
    subjectId: `${applicationId}:${kind}`,
    studentId: subject.studentId,
    after: { version: version.number, paragraph: input.paragraph + 1 },
  });
  return made?.id ?? 0;
}

/** The counsellor approves one version: the one the package uses (its SOP item reads "Approved"). */
export async function approveVersion(
  deps: StatementDeps,
  member: StaffMember,
  applicationId: number,
  kind: StatementKind,
  versionId: number,
) {
  const { subject, row, version } = await staffVersion(deps, member, applicationId, kind, versionId);
  if (sentWithPackage(subject, kind)) throw new AppError("conflict", statementMessages.frozenPackage);
  if (row.approvedVersionId === version.id) throw new AppError("conflict", statementMessages.approvedAlready);
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(statementVersions)
      .set({ approvedAt: null, approvedByStaffId: null })
      .where(eq(statementVersions.statementId, row.id));
    await tx
      .update(statementVersions)
      .set({ approvedAt: now, approvedByStaffId: member.staffId })
      .where(eq(statementVersions.id, version.id));
    await tx.update(statements).set({ approvedVersionId: version.id }).where(eq(statements.id, row.id));
    if (kind === "sop") await setStatementReview(tx, applicationId, "Approved");
    await recordAudit(tx, member, {
      action: "statement.approved",
      subjectType: "statement",
      subjectId: `${applicationId}:${kind}`,
      studentId: subject.studentId,
      after: { version: version.number },
    });
  });
}

/** The approved version's PDF (decision 0096), its file name and bytes; none approved yet is a 409. */
export interface StatementPdfFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

async function approvedPdf(deps: StatementDeps, subject: Subject, kind: StatementKind) {
  const row = await statementRow(deps.db, subject.id, kind);
  const [version] = row?.approvedVersionId
    ? await deps.db.select().from(statementVersions).where(eq(statementVersions.id, row.approvedVersionId))
    : [];
  if (!version?.approvedAt) throw new AppError("conflict", statementMessages.notApprovedYet);
  const bytes = await statementPdf({
    title: statementTitles[kind],
    studentName: subject.studentName,
    university: subject.university,
    course: subject.course,
    note: statementPdfNote(version.number, version.approvedAt),
    paragraphs: version.paragraphs,
  });
  return { name: pdfFileName(statementTitles[kind], subject.university), bytes } satisfies StatementPdfFile;
}

/** The student's own approved statement as a PDF, made from the stored text at each request. */
export async function studentStatementPdf(deps: StatementDeps, studentId: number, applicationId: number, kind: StatementKind) {
  const subject = await ownSubject(deps.db, studentId, applicationId, kind);
  return approvedPdf(deps, subject, kind);
}

/** The console's download of it: a read of the student's data, audited like the statement's view. */
export async function staffStatementPdf(deps: StatementDeps, member: StaffMember, applicationId: number, kind: StatementKind) {
  const subject = await staffSubject(deps, member, applicationId, kind);
  const file = await approvedPdf(deps, subject, kind);
  await recordAudit(deps.db, member, {
    action: "statement.downloaded",
    subjectType: "statement",
    subjectId: `${applicationId}:${kind}`,
    studentId: subject.studentId,
  });
  return file;
}

/** Everything the student wrote, for their data export (decision 0024): drafts, versions, comments and answers. */
export async function statementsForExport(db: Database, studentId: number) {
  const rows = await db.select().from(statements).where(eq(statements.studentId, studentId)).orderBy(asc(statements.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [versions, comments] = await Promise.all([
    db.select().from(statementVersions).where(inArray(statementVersions.statementId, ids)).orderBy(asc(statementVersions.number)),
    db.select().from(statementComments).where(inArray(statementComments.statementId, ids)).orderBy(asc(statementComments.id)),
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return rows.map((r) => ({
    applicationId: r.applicationId,
    kind: r.kind,
    draft: r.paragraphs,
    savedAt: iso(r.updatedAt),
    versions: versions
      .filter((v) => v.statementId === r.id)
      .map((v) => ({ number: v.number, paragraphs: v.paragraphs, sentAt: iso(v.sentAt), approvedAt: iso(v.approvedAt) })),
    comments: comments
      .filter((c) => c.statementId === r.id)
      .map((c) => ({
        version: versions.find((v) => v.id === c.versionId)?.number ?? null,
        paragraph: c.paragraphIndex + 1,
        by: c.staffName,
        comment: c.body,
        quote: c.quote,
        at: iso(c.createdAt),
        answer: c.answer,
        answeredAt: iso(c.answeredAt),
        doneAt: iso(c.doneAt),
      })),
  }));
}

/** The student's side and the console's, bound to their dependencies. */
export function createStatementService(deps: StatementDeps) {
  return {
    get: (studentId: number, applicationId: number, kind: StatementKind) =>
      studentStatement(deps, studentId, applicationId, kind),
    save: (studentId: number, applicationId: number, kind: StatementKind, raw: unknown) =>
      saveDraft(deps, studentId, applicationId, kind, raw),
    copy: (studentId: number, applicationId: number, kind: StatementKind, raw: unknown) =>
      copyFrom(deps, studentId, applicationId, kind, raw),
    send: (studentId: number, applicationId: number, kind: StatementKind, raw: unknown) =>
      sendForReview(deps, studentId, applicationId, kind, raw),
    answer: (studentId: number, applicationId: number, kind: StatementKind, commentId: number, raw: unknown) =>
      answerComment(deps, studentId, applicationId, kind, commentId, raw),
    markDone: (studentId: number, applicationId: number, kind: StatementKind, commentId: number) =>
      markCommentDone(deps, studentId, applicationId, kind, commentId),
    compare: compareVersions,
    pdf: (studentId: number, applicationId: number, kind: StatementKind) =>
      studentStatementPdf(deps, studentId, applicationId, kind),
    console: {
      pdf: (member: StaffMember, applicationId: number, kind: StatementKind) =>
        staffStatementPdf(deps, member, applicationId, kind),
      get: (member: StaffMember, applicationId: number, kind: StatementKind) => staffStatement(deps, member, applicationId, kind),
      comment: (member: StaffMember, applicationId: number, kind: StatementKind, versionId: number, raw: unknown) =>
        addComment(deps, member, applicationId, kind, versionId, raw),
      approve: (member: StaffMember, applicationId: number, kind: StatementKind, versionId: number) =>
        approveVersion(deps, member, applicationId, kind, versionId),
      mayReview: canWorkStudents,
      seesAll: canSeeAllStudents,
    },
  };
}
export type StatementService = ReturnType<typeof createStatementService>;
