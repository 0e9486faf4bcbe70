import { and, asc, desc, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import type { Database } from "../../platform/db/client.ts";
import type { JobSender } from "../../platform/jobs.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer, MailMessage } from "../../platform/mail/mailer.ts";
import type { RateLimiter, RateLimitRule } from "../../platform/rate-limit.ts";
import { type FileStorage, newStorageKey } from "../../platform/storage/file-storage.ts";
import { EMAIL_MAX_LENGTH } from "../../vocabulary/accounts.ts";
import { applicationMessages } from "../../vocabulary/applications.ts";
import { MAX_DOCUMENT_BYTES } from "../../vocabulary/documents.ts";
import { indianClock, indianDay } from "../../vocabulary/india-time.ts";
import type { LanguageCode } from "../../vocabulary/languages.ts";
import {
  DECLINE_REASON_MAX_LENGTH,
  LETTER_INVITATIONS_PER_DAY,
  LETTER_LINK_DAYS,
  LETTER_PAGE_OPENINGS_PER_MINUTE,
  LETTER_REMINDER_DAYS,
  LETTER_UPLOADS_PER_HOUR,
  type LetterStatus,
  letterAnswerWords,
  letterMessages as m,
  RECOMMENDER_TEXT_MAX_LENGTH,
  recommenderRelations,
  type StoredLetterStatus,
} from "../../vocabulary/letters.ts";
import { dayLabel } from "../../vocabulary/scholarships.ts";
import { type AuditActor, recordAudit } from "../audit-log.ts";
import { nowOf } from "../deps.ts";
import { checkSize, cleanFileName, type IncomingFile } from "../documents/documents.ts";
import { AppError, rateLimited } from "../errors.ts";
import { emailAddress, personName } from "../fields.ts";
import { enforceLimit } from "../limits.ts";
import { mailLink } from "../mail-link.ts";
import { deliverWithoutQueue, mailRefusedAndWaiting, queueMail, withdrawWaitingMail } from "../outbox.ts";
import type { StaffMember } from "../policies.ts";
import { MAX_TOKEN_LENGTH, newToken, sha256 } from "../tokens.ts";
import { parseInput } from "../validation.ts";
import { letterRequestApplications, letterRequests, recommenders } from "./tables.ts";

/**
 * Recommendation letters collected in the portal (decisions 0075-0077). The student invites a recommender
 * for one or more of their applications, choosing first whether to waive the right to read the letter; the
 * recommender gets a link of their own (no account, single purpose, expiring; only its hash is kept) that
 * shows what the letter is for and takes a PDF or a refusal. A waived letter is never given to its student
 * by any function here; staff read a letter with an audit entry.
 */

/** An application as a letter names it: handed in by the server from the applications module (ownership checked there). */
export interface LetterApplication {
  id: number;
  course: string;
  university: string;
  country: string;
  /** The last day to apply (YYYY-MM-DD), or null. */
  deadline: string | null;
}

export interface LetterDeps {
  db: Database;
  storage: FileStorage;
  log: Logger;
  limiter: RateLimiter;
  mailer?: Mailer;
  jobs?: JobSender;
  /** Where links in mails point (decision 0051). */
  siteAddress: string;
  now?: () => Date;
  /** One of the student's own applications (another's is a 404): modules/applications, handed in by the server. */
  applicationOf: (studentId: number, applicationId: number) => Promise<LetterApplication>;
  /** Those of these applications that are the student's, in one read (any order; another's or one gone is left out). */
  applicationsOf: (studentId: number, applicationIds: readonly number[]) => Promise<LetterApplication[]>;
  /** The application as a staff member may see it (a 404 for anyone else): modules/applications' console rule. */
  staffApplicationOf: (member: StaffMember, applicationId: number) => Promise<{ studentId: number }>;
  /** The student's name, address (modules/students) and stored language (modules/deadlines, decision 0086), handed in by the server. */
  studentOf: (studentId: number) => Promise<{ fullName: string; email: string; language: LanguageCode }>;
}

const DAY_MS = 86_400_000;
const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

/** Openings of recommenders' pages and API per client address: nobody walks through tokens. */
export const letterPageOpenings: RateLimitRule = {
  name: "letter-page",
  limit: LETTER_PAGE_OPENINGS_PER_MINUTE,
  windowSeconds: 60,
};
const invitationsPerStudent: RateLimitRule = { name: "letter-invite", limit: LETTER_INVITATIONS_PER_DAY, windowSeconds: 86_400 };
const uploadsPerLink: RateLimitRule = { name: "letter-upload", limit: LETTER_UPLOADS_PER_HOUR, windowSeconds: 3600 };

/** The recommender's page: `/letters/<token>`. */
export const letterLinkPath = (token: string) => `/letters/${token}`;

const line = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(RECOMMENDER_TEXT_MAX_LENGTH, `At most ${RECOMMENDER_TEXT_MAX_LENGTH} characters`)
    .regex(/^[^\p{Cc}]*$/u, "Use letters, digits and punctuation only");

/** One schema for an invitation (the student's form and the API). */
export const invitationSchema = z.object({
  fullName: personName(m.enterName),
  email: emailAddress("Enter the recommender's e-mail").refine((v) => v.length <= EMAIL_MAX_LENGTH),
  role: line(m.enterRole),
  institution: line(m.enterInstitution),
  relation: z.enum(recommenderRelations, { error: m.chooseRelation }),
  applicationIds: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.coerce.number({ error: m.chooseApplications }).int().positive(m.chooseApplications))
      .min(1, m.chooseApplications)
      .max(20, m.chooseApplications),
  ),
  waiver: z.enum(["waive", "keep"], { error: m.chooseWaiver }),
});

