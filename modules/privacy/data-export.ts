import { and, asc, desc, eq, gt, inArray, lt, or } from "drizzle-orm";
import type { RateLimitRule } from "../../platform/rate-limit.ts";
import { newPublicId, newStorageKey } from "../../platform/storage/file-storage.ts";
import { PROFILE_PHOTO } from "../../vocabulary/documents.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { DATA_EXPORT_HOURS, DATA_EXPORTS_PER_DAY, privacyMessages } from "../../vocabulary/privacy.ts";
import { applicationHistory, intakeText, packagesSent, studentApplicationRows } from "../applications/applications.ts";
import { counsellingSessionsForExport } from "../counselling/counselling.ts";
import { deadlineDataForExport } from "../deadlines/deadlines.ts";
import { departureTicksForExport } from "../departure/departure.ts";
import { nowOf } from "../deps.ts";
import { studentFiles } from "../documents/tables.ts";
import { AppError, notFound } from "../errors.ts";
import { fundingDataForExport } from "../funding/funding.ts";
import { sessions } from "../identity/tables.ts";
import { consultations } from "../leads/tables.ts";
import { letterDataOf } from "../letters/letters.ts";
import { enforceLimit } from "../limits.ts";
import { loanOffersForExport } from "../loans/loans.ts";
import { conversationForExport } from "../messages/messages.ts";
import { offerLettersForExport, offersForExport } from "../offers/offers.ts";
import { parentSharingOf } from "../parents/parents.ts";
import { parentLinkOpenings, parentLinks } from "../parents/tables.ts";
import { statementsForExport } from "../statements/statements.ts";
import { comparedCoursePlaces, personalDetails, savedCoursePlaces } from "../students/students.ts";
import { studentQualifications, students } from "../students/tables.ts";
import { visaDataOf } from "../visas/visas.ts";
import { accessLog } from "./access-log.ts";
import { contactPreferences } from "./consent.ts";
import { type PrivacyDeps, privacyJobs, removeStored } from "./deps.ts";
import { dataExports } from "./tables.ts";
import { type ZipEntry, zipStream } from "./zip-stream.ts";

/** The student's newest export as their profile shows it. */
export interface DataExportView {
  publicId: string;
  status: "preparing" | "ready" | "failed";
  /** Where the owner downloads it, once ready. */
  url: string | null;
  size: number | null;
  createdAt: Date;
  expiresAt: Date;
}

export const exportsPerStudent: RateLimitRule = {
  name: "data-export-student",
  limit: DATA_EXPORTS_PER_DAY,
  windowSeconds: 86_400,
};

export const exportUrl = (publicId: string) => `/files/exports/${publicId}`;
const publicIdPattern = /^[A-Za-z0-9_-]{24}$/;

const present = (row: typeof dataExports.$inferSelect): DataExportView => ({
  publicId: row.publicId,
  status: row.status,
  url: row.status === "ready" ? exportUrl(row.publicId) : null,
  size: row.sizeBytes,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
});

/** The student's newest export that has not expired, if any. */
export async function latestExport(deps: PrivacyDeps, studentId: number): Promise<DataExportView | null> {
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.studentId, studentId), gt(dataExports.expiresAt, nowOf(deps))))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row ? present(row) : null;
}

/**
 * Asks for a new export: recorded as preparing and queued in the same transaction (a job builds it,
 * usually within seconds). One still being prepared is answered as it is; a few a day at most.
 */
export async function requestExport(deps: PrivacyDeps, studentId: number): Promise<DataExportView> {
  const pending = await latestExport(deps, studentId);
  if (pending?.status === "preparing") return pending;
  await enforceLimit(deps.limiter, exportsPerStudent, String(studentId), () => privacyMessages.tooManyExports);
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(dataExports)
      .values({
        publicId: newPublicId(),
        studentId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + DATA_EXPORT_HOURS * 3_600_000),
      })
      .returning();
    if (!created) throw new Error("insert returned no row");
    await deps.jobs?.send(privacyJobs.buildExport, { exportId: created.id }, { within: tx });
    return created;
  });
  if (!deps.jobs) {
    void buildExport(deps, row.id).catch((error: unknown) => deps.log.error({ err: error }, "data export failed"));
  }
  return present(row);
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^-|-$/g, "");

