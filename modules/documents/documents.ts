import { and, asc, eq, gt, inArray, isNull, lt, ne, sql, sum } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Database } from "../../platform/db/client.ts";
import { preparedRead } from "../../platform/db/prepared.ts";
import type { Logger } from "../../platform/log.ts";
import type { RateLimiter, RateLimitRule } from "../../platform/rate-limit.ts";
import { type FileStorage, newPublicId, newStorageKey } from "../../platform/storage/file-storage.ts";
import {
  type AttachmentType,
  attachmentTypes,
  type CorrectionReason,
  documentMessages,
  MAX_DOCUMENT_BYTES,
  MAX_PHOTO_BYTES,
  OFFER_LETTER,
  opensInBrowser,
  PROFILE_PHOTO,
  type ReviewState,
  STORAGE_QUOTA_BYTES,
  type StoredFileType,
  UPLOADS_PER_HOUR,
} from "../../vocabulary/documents.ts";
import type { StaffDeps } from "../deps.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import { enforceLimit } from "../limits.ts";
import type { StaffMember } from "../policies.ts";
import { sweepUnreferencedFiles } from "../stored-files.ts";
import { parseInput } from "../validation.ts";
import { fileUrl } from "./file-urls.ts";
import { reencodePhoto } from "./photo.ts";
import { fileAccess, reviewDocument, reviewQueue, reviewQueueCount } from "./review.ts";
import {
  attachmentTypeSchema,
  canReadFile,
  checkSize,
  cleanFileName,
  documentKindOf,
  type FileViewer,
  type IncomingFile,
  isPhotoKind,
  slug,
  uploadFieldsSchema,
} from "./rules.ts";
import { studentFiles } from "./tables.ts";

export { documentVersions, type ReviewedFile } from "./review.ts";

export type { FileViewer, IncomingFile } from "./rules.ts";
/** The documents' own checks, reused by the letters a recommender uploads (decision 0075). */
export { checkSize, cleanFileName, documentKindOf } from "./rules.ts";

export interface StudentFile {
  attachmentType: StoredFileType;
  publicId: string;
  /** Where the owner downloads it: /files/{publicId}. */
  url: string;
  name: string;
  size: number;
  contentType: string;
  uploadedAt: Date;
  /** Staff's review of this version; with a requested correction, the reason and message the student reads. */
  reviewState: ReviewState;
  reviewReason: CorrectionReason | null;
  reviewMessage: string | null;
}

export interface FileDownload {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
  name: string;
  attachmentType: string;
  isPhoto: boolean;
  fileId: number;
  studentId: number;
}

export interface DocumentDeps {
  db: Database;
  storage: FileStorage;
  log: Logger;
  /** Counts each student's uploads (UPLOADS_PER_HOUR). */
  limiter: RateLimiter;
  now?: () => Date;
  /** How old a stored file no row names must be before the upkeep removes it (ORPHAN_FILE_GRACE_HOURS). */
  orphanGraceMs?: number;
  /**
   * Whether a version the student replaced is kept in one of their applications' packages (sent, or the
   * fee's receipt): they still read it (decision 0058). The server hands in the applications' rule.
   */
  keptForStudent?: (studentId: number, fileId: number) => Promise<boolean>;
  /**
   * Of these offer-letter files, those an offer letter names (the offers module's read, decision 0104): the
   * upkeep removes the others once past the grace period. Without it no offer-letter file is removed.
   */
  offerLettersNamed?: (fileIds: readonly number[]) => Promise<Set<number>>;
}

export const uploadsPerStudent: RateLimitRule = { name: "uploads-student", limit: UPLOADS_PER_HOUR, windowSeconds: 3600 };

/** An upload is counted before any work is done on it; past the hour's allowance nothing is read (decision 0008). */
const countUpload = (deps: DocumentDeps, studentId: number) =>
  enforceLimit(deps.limiter, uploadsPerStudent, String(studentId), documentMessages.tooManyUploads);

