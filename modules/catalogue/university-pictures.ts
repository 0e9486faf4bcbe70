import { and, eq, ne, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import { newStorageKey } from "../../platform/storage/file-storage.ts";
import {
  FEATURED_PLACES,
  featuredPlaceLabel,
  catalogueAdminMessages as m,
  UNIVERSITY_PICTURE_HEIGHT,
  UNIVERSITY_PICTURE_MAX_BYTES,
  UNIVERSITY_PICTURE_MAX_MEGAPIXELS,
  UNIVERSITY_PICTURE_WIDTH,
  universityImage,
} from "../../vocabulary/catalogue.ts";
import { documentMessages, photoKinds } from "../../vocabulary/documents.ts";
import { recordAudit } from "../audit-log.ts";
import type { StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { blankToUndefined } from "../fields.ts";
import { reencodePicture } from "../pictures.ts";
import { authorize, canManageCatalogue, type StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import { universities } from "./tables.ts";

/**
 * A university's picture and its place on the home page (decision 0019). A picture is checked by its
 * bytes (JPEG, PNG or WebP, at most 5 MB), re-encoded as an 800x480 WebP without metadata, and stored
 * through the shared file storage under a new random key: the key is part of its public address, so a
 * new picture has a new address and browsers may keep each one for a year.
 */

/** An uploaded file as the server read it. */
export interface IncomingPicture {
  name: string;
  bytes: Uint8Array;
}

/** The picture as we serve it: refused with the admin's mistake named (400, 413) before anything is written. */
export async function preparePicture(file: IncomingPicture | undefined): Promise<Uint8Array> {
  if (!file || file.bytes.byteLength === 0) throw new AppError("invalid_input", m.noPicture, { file: m.noPicture });
  if (file.bytes.byteLength > UNIVERSITY_PICTURE_MAX_BYTES)
    throw new AppError("payload_too_large", m.pictureTooLarge, { file: m.pictureTooLarge });
  const detected = (await fileTypeFromBuffer(file.bytes))?.mime;
  if (!photoKinds.some((kind) => kind.detected === detected))
    throw new AppError("invalid_input", m.wrongPictureType, { file: m.wrongPictureType });
  return reencodePicture(file.bytes, {
    maxPixels: UNIVERSITY_PICTURE_MAX_MEGAPIXELS * 1_000_000,
    width: UNIVERSITY_PICTURE_WIDTH,
    height: UNIVERSITY_PICTURE_HEIGHT,
    fit: "cover",
    messages: { unreadable: m.unreadablePicture, tooManyPixels: m.pictureTooManyPixels, busy: documentMessages.busy },
  });
}

/**
 * Stores the bytes (when there are any) under a new key, then runs `write` with that key (or null); if
 * the write fails, the stored file is removed again, so no picture is left that nothing names.
 */
export async function storePicture<T>(
  deps: StaffDeps,
  bytes: Uint8Array | undefined,
  write: (imageKey: string | null) => Promise<T>,
): Promise<T> {
  if (!bytes) return write(null);
  if (!deps.storage) throw new Error("The staff service has no file storage for pictures");
  const key = newStorageKey();
  await deps.storage.put(key, bytes);
  try {
    return await write(key);
  } catch (error) {
    await deps.storage.delete(key).catch((e: unknown) => deps.log.warn({ err: e }, "unused university picture not removed"));
    throw error;
  }
}

/** Removes a picture nothing names any more; a failure is logged (the file is unreachable anyway). */
async function forget(deps: StaffDeps, key: string | null) {
  if (!key || !deps.storage) return;
  await deps.storage.delete(key).catch((error: unknown) => deps.log.warn({ err: error }, "old university picture not removed"));
}

/**
 * Gives a university a new picture, or (with `file` null) the drawn placeholder again. The old file is
 * removed once the new address is saved. Audited as university.image_changed with both addresses.
 */
export async function setUniversityPicture(
  deps: StaffDeps,
  member: StaffMember,
  id: number,
  file: IncomingPicture | null | undefined,
): Promise<{ message: string; image: string }> {
  authorize(canManageCatalogue, member);
  const bytes = file === null ? undefined : await preparePicture(file);
  const result = await storePicture(deps, bytes, (imageKey) =>
    deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ name: universities.name, imageKey: universities.imageKey })
        .from(universities)
        .where(eq(universities.id, id))
        .for("update");
      if (!before) throw new AppError("not_found", "No such university.");
      const image = universityImage(id, imageKey);
      if (before.imageKey === imageKey) return { message: m.pictureRemoved(before.name), image, old: null };
      await tx.update(universities).set({ imageKey }).where(eq(universities.id, id));
      await recordAudit(tx, member, {
        action: "university.image_changed",
        subjectType: "university",
        subjectId: id,
        before: { image: universityImage(id, before.imageKey) },
        after: { image },
      });
      return { message: imageKey ? m.pictureChanged(before.name) : m.pictureRemoved(before.name), image, old: before.imageKey };
    }),
  );
  await forget(deps, result.old);
  return { message: result.message, image: result.image };
}

/** A place on the home page's strips (1 to 8), or none: blank, null or 0 (a missing place is refused, not read as none). */
export const featuredInput = z.object({
  place: z.preprocess(
    (value) => (value !== undefined && (blankToUndefined(value) === undefined || value === 0 || value === "0") ? null : value),
    z.coerce
      .number({ error: m.choosePlace })
      .int(m.choosePlace)
      .min(1, m.choosePlace)
      .max(FEATURED_PLACES, m.choosePlace)
      .nullable(),
  ),
});

/**
 * Puts a university on the home page at a place, or takes it off. A place another university holds is
 * refused (409, naming it) rather than silently taken from it. Audited as university.featured or
 * university.unfeatured when it changes; the public cache is cleared, so the home page shows it at once.
 */
export async function setFeatured(deps: StaffDeps, member: StaffMember, id: number, raw: unknown): Promise<string> {
  authorize(canManageCatalogue, member);
  const { place } = parseInput(featuredInput, raw);
  const message = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ignite:featured-universities'))`);
    const [before] = await tx
      .select({ name: universities.name, place: universities.featuredRank })
      .from(universities)
      .where(eq(universities.id, id))
      .for("update");
    if (!before) throw new AppError("not_found", "No such university.");
    const done = place === null ? m.unfeatured(before.name) : m.featured(before.name, featuredPlaceLabel(place));
    if (before.place === place) return done;
    if (place !== null) {
      const [holder] = await tx
        .select({ name: universities.name })
        .from(universities)
        .where(and(eq(universities.featuredRank, place), ne(universities.id, id)));
      if (holder) {
        const refusal = m.placeTaken(featuredPlaceLabel(place), holder.name);
        throw new AppError("conflict", refusal, { place: refusal });
      }
    }
    await tx.update(universities).set({ featuredRank: place }).where(eq(universities.id, id));
    await recordAudit(tx, member, {
      action: place === null ? "university.unfeatured" : "university.featured",
      subjectType: "university",
      subjectId: id,
      before: { place: before.place },
      after: { place },
    });
    return done;
  });
  return message;
}