export const declineSchema = z.object({
  reason: z
    .string({ error: m.enterDeclineReason })
    .trim()
    .min(1, m.enterDeclineReason)
    .max(DECLINE_REASON_MAX_LENGTH, `At most ${DECLINE_REASON_MAX_LENGTH} characters`),
});

type RequestRow = typeof letterRequests.$inferSelect;

/** What the student and the counsellor read: "expired" is the stored invited or opened past its expiry. */
export const statusOf = (row: Pick<RequestRow, "status" | "expiresAt">, now: Date): LetterStatus =>
  (row.status === "invited" || row.status === "opened") && row.expiresAt <= now ? "expired" : row.status;

const linkWorks = (row: Pick<RequestRow, "status" | "expiresAt">, now: Date) =>
  (row.status === "invited" || row.status === "opened") && row.expiresAt > now;

/** An invitation as its student reads it: never the token, never the letter's storage, and a waived letter not at all. */
export interface StudentLetterView {
  id: number;
  recommender: { name: string; email: string; role: string; institution: string; relation: string };
  applications: { id: number; course: string; university: string }[];
  status: LetterStatus;
  waived: boolean;
  invitedAt: Date;
  expiresAt: Date;
  submittedAt: Date | null;
  declineReason: string | null;
  /** The invitation or reminder waits in the outbox after the mail server refused it. */
  mailWaiting: boolean;
  /** When the next reminder may go; null when the invitation is finished. */
  remindFrom: Date | null;
  mayRemind: boolean;
  mayRevoke: boolean;
  /** The student may open the letter: submitted and not waived. */
  readable: boolean;
}

type RowWithRecommender = { request: RequestRow; recommender: typeof recommenders.$inferSelect };

/** Invitations with their recommender, newest first: the student's list and the console's read the same rows. */
async function rowsWithRecommenders(db: Pick<Database, "select">, where: SQL | undefined): Promise<RowWithRecommender[]> {
  return db
    .select({ request: letterRequests, recommender: recommenders })
    .from(letterRequests)
    .innerJoin(recommenders, eq(recommenders.id, letterRequests.recommenderId))
    .where(where)
    .orderBy(desc(letterRequests.invitedAt), desc(letterRequests.id));
}

/** What the student and the console both read of an invitation: never its token or its letter's storage. */
function invitationView(
  { request, recommender }: RowWithRecommender,
  now: Date,
  waiting: ReadonlySet<number>,
): Omit<StudentLetterView, "applications" | "readable" | "mayRemind" | "mayRevoke" | "remindFrom"> {
  return {
    id: request.id,
    recommender: {
      name: recommender.fullName,
      email: recommender.email,
      role: recommender.role,
      institution: recommender.institution,
      relation: recommender.relation,
    },
    status: statusOf(request, now),
    waived: request.waived,
    invitedAt: request.invitedAt,
    expiresAt: request.expiresAt,
    submittedAt: request.submittedAt,
    declineReason: request.declineReason,
    mailWaiting: request.outboxId !== null && waiting.has(request.outboxId),
  };
}

/** Of these invitations' last mails, those the mail server refused and that still wait (decision 0075). */
const waitingMailOf = (db: Pick<Database, "select">, rows: readonly RowWithRecommender[], now: Date) =>
  mailRefusedAndWaiting(
    db,
    rows.flatMap((r) => (r.request.outboxId === null ? [] : [r.request.outboxId])),
    now,
  );

async function applicationIdsOf(db: Pick<Database, "select">, requestIds: number[]) {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(letterRequestApplications)
    .where(inArray(letterRequestApplications.requestId, requestIds))
    .orderBy(asc(letterRequestApplications.applicationId));
}