/** Everything we hold about the student, as one JSON document, and the files that go beside it in the ZIP. */
async function collect(deps: PrivacyDeps, studentId: number) {
  const [student] = await deps.db.select().from(students).where(eq(students.id, studentId));
  if (!student) throw notFound("Student");
  const [
    marks,
    saved,
    compared,
    applicationRows,
    bookings,
    files,
    devices,
    consents,
    access,
    links,
    practices,
    conversation,
    calls,
    deadlines,
    writtenStatements,
    loanOffers,
    departureTicks,
    offersHeld,
    fundingPlan,
    sharing,
    offerLetterRows,
  ] = await Promise.all([
    deps.db.select().from(studentQualifications).where(eq(studentQualifications.studentId, studentId)),
    savedCoursePlaces(deps.db, studentId, "oldest"),
    comparedCoursePlaces(deps.db, studentId),
    studentApplicationRows(deps.db, studentId, "oldest"),
    deps.db
      .select()
      .from(consultations)
      .where(or(eq(consultations.studentId, studentId), eq(consultations.email, student.email)))
      .orderBy(asc(consultations.createdAt)),
    deps.db
      .select()
      .from(studentFiles)
      .where(eq(studentFiles.studentId, studentId))
      .orderBy(asc(studentFiles.createdAt), asc(studentFiles.id)),
    deps.db
      .select({ device: sessions.device, signedInAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.studentId, studentId)),
    contactPreferences(deps, studentId),
    accessLog(deps, studentId),
    // The links for a parent (decision 0028): never their tokens, which are not kept.
    deps.db
      .select({
        id: parentLinks.id,
        label: parentLinks.label,
        createdAt: parentLinks.createdAt,
        expiresAt: parentLinks.expiresAt,
        revokedAt: parentLinks.revokedAt,
      })
      .from(parentLinks)
      .where(eq(parentLinks.studentId, studentId))
      .orderBy(asc(parentLinks.createdAt), asc(parentLinks.id)),
    // Mock visa interviews (decision 0040): the answers, their feedback and reviews, the recordings beside them.
    visaDataOf.practicesForExport(deps.db, studentId),
    // The conversation with their counsellor (decision 0037): every message, oldest first.
    conversationForExport(deps.db, studentId),
    // Sessions with their counsellor (decision 0036): when, with whom, cancelled or attended.
    counsellingSessionsForExport(deps.db, studentId),
    // Deadlines (decision 0059): the calendar feed (when it was made, never its address), the reminder choice, reminders sent.
    deadlineDataForExport(deps.db, studentId),
    // The SOPs and letters of explanation (decision 0072): drafts, versions sent, comments and answers.
    statementsForExport(deps.db, studentId),
    // The loan planner's offers with their figures (decision 0082) and the departure checklist's ticks (decision 0083).
    loanOffersForExport(deps.db, studentId),
    departureTicksForExport(deps.db, studentId),
    // Offers with their conditions, scholarship, deposit and replies (decision 0078).
    offersForExport(deps.db, studentId),
    // The one funding plan (decision 0079): each source with its amount, currency and proving document.
    fundingDataForExport(deps.db, studentId),
    // What the parent links show of the offers (decision 0091).
    parentSharingOf(deps.db, studentId),
    // The offer letters the student uploaded (decision 0092); the files are among the documents.
    offerLettersForExport(deps.db, studentId),
  ]);
  const linkOpenings = links.length
    ? await deps.db
        .select({ linkId: parentLinkOpenings.linkId, at: parentLinkOpenings.openedAt, device: parentLinkOpenings.device })
        .from(parentLinkOpenings)
        .where(
          inArray(
            parentLinkOpenings.linkId,
            links.map((l) => l.id),
          ),
        )
        .orderBy(asc(parentLinkOpenings.openedAt), asc(parentLinkOpenings.id))
    : [];
  const letters = await letterDataOf.lettersForExport(deps.db, studentId);
  const [events, sent] = await Promise.all([
    applicationHistory(
      deps.db,
      applicationRows.map((a) => a.id),
    ),
    packagesSent(
      deps.db,
      applicationRows.map((a) => a.id),
    ),
  ]);
  const fileEntries = files.map((file, index) => ({
    file,
    path:
      file.attachmentType === PROFILE_PHOTO
        ? `photo/${index + 1}-${slug(file.originalName)}`
        : `documents/${index + 1}-${slug(file.attachmentType)}-${slug(file.originalName)}`,
  }));
  const recordingEntries = practices.flatMap((p) =>
    p.answers.flatMap((a) =>
      a.recording ? [{ storageKey: a.recording.storageKey, path: `recordings/${a.recording.name}` }] : [],
    ),
  );
  const data = {
    about:
      "Everything Ignite holds about you, as of generatedAt. Your documents are in the documents/ folder and your photo in photo/; each is listed under documents with its path. Notes our staff keep for their own work are not part of it.",
    generatedAt: nowOf(deps).toISOString(),
    profile: {
      id: student.id,
      ...personalDetails(student),
      englishTest: student.englishTest,
      englishScore: student.englishScore === null ? null : Number(student.englishScore),
      greScore: student.greScore,
      gmatScore: student.gmatScore,
      signedUpAt: iso(student.createdAt),
      updatedAt: iso(student.updatedAt),
    },
    marks: marks.map((m) => ({
      qualification: m.qualification,
      percentage: m.percentage === null ? null : Number(m.percentage),
      cgpa: m.cgpa === null ? null : Number(m.cgpa),
    })),
    interests: saved.map((s) => ({ ...s, savedAt: iso(s.savedAt) })),
    /** The courses on the student's comparison, in the order added (decision 0043). */
    comparing: compared.map((c) => ({ ...c, addedAt: iso(c.addedAt) })),
    applications: applicationRows.map((a) => ({
      id: a.id,
      course: a.course,
      university: a.university,
      country: a.country,
      status: a.status,
      details: a.details,
      createdAt: iso(a.createdAt),
      intake: intakeText(a.intakeMonth, a.intakeYear),
      // The application fee recorded paid with its receipt, and the submission with the package as sent (decisions 0057, 0058).
      feePaidOn: a.feePaidOn,
      feeReceipt: a.feeReceiptFileId === null ? null : (files.find((f) => f.id === a.feeReceiptFileId)?.originalName ?? null),
      submittedOn: a.submittedOn,
      universityReference: a.universityReference,
      packageSent: sent
        .filter((item) => item.applicationId === a.id)
        .map((item) => ({
          item: item.item,
          state: item.state,
          waiverReason: item.waiverReason,
          document: item.fileName === null ? null : { name: item.fileName, uploadedAt: iso(item.uploadedAt) },
        })),
      // The stages it went through; staff's internal notes on a move stay out.
      history: events.filter((e) => e.applicationId === a.id).map(({ applicationId: _, at, ...e }) => ({ ...e, at: iso(at) })),
    })),
    bookings: bookings.map((b) => ({
      id: b.id,
      bookedAt: iso(b.createdAt),
      firstName: b.firstName,
      lastName: b.lastName,
      phoneNumber: b.phoneNumber,
      email: b.email,
      studyDestination: b.studyDestination,
      typeOfStudy: b.typeOfStudy,
      preferredSubject: b.preferredSubject,
      yearOfStudy: b.yearOfStudy,
      state: b.state,
      qualification: b.qualification,
      status: b.status,
      preferredContact: b.preferredContact,
      newsAndOffers: b.newsAndOffers,
      consentVersion: b.consentVersion,
      consentedAt: iso(b.consentedAt),
    })),
    consents: {
      preferredContact: consents.preferredContact,
      newsAndOffers: consents.newsAndOffers,
      consentVersion: consents.consentVersion,
      consentedAt: iso(consents.consentedAt),
      history: consents.history.map((c) => ({ ...c, givenAt: iso(c.givenAt) })),
    },
    documents: fileEntries.map(({ file, path }) => ({
      type: file.attachmentType,
      name: file.originalName,
      contentType: file.contentType,
      size: file.sizeBytes,
      uploadedAt: iso(file.createdAt),
      current: file.supersededAt === null,
      reviewState: file.reviewState,
      reviewReason: file.reviewReason,
      reviewMessage: file.reviewMessage,
      path,
    })),
    signedInDevices: devices.map((d) => ({ ...d, signedInAt: iso(d.signedInAt), lastSeenAt: iso(d.lastSeenAt) })),
    accessLog: access.map((a) => ({ at: iso(a.at), staff: a.staffName, role: a.staffRole, what: a.text })),
    conversation,
    counsellingSessions: calls,
    deadlines,
    loanOffers,
    departureChecklist: departureTicks,
    offers: offersHeld.map((o) => ({ ...o, repliedAt: iso(o.repliedAt) })),
    offerLetters: offerLetterRows,
    fundingPlan: { sources: fundingPlan.sources, updatedAt: iso(fundingPlan.updatedAt) },
    parentLinks: links.map((l) => ({
      label: l.label,
      createdAt: iso(l.createdAt),
      expiresAt: iso(l.expiresAt),
      revokedAt: iso(l.revokedAt),
      openings: linkOpenings.filter((o) => o.linkId === l.id).map((o) => ({ at: iso(o.at), device: o.device })),
    })),
    parentSharing: { offerAmounts: sharing.offerAmounts, changedAt: iso(sharing.changedAt) },
    statements: writtenStatements,
    mockVisaInterviews: practices.map((p) => ({
      startedAt: iso(p.startedAt),
      finishedAt: iso(p.finishedAt),
      sharedAt: iso(p.sharedAt),
      reviewedAt: iso(p.reviewedAt),
      answers: p.answers.map(({ recording, ...a }) => ({ ...a, recording: recording ? `recordings/${recording.name}` : null })),
    })),
  };
  // Recommendation letters (decision 0075): the recommenders and invitations; a letter the student may read
  // goes beside the JSON under letters/, a waived one is listed without its content.
  const letterEntries = letters.invitations.flatMap((i) =>
    i.letter && typeof i.letter === "object" && i.letter.storageKey
      ? [{ storageKey: i.letter.storageKey, path: i.letter.path }]
      : [],
  );
  const withLetters = {
    ...data,
    recommendationLetters: {
      recommenders: letters.recommenders,
      invitations: letters.invitations.map((i) => ({
        ...i,
        letter: i.letter && typeof i.letter === "object" ? { name: i.letter.name, path: i.letter.path } : i.letter,
      })),
    },
  };
  return { data: withLetters, fileEntries, recordingEntries: [...recordingEntries, ...letterEntries] };
}