/**
 * What the student keeps in all (current versions; earlier ones staff keep do not count), but for the
 * file of `replacing`, which the new one replaces.
 */
async function checkQuota(deps: DocumentDeps, studentId: number, replacing: StoredFileType | null, newBytes: number) {
  const [row] = await deps.db
    .select({ used: sum(studentFiles.sizeBytes) })
    .from(studentFiles)
    .where(
      and(
        eq(studentFiles.studentId, studentId),
        replacing ? ne(studentFiles.attachmentType, replacing) : undefined,
        isNull(studentFiles.supersededAt),
      ),
    );
  if (Number(row?.used ?? 0) + newBytes > STORAGE_QUOTA_BYTES) {
    throw new AppError("payload_too_large", documentMessages.quotaFull, { file: documentMessages.quotaFull });
  }
}

type FileRow = typeof studentFiles.$inferSelect;

/** 24 base64url characters (144 random bits): not guessable, and checked before any lookup. */
const publicIdPattern = /^[A-Za-z0-9_-]{24}$/;

const present = (row: FileRow): StudentFile => ({
  attachmentType: row.attachmentType,
  publicId: row.publicId,
  url: fileUrl(row.publicId),
  name: row.originalName,
  size: row.sizeBytes,
  contentType: row.contentType,
  uploadedAt: row.createdAt,
  reviewState: row.reviewState,
  reviewReason: row.reviewReason,
  reviewMessage: row.reviewMessage,
});

/** Removes a stored object without failing the request: a leftover file is logged, never shown. */
async function removeQuietly(deps: DocumentDeps, storageKey: string, reason: string) {
  try {
    await deps.storage.delete(storageKey);
  } catch (error) {
    deps.log.warn({ err: error, storageKey, reason }, "could not remove a stored file");
  }
}

/**
 * Records the file as the student's current file of its type. An earlier document stays as a previous
 * version (staff reviewed it; its history is the student's correction loop); an earlier photo is
 * replaced, and its storage key returned so the caller removes it only after this has committed.
 */
async function recordFile(
  deps: DocumentDeps,
  values: Omit<typeof studentFiles.$inferInsert, "id" | "publicId" | "createdAt">,
): Promise<{ row: FileRow; previousKey: string | undefined }> {
  for (let attempt = 1; ; attempt += 1) {
    const fresh = { ...values, publicId: newPublicId(), createdAt: nowOf(deps) };
    const result = await deps.db.transaction(async (tx) => {
      const [old] = await tx
        .select({ id: studentFiles.id, storageKey: studentFiles.storageKey })
        .from(studentFiles)
        .where(
          and(
            eq(studentFiles.studentId, values.studentId),
            eq(studentFiles.attachmentType, values.attachmentType),
            isNull(studentFiles.supersededAt),
          ),
        )
        .for("update");
      if (old && values.attachmentType === PROFILE_PHOTO) {
        const [row] = await tx.update(studentFiles).set(fresh).where(eq(studentFiles.id, old.id)).returning();
        return row ? { row, previousKey: old.storageKey } : undefined;
      }
      if (old) await tx.update(studentFiles).set({ supersededAt: fresh.createdAt }).where(eq(studentFiles.id, old.id));
      // A concurrent first upload of the same type may win the insert; then the next attempt replaces it.
      const [row] = await tx.insert(studentFiles).values(fresh).onConflictDoNothing().returning();
      return row ? { row, previousKey: undefined } : undefined;
    });
    if (result) return result;
    if (attempt >= 3) throw new Error("could not record the uploaded file");
  }
}