/** These of the student's applications, in the order of `ids`, in one read; one not theirs (or gone) is left out. */
async function linkedApplications(deps: LetterDeps, studentId: number, ids: readonly number[]) {
  const found = new Map((await deps.applicationsOf(studentId, ids)).map((a) => [a.id, a]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * An invitation's applications; with `all`, one gone since is the applications' 404, as the reminder and the
 * recommender's page have always answered it, else it is left out.
 */
async function applicationsOfRequest(deps: LetterDeps, studentId: number, requestId: number, { all }: { all: boolean }) {
  const ids = (await applicationIdsOf(deps.db, [requestId])).map((l) => l.applicationId);
  const applications = await linkedApplications(deps, studentId, ids);
  if (all && applications.length !== ids.length) throw new AppError("not_found", applicationMessages.noSuchApplication);
  return applications;
}

/** The student's invitations, newest first; `applicationId` narrows them to one application's. */
export async function lettersOfStudent(
  deps: LetterDeps,
  studentId: number,
  applicationId?: number,
): Promise<StudentLetterView[]> {
  if (applicationId !== undefined) await deps.applicationOf(studentId, applicationId);
  const rows = await rowsWithRecommenders(deps.db, eq(letterRequests.studentId, studentId));
  const links = await applicationIdsOf(
    deps.db,
    rows.map((r) => r.request.id),
  );
  const chosen =
    applicationId === undefined
      ? rows
      : rows.filter((r) => links.some((l) => l.requestId === r.request.id && l.applicationId === applicationId));
  const waiting = await waitingMailOf(deps.db, chosen, nowOf(deps));
  const now = nowOf(deps);
  // An application gone since (withdrawn and removed) is left out.
  const named = new Map(
    (await deps.applicationsOf(studentId, [...new Set(links.map((l) => l.applicationId))])).map((a) => [a.id, a]),
  );
  return chosen.map((row) => {
    const { request } = row;
    const open = request.status === "invited" || request.status === "opened";
    const remindFrom = open ? new Date(request.lastMailAt.getTime() + LETTER_REMINDER_DAYS * DAY_MS) : null;
    return {
      ...invitationView(row, now, waiting),
      applications: links
        .filter((l) => l.requestId === request.id)
        .flatMap((l) => {
          const a = named.get(l.applicationId);
          return a ? [{ id: a.id, course: a.course, university: a.university }] : [];
        }),
      remindFrom,
      mayRemind: remindFrom !== null && remindFrom <= now,
      mayRevoke: open,
      readable: request.status === "submitted" && !request.waived,
    };
  });
}

function invitationMail(
  deps: LetterDeps,
  to: { name: string; email: string },
  studentName: string,
  applications: LetterApplication[],
  token: string,
  expiresAt: Date,
  waived: boolean,
  reminder: boolean,
) {
  const list = applications
    .map((a) => `- ${a.course}, ${a.university} (${a.country})${a.deadline ? `: apply by ${dayLabel(a.deadline)}` : ""}`)
    .join("\n");
  return {
    to: to.email,
    subject: reminder
      ? `Reminder: ${studentName} asks you for a recommendation letter`
      : `${studentName} asks you for a recommendation letter`,
    text: [
      `Dear ${to.name},`,
      "",
      `${studentName} asks you for a recommendation letter through Ignite, for:`,
      list,
      "",
      `Upload your letter as a PDF, or decline, at this link of your own (no account needed): ${mailLink(deps.siteAddress, letterLinkPath(token))}`,
      // India's day and time, as the recommender's page says it (not the UTC day, a day early before 05:30).
      `The link works until ${dayLabel(indianDay(expiresAt))}, ${indianClock(expiresAt)} India time, and only for this letter; do not forward it.`,
      waived
        ? `${studentName} has waived the right to read your letter: it will not be shown to them.`
        : `${studentName} has not waived the right to read your letter: they may read it once you submit it.`,
      "",
      "Ignite",
    ].join("\n"),
  };
}

/**
 * The student invites a recommender for one or more of their applications (decision 0075): the waiver chosen
 * first, never their own address, the invitation mailed through the outbox in the same transaction. Answers
 * the invitation's id and whether its mail waits in the outbox (the mail server refused it).
 */
export async function inviteRecommender(deps: LetterDeps, studentId: number, raw: unknown) {
  const input = parseInput(invitationSchema, raw);
  const student = await deps.studentOf(studentId);
  if (input.email === student.email.trim().toLowerCase()) throw new AppError("invalid_input", m.ownEmail, { email: m.ownEmail });
  const chosen = [...new Set(input.applicationIds)];
  const applications = await linkedApplications(deps, studentId, chosen);
  if (applications.length !== chosen.length)
    throw new AppError("invalid_input", m.chooseApplications, { applicationIds: m.chooseApplications });
  await enforceLimit(deps.limiter, invitationsPerStudent, String(studentId), () => m.tooManyInvitations);
  const now = nowOf(deps);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LETTER_LINK_DAYS * DAY_MS);
  const waived = input.waiver === "waive";
  const { id, outboxId } = await deps.db.transaction(async (tx) => {
    const details = {
      fullName: input.fullName,
      role: input.role,
      institution: input.institution,
      relation: input.relation,
    };
    const [recommender] = await tx
      .insert(recommenders)
      .values({ studentId, email: input.email, ...details, createdAt: now })
      .onConflictDoUpdate({ target: [recommenders.studentId, recommenders.email], set: details })
      .returning({ id: recommenders.id });
    if (!recommender) throw new Error("insert returned no row");
    const outboxId = await queueMail(
      tx,
      deps,
      invitationMail(
        deps,
        { name: input.fullName, email: input.email },
        student.fullName,
        applications,
        token,
        expiresAt,
        waived,
        false,
      ),
      { studentId },
    );
    const [request] = await tx
      .insert(letterRequests)
      .values({
        studentId,
        recommenderId: recommender.id,
        waived,
        tokenHash: sha256(token),
        expiresAt,
        invitedAt: now,
        lastMailAt: now,
        outboxId,
      })
      .returning({ id: letterRequests.id });
    if (!request) throw new Error("insert returned no row");
    await tx.insert(letterRequestApplications).values(applications.map((a) => ({ requestId: request.id, applicationId: a.id })));
    return { id: request.id, outboxId };
  });
  await deliverWithoutQueue(deps);
  const waiting = (await mailRefusedAndWaiting(deps.db, [outboxId], nowOf(deps))).has(outboxId);
  deps.log.info({ studentId, letterRequestId: id, waived, mailWaiting: waiting }, "recommender invited");
  return { id, mailWaiting: waiting };
}

async function ownRequest(deps: LetterDeps, studentId: number, requestId: number) {
  const [row] = await rowsWithRecommenders(
    deps.db,
    and(eq(letterRequests.id, requestId), eq(letterRequests.studentId, studentId)),
  );
  if (!row) throw new AppError("not_found", m.noSuchInvitation);
  return row;
}

/**
 * A reminder (at most one every LETTER_REMINDER_DAYS days from the last mail): a new link replaces the old
 * (only hashes are kept, so the old one cannot be mailed again) and its expiry starts again (decision 0075).
 */
export async function remindRecommender(deps: LetterDeps, studentId: number, requestId: number) {
  const { request, recommender } = await ownRequest(deps, studentId, requestId);
  if (request.status !== "invited" && request.status !== "opened") throw new AppError("conflict", m.cannotRemind);
  const now = nowOf(deps);
  const from = request.lastMailAt.getTime() + LETTER_REMINDER_DAYS * DAY_MS;
  if (from > now.getTime()) throw rateLimited(m.remindTooSoon(LETTER_REMINDER_DAYS), Math.ceil((from - now.getTime()) / 1000));
  const applications = await applicationsOfRequest(deps, studentId, request.id, { all: true });
  const student = await deps.studentOf(studentId);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LETTER_LINK_DAYS * DAY_MS);
  const outboxId = await deps.db.transaction(async (tx) => {
    // The last mail still waiting (the mail server was down) carries the link this one replaces: it is taken
    // back, and what goes is the invitation itself, since the recommender has had nothing yet (decision 0094).
    const unsent = request.outboxId !== null && (await withdrawWaitingMail(tx, request.outboxId));
    const outboxId = await queueMail(
      tx,
      deps,
      invitationMail(
        deps,
        { name: recommender.fullName, email: recommender.email },
        student.fullName,
        applications,
        token,
        expiresAt,
        request.waived,
        !unsent,
      ),
      { studentId },
    );
    const [changed] = await tx
      .update(letterRequests)
      .set({ tokenHash: sha256(token), expiresAt, lastMailAt: now, reminders: request.reminders + 1, outboxId })
      .where(
        and(
          eq(letterRequests.id, request.id),
          eq(letterRequests.lastMailAt, request.lastMailAt),
          inArray(letterRequests.status, ["invited", "opened"]),
        ),
      )
      .returning({ id: letterRequests.id });
    // Two reminders at once: one wins; the other is the throttle's answer.
    if (!changed) throw rateLimited(m.remindTooSoon(LETTER_REMINDER_DAYS), LETTER_REMINDER_DAYS * 86_400);
    return outboxId;
  });
  await deliverWithoutQueue(deps);
  return { mailWaiting: (await mailRefusedAndWaiting(deps.db, [outboxId], nowOf(deps))).has(outboxId) };
}

/** The student withdraws an invitation not yet answered: the link stops at once, a letter uploaded but not submitted is removed. */
export async function revokeInvitation(deps: LetterDeps, studentId: number, requestId: number) {
  // The row is locked as the upload locks it (decision 0075): the key removed is the one the row held when
  // revoked, never one read before a letter uploaded meanwhile replaced it (that file would be named by no row).
  const heldKey = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: letterRequests.status, storageKey: letterRequests.storageKey })
      .from(letterRequests)
      .where(and(eq(letterRequests.id, requestId), eq(letterRequests.studentId, studentId)))
      .for("update");
    if (!current) throw new AppError("not_found", m.noSuchInvitation);
    if (current.status === "revoked") return null;
    if (current.status !== "invited" && current.status !== "opened") throw new AppError("conflict", m.cannotRevoke);
    await tx
      .update(letterRequests)
      .set({ status: "revoked", revokedAt: nowOf(deps), storageKey: null, fileName: null, sizeBytes: null, uploadedAt: null })
      .where(eq(letterRequests.id, requestId));
    return current.storageKey;
  });
  if (heldKey) await removeQuietly(deps, heldKey, "invitation revoked");
}