/**
 * Builds an export (the job's work): the JSON and every stored file of the student, streamed into one
 * ZIP in storage under a new key, then marked ready. A failure leaves no file and marks it failed (the
 * student may ask again); one found no longer preparing is left alone.
 */
export async function buildExport(deps: PrivacyDeps, exportId: number): Promise<void> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (row?.status !== "preparing") return;
  const storageKey = newStorageKey();
  try {
    const { data, fileEntries, recordingEntries } = await collect(deps, row.studentId);
    const storage = deps.storage;
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: "ignite-data.json", data: new TextEncoder().encode(JSON.stringify(data, null, 2)) };
      for (const { file, path } of fileEntries) {
        const stored = await storage.get(file.storageKey);
        if (!stored) {
          deps.log.error({ fileId: file.id, studentId: file.studentId }, "a recorded file is missing from storage");
          continue;
        }
        yield { name: path, data: stored.body as unknown as AsyncIterable<Uint8Array> };
      }
      for (const { storageKey: key, path } of recordingEntries) {
        const stored = await storage.get(key);
        if (!stored) {
          deps.log.error({ studentId: row?.studentId }, "a practice recording is missing from storage");
          continue;
        }
        yield { name: path, data: stored.body as unknown as AsyncIterable<Uint8Array> };
      }
    }
    let size = 0;
    async function* counted() {
      for await (const chunk of zipStream(entries())) {
        size += chunk.byteLength;
        yield chunk;
      }
    }
    await deps.storage.put(storageKey, counted());
    const marked = await deps.db
      .update(dataExports)
      .set({ status: "ready", storageKey, sizeBytes: size, readyAt: nowOf(deps) })
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, "preparing")))
      .returning({ id: dataExports.id });
    // Erased or swept meanwhile: the file goes too.
    if (marked.length === 0) await removeStored(deps, [storageKey], "export no longer wanted");
    deps.log.info({ studentId: row.studentId, exportId, size }, "data export ready");
  } catch (error) {
    await removeStored(deps, [storageKey], "export failed");
    await deps.db.update(dataExports).set({ status: "failed" }).where(eq(dataExports.id, exportId));
    deps.log.error({ err: error, exportId }, "data export failed");
  }
}