/** Stores the bytes under a new random key, records them, then removes the file they replace. */
async function storeAndRecord(
  deps: DocumentDeps,
  studentId: number,
  attachmentType: StoredFileType,
  file: { bytes: Uint8Array; name: string; contentType: string },
): Promise<StudentFile> {
  const storageKey = newStorageKey();
  await deps.storage.put(storageKey, file.bytes);
  let recorded: Awaited<ReturnType<typeof recordFile>>;
  try {
    recorded = await recordFile(deps, {
      studentId,
      attachmentType,
      storageKey,
      originalName: file.name,
      contentType: file.contentType,
      sizeBytes: file.bytes.byteLength,
    });
  } catch (error) {
    await removeQuietly(deps, storageKey, "recording failed");
    throw error;
  }
  if (recorded.previousKey) await removeQuietly(deps, recorded.previousKey, "replaced");
  deps.log.info(
    {
      studentId,
      attachmentType,
      contentType: file.contentType,
      size: file.bytes.byteLength,
      replaced: Boolean(recorded.previousKey),
    },
    "student file stored",
  );
  return present(recorded.row);
}

/** The student's current documents (not the photo), in the spec's attachment-type order. */
export async function listFiles(deps: DocumentDeps, studentId: number): Promise<StudentFile[]> {
  const rows = await deps.db
    .select()
    .from(studentFiles)
    .where(
      and(
        eq(studentFiles.studentId, studentId),
        inArray(studentFiles.attachmentType, [...attachmentTypes]),
        isNull(studentFiles.supersededAt),
      ),
    );
  const order = (type: string) => attachmentTypes.indexOf(type as AttachmentType);
  return rows.sort((a, b) => order(a.attachmentType) - order(b.attachmentType)).map(present);
}

/** Checks and stores a document of one of the spec's attachment types, replacing the earlier one of that type. */
export async function uploadDocument(
  deps: DocumentDeps,
  studentId: number,
  input: { attachmentType: unknown; file: IncomingFile | undefined },
): Promise<StudentFile> {
  await countUpload(deps, studentId);
  const attachmentType = parseInput(uploadFieldsSchema, { attachment_type: input.attachmentType }).attachment_type;
  const file = checkSize(input.file, MAX_DOCUMENT_BYTES, documentMessages.tooLarge);
  const kind = documentKindOf((await fileTypeFromBuffer(file.bytes))?.mime);
  if (!kind) throw new AppError("invalid_input", documentMessages.wrongType, { file: documentMessages.wrongType });
  await checkQuota(deps, studentId, attachmentType, file.bytes.byteLength);
  return storeAndRecord(deps, studentId, attachmentType, {
    bytes: file.bytes,
    name: cleanFileName(file.name, [...kind.extensions], slug(attachmentType)),
    contentType: kind.contentType,
  });
}

/**
 * Checks and stores a university's offer letter the student uploads on an application (decision 0092):
 * the documents' rules (the hour's uploads, the size limit, the kind by its content, the quota, a random
 * private key), PDFs and photos only. Several may be current at once, one per application: the offers
 * module names the one its application holds, and asks for the one it replaces to be removed.
 */