async function removeQuietly(deps: LetterDeps, storageKey: string, reason: string) {
  try {
    await deps.storage.delete(storageKey);
  } catch (error) {
    deps.log.warn({ err: error, reason }, "could not remove a stored letter");
  }
}

/** What the recommender sees through their link: whom and what the letter is for, and the letter uploaded so far. */
export interface RecommenderView {
  recommenderName: string;
  studentName: string;
  waived: boolean;
  expiresAt: Date;
  applications: { course: string; university: string; country: string; deadline: string | null }[];
  uploaded: { name: string; size: number; at: Date } | null;
}

/** The live invitation a token opens, or null (unknown, expired, revoked, submitted, declined, erased: one answer). */
async function liveRequest(deps: LetterDeps, token: string) {
  if (token.length > MAX_TOKEN_LENGTH || !tokenPattern.test(token)) return null;
  const [row] = await rowsWithRecommenders(deps.db, eq(letterRequests.tokenHash, sha256(token)));
  if (!row || !linkWorks(row.request, nowOf(deps))) return null;
  return row;
}

/** Opens the recommender's link: null when it no longer works; the first opening marks the invitation opened. */
export async function openLetterLink(deps: LetterDeps, token: string): Promise<RecommenderView | null> {
  const row = await liveRequest(deps, token);
  if (!row) return null;
  const { request, recommender } = row;
  if (request.status === "invited")
    await deps.db
      .update(letterRequests)
      .set({ status: "opened", openedAt: nowOf(deps) })
      .where(and(eq(letterRequests.id, request.id), eq(letterRequests.status, "invited")));
  const applications = await applicationsOfRequest(deps, request.studentId, request.id, { all: true });
  const student = await deps.studentOf(request.studentId);
  return {
    recommenderName: recommender.fullName,
    studentName: student.fullName,
    waived: request.waived,
    expiresAt: request.expiresAt,
    applications: applications.map(({ course, university, country, deadline }) => ({ course, university, country, deadline })),
    uploaded:
      request.fileName && request.sizeBytes !== null && request.uploadedAt
        ? { name: request.fileName, size: request.sizeBytes, at: request.uploadedAt }
        : null,
  };
}