export interface ExportDownload {
  body: ReadableStream<Uint8Array>;
  size: number;
  name: string;
}

/** The export's ZIP, only for its own student while it has not expired; anything else is the same 404. */
export async function openExport(deps: PrivacyDeps, studentId: number | null, publicId: string): Promise<ExportDownload> {
  const missing = () => new AppError("not_found", privacyMessages.exportNotFound);
  if (studentId === null || !publicIdPattern.test(publicId)) throw missing();
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.publicId, publicId),
        eq(dataExports.studentId, studentId),
        eq(dataExports.status, "ready"),
        gt(dataExports.expiresAt, nowOf(deps)),
      ),
    );
  const stored = row?.storageKey ? await deps.storage.get(row.storageKey) : null;
  if (!row || !stored) throw missing();
  return { body: stored.body, size: stored.size, name: `ignite-my-data-${indianDay(row.createdAt)}.zip` };
}

/** Removes expired exports, their files first. Returns how many went. */
export async function sweepExpiredExports(deps: PrivacyDeps): Promise<number> {
  const expired = await deps.db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(lt(dataExports.expiresAt, nowOf(deps)))
    .limit(500);
  if (expired.length === 0) return 0;
  await removeStored(
    deps,
    expired.flatMap((e) => (e.storageKey ? [e.storageKey] : [])),
    "export expired",
  );
  await deps.db.delete(dataExports).where(
    inArray(
      dataExports.id,
      expired.map((e) => e.id),
    ),
  );
  return expired.length;
}