export async function storeOfferLetter(
  deps: DocumentDeps,
  studentId: number,
  input: IncomingFile | undefined,
): Promise<AttachedDocument> {
  await countUpload(deps, studentId);
  const file = checkSize(input, MAX_DOCUMENT_BYTES, documentMessages.tooLarge);
  const kind = documentKindOf((await fileTypeFromBuffer(file.bytes))?.mime);
  if (!kind || !opensInBrowser(kind.contentType))
    throw new AppError("invalid_input", documentMessages.offerLetterType, { file: documentMessages.offerLetterType });
  await checkQuota(deps, studentId, null, file.bytes.byteLength);
  const storageKey = newStorageKey();
  await deps.storage.put(storageKey, file.bytes);
  try {
    const [row] = await deps.db
      .insert(studentFiles)
      .values({
        studentId,
        attachmentType: OFFER_LETTER,
        storageKey,
        publicId: newPublicId(),
        originalName: cleanFileName(file.name, [...kind.extensions], "offer-letter"),
        contentType: kind.contentType,
        sizeBytes: file.bytes.byteLength,
        createdAt: nowOf(deps),
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    deps.log.info({ studentId, contentType: kind.contentType, size: file.bytes.byteLength }, "offer letter stored");
    return attached(row);
  } catch (error) {
    await removeQuietly(deps, storageKey, "recording failed");
    throw error;
  }
}

/** Offer-letter rows read per round of the upkeep's sweep below. */
const OFFER_LETTERS_PER_ROUND = 500;

/**
 * Removes the offer letters no offer letter names that were stored before `before` (decision 0104), their
 * rows and their files: an upload is stored and its row written before the offers module writes the
 * letter that names it, so a crash between the two (or between a replacement and the old file's removal)
 * leaves a file the student never sees, that counts against their quota. A letter is named by a row made
 * with a new file, never by an old one, so a file past the grace period that no letter names stays so.
 * Answers how many it removed.
 */
async function removeUnnamedOfferLetters(deps: DocumentDeps, before: Date): Promise<number> {
  const named = deps.offerLettersNamed;
  if (!named) return 0;
  let removed = 0;
  let after = 0;
  for (;;) {
    const rows = await deps.db
      .select({ id: studentFiles.id, storageKey: studentFiles.storageKey })
      .from(studentFiles)
      .where(and(eq(studentFiles.attachmentType, OFFER_LETTER), lt(studentFiles.createdAt, before), gt(studentFiles.id, after)))
      .orderBy(asc(studentFiles.id))
      .limit(OFFER_LETTERS_PER_ROUND);
    if (rows.length === 0) break;
    after = rows.at(-1)?.id ?? after;
    const kept = await named(rows.map((r) => r.id));
    const unnamed = rows.filter((r) => !kept.has(r.id));
    if (unnamed.length === 0) continue;
    const gone = await deps.db
      .delete(studentFiles)
      .where(
        inArray(
          studentFiles.id,
          unnamed.map((r) => r.id),
        ),
      )
      .returning({ storageKey: studentFiles.storageKey });
    for (const row of gone) await removeQuietly(deps, row.storageKey, "offer letter no offer names");
    removed += gone.length;
  }
  if (removed) deps.log.info({ removed }, "offer letters no offer names removed");
  return removed;
}

/** Removes one of the student's offer letters (one replaced before its confirmation), its row and its stored file. */
export async function removeOfferLetter(deps: DocumentDeps, studentId: number, fileId: number): Promise<void> {
  const rows = await deps.db
    .delete(studentFiles)
    .where(and(eq(studentFiles.id, fileId), eq(studentFiles.studentId, studentId), eq(studentFiles.attachmentType, OFFER_LETTER)))
    .returning({ storageKey: studentFiles.storageKey });
  for (const row of rows) await removeQuietly(deps, row.storageKey, "offer letter replaced");
}

/** Checks, re-encodes and stores the profile photo, replacing the earlier one. */
export async function uploadPhoto(deps: DocumentDeps, studentId: number, input: IncomingFile | undefined): Promise<StudentFile> {
  await countUpload(deps, studentId);
  const file = checkSize(input, MAX_PHOTO_BYTES, documentMessages.photoTooLarge);
  if (!isPhotoKind((await fileTypeFromBuffer(file.bytes))?.mime)) {
    throw new AppError("invalid_input", documentMessages.wrongPhotoType, { file: documentMessages.wrongPhotoType });
  }
  const bytes = await reencodePhoto(file.bytes);
  await checkQuota(deps, studentId, PROFILE_PHOTO, bytes.byteLength);
  return storeAndRecord(deps, studentId, PROFILE_PHOTO, { bytes, name: "profile-photo.webp", contentType: "image/webp" });
}

/**
 * Removes the student's document of a type with its previous versions (the student's choice wins over
 * staff's history); an unknown type or nothing uploaded is a 404.
 */
export async function deleteDocument(deps: DocumentDeps, studentId: number, rawType: string): Promise<AttachmentType> {
  const parsed = attachmentTypeSchema.safeParse(rawType);
  if (!parsed.success) throw new AppError("not_found", documentMessages.noSuchType);
  const attachmentType = parsed.data;
  const rows = await deps.db
    .delete(studentFiles)
    .where(and(eq(studentFiles.studentId, studentId), eq(studentFiles.attachmentType, attachmentType)))
    .returning({ storageKey: studentFiles.storageKey });
  if (rows.length === 0) throw new AppError("not_found", documentMessages.notUploaded(attachmentType));
  for (const row of rows) await removeQuietly(deps, row.storageKey, "deleted");
  deps.log.info({ studentId, attachmentType }, "student file deleted");
  return attachmentType;
}

/** Prepared once (decision 0110): the navbar's photo, on every page a student opens. */
const photoQuery = preparedRead((db) =>
  db
    .select({ publicId: studentFiles.publicId })
    .from(studentFiles)
    .where(and(eq(studentFiles.studentId, sql.placeholder("studentId")), eq(studentFiles.attachmentType, PROFILE_PHOTO)))
    .prepare("profile_photo"),
);

/** The student's profile photo URL, or null when there is none (the navbar then shows the default image). */
export async function photoUrl(deps: DocumentDeps, studentId: number): Promise<string | null> {
  const [row] = await photoQuery(deps.db).execute({ studentId });
  return row ? fileUrl(row.publicId) : null;
}

/**
 * A file for download, if the viewer may read it. Anything else (another student's file, a visitor,
 * a malformed or guessed id) is the same 404, so ids cannot be probed.
 */
export async function openFile(deps: DocumentDeps, viewer: FileViewer, publicId: string): Promise<FileDownload> {
  const notFound = () => new AppError("not_found", documentMessages.fileNotFound);
  if (!publicIdPattern.test(publicId)) throw notFound();
  const [row] = await deps.db.select().from(studentFiles).where(eq(studentFiles.publicId, publicId));
  if (!row) throw notFound();
  const keptVersion =
    viewer !== null &&
    "studentId" in viewer &&
    viewer.studentId === row.studentId &&
    row.supersededAt !== null &&
    (await deps.keptForStudent?.(row.studentId, row.id));
  if (!keptVersion && !(await canReadFile(viewer, row))) throw notFound();
  const stored = await deps.storage.get(row.storageKey);
  if (!stored) {
    deps.log.error({ fileId: row.id, studentId: row.studentId }, "a recorded file is missing from storage");
    throw notFound();
  }
  return {
    body: stored.body,
    size: stored.size,
    contentType: row.contentType,
    name: row.originalName,
    attachmentType: row.attachmentType,
    isPhoto: row.attachmentType === PROFILE_PHOTO,
    fileId: row.id,
    studentId: row.studentId,
  };
}

/** A document as a message shows it attached (decision 0037): its type and name, and where its owner opens it. */
export interface AttachedDocument {
  fileId: number;
  publicId: string;
  attachmentType: StoredFileType;
  name: string;
  /** The owner's address (/files/{publicId}); staff open it through the console's file route. */
  url: string;
}

const attached = (row: FileRow): AttachedDocument => ({
  fileId: row.id,
  publicId: row.publicId,
  attachmentType: row.attachmentType,
  name: row.originalName,
  url: fileUrl(row.publicId),
});

/**
 * One of the student's current documents (not the photo), by its public id, to attach to a message
 * (decision 0036): it is already a document under the rules above (types, limits, review, who may open
 * it); anything else, another student's included, is null.
 */
export async function attachableDocument(
  db: Pick<Database, "select">,
  studentId: number,
  publicId: string,
): Promise<AttachedDocument | null> {
  if (!publicIdPattern.test(publicId)) return null;
  const [row] = await db
    .select()
    .from(studentFiles)
    .where(
      and(
        eq(studentFiles.publicId, publicId),
        eq(studentFiles.studentId, studentId),
        inArray(studentFiles.attachmentType, [...attachmentTypes]),
        isNull(studentFiles.supersededAt),
      ),
    );
  return row ? attached(row) : null;
}

/** The documents attached to messages, by file id (a version replaced since stays the one attached). */
export async function attachedDocuments(db: Pick<Database, "select">, fileIds: number[]): Promise<Map<number, AttachedDocument>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db.select().from(studentFiles).where(inArray(studentFiles.id, fileIds));
  return new Map(rows.map((row) => [row.id, attached(row)]));
}

export function createDocumentService(deps: DocumentDeps) {
  return {
    list: (studentId: number) => listFiles(deps, studentId),
    upload: (studentId: number, input: { attachmentType: unknown; file: IncomingFile | undefined }) =>
      uploadDocument(deps, studentId, input),
    remove: (studentId: number, attachmentType: string) => deleteDocument(deps, studentId, attachmentType),
    uploadPhoto: (studentId: number, file: IncomingFile | undefined) => uploadPhoto(deps, studentId, file),
    photoUrl: (studentId: number) => photoUrl(deps, studentId),
    /** A university's offer letter on an application (decision 0092): stored, then named by the offers module. */
    storeOfferLetter: (studentId: number, file: IncomingFile | undefined) => storeOfferLetter(deps, studentId, file),
    removeOfferLetter: (studentId: number, fileId: number) => removeOfferLetter(deps, studentId, fileId),
    open: (viewer: FileViewer, publicId: string) => openFile(deps, viewer, publicId),
    /**
     * The upkeep's sweep of what interrupted uploads left in storage (decision 0034): anything unfinished for
     * over an hour, far longer than the largest upload takes; answers how many it removed.
     */
    sweepInterruptedUploads: async () => {
      const removed = (await deps.storage.sweepInterrupted?.(new Date(nowOf(deps).getTime() - INTERRUPTED_UPLOAD_AGE_MS))) ?? 0;
      if (removed) deps.log.info({ removed }, "files of interrupted uploads removed");
      return removed;
    },
    /**
     * The upkeep's sweep of stored files no row names, past the grace period (decision 0048), the offer
     * letters no offer letter names among them (decision 0104); answers how many files it removed.
     */
    sweepUnreferencedFiles: async () => {
      const graceMs = deps.orphanGraceMs ?? DEFAULT_ORPHAN_GRACE_MS;
      const letters = await removeUnnamedOfferLetters(deps, new Date(nowOf(deps).getTime() - graceMs));
      return letters + (await sweepUnreferencedFiles(deps, graceMs));
    },
  };
}

/** A day: far longer than any upload, recording or export takes to be stored and recorded. */
const DEFAULT_ORPHAN_GRACE_MS = 24 * 3_600_000;

/** How old an unfinished upload's temporary file must be before the upkeep removes it. */
export const INTERRUPTED_UPLOAD_AGE_MS = 3_600_000;

export type DocumentService = ReturnType<typeof createDocumentService>;

/** Document review as staff do it, and the check staff pass when they open a student's file (decision 0031). */
export const documentsConsole = (deps: StaffDeps) => ({
  reviewQueue: (actor: StaffMember) => reviewQueue(deps, actor),
  /** How many documents the review queue holds for the member (the staff home's figure, decision 0042). */
  reviewQueueCount: (actor: StaffMember) => reviewQueueCount(deps, actor),
  review: (actor: StaffMember, publicId: string, raw: unknown) => reviewDocument(deps, actor, publicId, raw),
  /** The check to pass the documents service when staff open a student's file: the rule, and the view recorded. */
  fileAccess: (actor: StaffMember, download: boolean) =>
    fileAccess(deps, actor, download ? "document.downloaded" : "document.viewed"),
});