const gone = () => new AppError("not_found", m.linkGoneTitle);
/**
 * The recommender in the audit log: no name, and a letter's file by its size, never its name, since the log
 * outlives the student's erasure and keeps ids, staff actions and counts only (decision 0024); the entry's
 * subject is the invitation's id, which traces it.
 */
const recommenderActor: AuditActor = { system: "Recommender (letter link)" };

/**
 * The recommender uploads their letter: a PDF by its content, within the documents' size limit (decision
 * 0075), stored privately under a random key. A second upload before submission replaces the first; both
 * are audited. Answers whether it replaced one.
 */
export async function uploadLetter(deps: LetterDeps, token: string, incoming: IncomingFile | undefined) {
  const row = await liveRequest(deps, token);
  if (!row) throw gone();
  await enforceLimit(deps.limiter, uploadsPerLink, String(row.request.id), () => m.tooManyUploads);
  const file = checkSize(incoming, MAX_DOCUMENT_BYTES, m.tooLarge);
  if ((await fileTypeFromBuffer(file.bytes))?.mime !== "application/pdf")
    throw new AppError("invalid_input", m.notPdf, { file: m.notPdf });
  const name = cleanFileName(file.name, ["pdf"], "letter");
  const storageKey = newStorageKey();
  await deps.storage.put(storageKey, file.bytes);
  const now = nowOf(deps);
  let previousKey: string | null = null;
  try {
    previousKey = await deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ storageKey: letterRequests.storageKey, sizeBytes: letterRequests.sizeBytes, status: letterRequests.status })
        .from(letterRequests)
        .where(eq(letterRequests.id, row.request.id))
        .for("update");
      if (!current || (current.status !== "invited" && current.status !== "opened")) throw gone();
      await tx
        .update(letterRequests)
        .set({ storageKey, fileName: name, sizeBytes: file.bytes.byteLength, uploadedAt: now })
        .where(eq(letterRequests.id, row.request.id));
      await recordAudit(tx, recommenderActor, {
        action: current.storageKey ? "letter.replaced" : "letter.uploaded",
        subjectType: "letter_request",
        subjectId: row.request.id,
        studentId: row.request.studentId,
        before: current.storageKey ? { size: current.sizeBytes } : undefined,
        after: { size: file.bytes.byteLength },
      });
      return current.storageKey;
    });
  } catch (error) {
    await removeQuietly(deps, storageKey, "recording failed");
    throw error;
  }
  if (previousKey) await removeQuietly(deps, previousKey, "replaced");
  deps.log.info({ letterRequestId: row.request.id, replaced: Boolean(previousKey) }, "letter uploaded");
  return { replaced: previousKey !== null };
}

/** The recommender submits the letter uploaded: the invitation is done and the link stops. */
export async function submitLetter(deps: LetterDeps, token: string) {
  const row = await liveRequest(deps, token);
  if (!row) throw gone();
  if (!row.request.storageKey) throw new AppError("invalid_input", m.uploadFirst, { file: m.uploadFirst });
  const mail = await answerMail(deps, row, { kind: "submitted" });
  await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(letterRequests)
      .set({ status: "submitted", submittedAt: nowOf(deps) })
      .where(and(eq(letterRequests.id, row.request.id), inArray(letterRequests.status, ["invited", "opened"])))
      .returning({ id: letterRequests.id });
    if (!changed) throw gone();
    await recordAudit(tx, recommenderActor, {
      action: "letter.submitted",
      subjectType: "letter_request",
      subjectId: row.request.id,
      studentId: row.request.studentId,
      after: { size: row.request.sizeBytes },
    });
    await queueMail(tx, deps, mail, { studentId: row.request.studentId });
  });
  await deliverWithoutQueue(deps);
}

/**
 * The student's mail when the recommender submits or declines (decision 0094): written before the
 * transaction and queued in the one that changes the status, so it goes once, through the outbox; in the
 * student's stored language; never the letter, and a waived one named as waived and nothing more.
 */
async function answerMail(
  deps: LetterDeps,
  row: RowWithRecommender,
  answer: { kind: "submitted" } | { kind: "declined"; reason: string },
): Promise<MailMessage> {
  const { request, recommender } = row;
  const student = await deps.studentOf(request.studentId);
  // An application gone since is left out.
  const applications = await applicationsOfRequest(deps, request.studentId, request.id, { all: false });
  const words = letterAnswerWords[student.language] ?? letterAnswerWords.en;
  const page = applications[0] ? `/user/applications/${applications[0].id}/letters` : "/user";
  const name = recommender.fullName;
  const text = [
    words.greeting(student.fullName),
    "",
    answer.kind === "submitted" ? words.submitted(name) : words.declined(name),
    ...applications.map((a) => `- ${a.course}, ${a.university}`),
    "",
    ...(answer.kind === "declined"
      ? [words.reason, answer.reason, "", `${words.askAnother} ${mailLink(deps.siteAddress, page)}`]
      : request.waived
        ? [words.waived]
        : [`${words.readIt} ${mailLink(deps.siteAddress, page)}`]),
    "",
    "Ignite",
  ].join("\n");
  const subject = answer.kind === "submitted" ? words.submittedSubject(name) : words.declinedSubject(name);
  return { to: student.email, subject: subject.replace(/[\r\n]+/g, " "), text };
}

/** The recommender declines with a reason the student reads; a letter uploaded is removed and the link stops. */
export async function declineLetter(deps: LetterDeps, token: string, raw: unknown) {
  // The reason is read first: a bad one is the same 400 whatever the link.
  const { reason } = parseInput(declineSchema, raw);
  const row = await liveRequest(deps, token);
  if (!row) throw gone();
  const mail = await answerMail(deps, row, { kind: "declined", reason });
  // Locked as the upload locks it: the key removed is the one the row held when declined (see revokeInvitation).
  const heldKey = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: letterRequests.status, storageKey: letterRequests.storageKey })
      .from(letterRequests)
      .where(eq(letterRequests.id, row.request.id))
      .for("update");
    if (!current || (current.status !== "invited" && current.status !== "opened")) throw gone();
    await tx
      .update(letterRequests)
      .set({
        status: "declined",
        declinedAt: nowOf(deps),
        declineReason: reason,
        storageKey: null,
        fileName: null,
        sizeBytes: null,
        uploadedAt: null,
      })
      .where(eq(letterRequests.id, row.request.id));
    await recordAudit(tx, recommenderActor, {
      action: "letter.declined",
      subjectType: "letter_request",
      subjectId: row.request.id,
      studentId: row.request.studentId,
    });
    await queueMail(tx, deps, mail, { studentId: row.request.studentId });
    return current.storageKey;
  });
  await deliverWithoutQueue(deps);
  if (heldKey) await removeQuietly(deps, heldKey, "declined");
}

export interface LetterDownload {
  body: ReadableStream<Uint8Array>;
  size: number;
  name: string;
}

async function download(deps: LetterDeps, row: RequestRow): Promise<LetterDownload> {
  const stored = row.storageKey ? await deps.storage.get(row.storageKey) : null;
  if (!stored || !row.fileName) {
    deps.log.error({ letterRequestId: row.id }, "a submitted letter is missing from storage");
    throw new AppError("not_found", m.notReadable);
  }
  return { body: stored.body, size: stored.size, name: row.fileName };
}

/**
 * The student opens their own submitted letter; a waived one is the same 404 as one that does not exist
 * (decision 0075): no path gives a student a letter they waived.
 */
export async function openLetterForStudent(deps: LetterDeps, studentId: number, requestId: number): Promise<LetterDownload> {
  const [row] = await deps.db
    .select()
    .from(letterRequests)
    .where(
      and(
        eq(letterRequests.id, requestId),
        eq(letterRequests.studentId, studentId),
        eq(letterRequests.status, "submitted"),
        eq(letterRequests.waived, false),
      ),
    );
  if (!row) throw new AppError("not_found", m.notReadable);
  return download(deps, row);
}

/** An invitation as the console shows it: the student's view, plus whether staff may open the letter. */
export interface StaffLetterView extends Omit<StudentLetterView, "readable" | "mayRemind" | "mayRevoke" | "remindFrom"> {
  /** A letter is submitted: staff open it (audited), waived or not. */
  letterReady: boolean;
  reminders: number;
  openedAt: Date | null;
}

/** The invitations for one application the member may see (the console's application screen). */
export async function lettersForStaff(deps: LetterDeps, member: StaffMember, applicationId: number): Promise<StaffLetterView[]> {
  const { studentId } = await deps.staffApplicationOf(member, applicationId);
  const links = await deps.db
    .select({ requestId: letterRequestApplications.requestId })
    .from(letterRequestApplications)
    .where(eq(letterRequestApplications.applicationId, applicationId));
  const ids = links.map((l) => l.requestId);
  if (ids.length === 0) return [];
  const rows = await rowsWithRecommenders(deps.db, and(inArray(letterRequests.id, ids), eq(letterRequests.studentId, studentId)));
  const waiting = await waitingMailOf(deps.db, rows, nowOf(deps));
  const now = nowOf(deps);
  return rows.map((row) => ({
    ...invitationView(row, now, waiting),
    applications: [],
    letterReady: row.request.status === "submitted",
    reminders: row.request.reminders,
    openedAt: row.request.openedAt,
  }));
}

/** Staff open a submitted letter (waived or not) for an application they may see; the view is audited. */
export async function openLetterForStaff(
  deps: LetterDeps,
  member: StaffMember,
  applicationId: number,
  requestId: number,
): Promise<LetterDownload> {
  const { studentId } = await deps.staffApplicationOf(member, applicationId);
  const [row] = await deps.db
    .select({ request: letterRequests })
    .from(letterRequests)
    .innerJoin(letterRequestApplications, eq(letterRequestApplications.requestId, letterRequests.id))
    .where(
      and(
        eq(letterRequests.id, requestId),
        eq(letterRequests.studentId, studentId),
        eq(letterRequests.status, "submitted"),
        eq(letterRequestApplications.applicationId, applicationId),
      ),
    );
  if (!row) throw new AppError("not_found", m.notReadable);
  const letter = await download(deps, row.request);
  await recordAudit(deps.db, member, {
    action: "letter.viewed",
    subjectType: "letter_request",
    subjectId: requestId,
    studentId,
    after: { waived: row.request.waived, size: row.request.sizeBytes },
  });
  return letter;
}

/** How many letters were submitted through the portal for each application (the package's letter items, decision 0076). */
export async function submittedLetterCounts(
  db: Pick<Database, "select">,
  applicationIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (applicationIds.length === 0) return counts;
  const rows = await db
    .select({ applicationId: letterRequestApplications.applicationId })
    .from(letterRequestApplications)
    .innerJoin(letterRequests, eq(letterRequests.id, letterRequestApplications.requestId))
    .where(and(inArray(letterRequestApplications.applicationId, [...applicationIds]), eq(letterRequests.status, "submitted")));
  for (const row of rows) counts.set(row.applicationId, (counts.get(row.applicationId) ?? 0) + 1);
  return counts;
}

/**
 * The letters not submitted yet (invited, opened or expired) for the given applications, with their
 * recommender: what the counsellor's Today flags against an application's deadline (decision 0077).
 */
export async function unsubmittedLetters(db: Pick<Database, "select">, applicationIds: readonly number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: letterRequestApplications.applicationId,
      requestId: letterRequests.id,
      recommender: recommenders.fullName,
      status: letterRequests.status,
      expiresAt: letterRequests.expiresAt,
    })
    .from(letterRequestApplications)
    .innerJoin(letterRequests, eq(letterRequests.id, letterRequestApplications.requestId))
    .innerJoin(recommenders, eq(recommenders.id, letterRequests.recommenderId))
    .where(
      and(
        inArray(letterRequestApplications.applicationId, [...applicationIds]),
        inArray(letterRequests.status, ["invited", "opened"] satisfies StoredLetterStatus[]),
      ),
    );
}

/**
 * The student's recommenders and invitations for their data export (decision 0075): the recommenders'
 * details, each invitation's applications and status, and the storage key of each letter the student may
 * read. A waived letter is listed without its content (no key, no file name).
 */
export async function lettersForExport(db: Pick<Database, "select">, studentId: number) {
  const rows = await db
    .select({ request: letterRequests, recommender: recommenders })
    .from(letterRequests)
    .innerJoin(recommenders, eq(recommenders.id, letterRequests.recommenderId))
    .where(eq(letterRequests.studentId, studentId))
    .orderBy(asc(letterRequests.invitedAt), asc(letterRequests.id));
  const links = await applicationIdsOf(
    db,
    rows.map((r) => r.request.id),
  );
  const people = await db.select().from(recommenders).where(eq(recommenders.studentId, studentId)).orderBy(asc(recommenders.id));
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const now = new Date();
  return {
    recommenders: people.map((p) => ({
      name: p.fullName,
      email: p.email,
      role: p.role,
      institution: p.institution,
      relation: p.relation,
      addedAt: iso(p.createdAt),
    })),
    invitations: rows.map(({ request, recommender }) => {
      const readable = request.status === "submitted" && !request.waived && request.storageKey !== null;
      return {
        recommender: recommender.email,
        applications: links.filter((l) => l.requestId === request.id).map((l) => l.applicationId),
        status: statusOf(request, now),
        waived: request.waived,
        invitedAt: iso(request.invitedAt),
        openedAt: iso(request.openedAt),
        submittedAt: iso(request.submittedAt),
        declinedAt: iso(request.declinedAt),
        declineReason: request.declineReason,
        revokedAt: iso(request.revokedAt),
        reminders: request.reminders,
        letter: request.waived
          ? request.status === "submitted"
            ? "Waived: you gave up the right to read this letter, so its content is not part of your data."
            : null
          : readable
            ? { name: request.fileName, path: `letters/${request.id}-${request.fileName}`, storageKey: request.storageKey }
            : null,
      };
    }),
  };
}

/** Every stored letter of a student, waived or not: what their erasure removes from storage. */
export async function letterKeysOf(db: Pick<Database, "select">, studentId: number): Promise<string[]> {
  const rows = await db
    .select({ key: letterRequests.storageKey })
    .from(letterRequests)
    .where(and(eq(letterRequests.studentId, studentId), isNotNull(letterRequests.storageKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** The student's side, the recommender's link and the console's reads (server/services.ts binds them). */
export function createLetterService(deps: LetterDeps) {
  return {
    list: (studentId: number, applicationId?: number) => lettersOfStudent(deps, studentId, applicationId),
    invite: (studentId: number, raw: unknown) => inviteRecommender(deps, studentId, raw),
    remind: (studentId: number, requestId: number) => remindRecommender(deps, studentId, requestId),
    revoke: (studentId: number, requestId: number) => revokeInvitation(deps, studentId, requestId),
    openForStudent: (studentId: number, requestId: number) => openLetterForStudent(deps, studentId, requestId),
    openLink: (token: string) => openLetterLink(deps, token),
    /** Whether the link still works, without opening it (the page's body limit asks, decision 0095). */
    linkLive: async (token: string) => (await liveRequest(deps, token)) !== null,
    upload: (token: string, file: IncomingFile | undefined) => uploadLetter(deps, token, file),
    submit: (token: string) => submitLetter(deps, token),
    decline: (token: string, raw: unknown) => declineLetter(deps, token, raw),
    forStaff: (member: StaffMember, applicationId: number) => lettersForStaff(deps, member, applicationId),
    openForStaff: (member: StaffMember, applicationId: number, requestId: number) =>
      openLetterForStaff(deps, member, applicationId, requestId),
  };
}

export type LetterService = ReturnType<typeof createLetterService>;

/** What other modules read of letters: the package's counts, Today's flags, the export and the erasure. */
export const letterDataOf = { submittedLetterCounts, unsubmittedLetters, lettersForExport, letterKeysOf };
