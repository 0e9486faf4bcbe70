import { z } from "zod";
import { attachmentTypes, documentKinds, documentMessages, photoKinds } from "../../vocabulary/documents.ts";
import { AppError } from "../errors.ts";

/**
 * The rules of a student's documents that need no server: which kinds are accepted, how a file name
 * is cleaned, how big a file may be and who may read it. Pure functions, usable in the browser too.
 */

/** A file as received: the client's name (only for display) and its bytes. */
export interface IncomingFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * Who asks to read a file: the owner (a student), or staff, whose rule (and the record of the view)
 * comes from the staff side as a check on the file; a visitor is null.
 */
export type FileViewer =
  | { studentId: number }
  | { staffMayRead: (file: { publicId: string; studentId: number; attachmentType: string }) => Promise<boolean> }
  | null;

export const attachmentTypeSchema = z.enum(attachmentTypes, { error: documentMessages.chooseType });
export const uploadFieldsSchema = z.object({ attachment_type: attachmentTypeSchema });

/** The accepted document kind of a detected content type, or undefined. */
export const documentKindOf = (detected: string | undefined) => documentKinds.find((kind) => kind.detected === detected);

export const isPhotoKind = (detected: string | undefined) => photoKinds.some((kind) => kind.detected === detected);

/**
 * The policy for reading a stored file: its owner, or staff whose own rule allows it (that check also
 * records the view). Every read goes through here. Anyone else is told the file does not exist.
 */
export async function canReadFile(
  viewer: FileViewer,
  file: { publicId: string; studentId: number; attachmentType: string; supersededAt: Date | null },
): Promise<boolean> {
  if (viewer === null) return false;
  if ("staffMayRead" in viewer) return viewer.staffMayRead(file);
  // The student reads their current files; versions they replaced are kept for staff only.
  return viewer.studentId === file.studentId && file.supersededAt === null;
}

/** A file that is there and within `max` bytes; otherwise the student is told which. */
export function checkSize(file: IncomingFile | undefined, max: number, message: string): IncomingFile {
  if (!file || file.bytes.byteLength === 0)
    throw new AppError("invalid_input", documentMessages.noFile, { file: documentMessages.noFile });
  if (file.bytes.byteLength > max) throw new AppError("payload_too_large", message, { file: message });
  return file;
}

/** An attachment type as a file-name stem: "CV/Resume" becomes "CV-Resume". */
export const slug = (type: string) => type.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");

/**
 * A display name safe to store and send back: no folders, no control or invisible characters, at most
 * 100 characters before the extension, and the extension of the type the content really is.
 */
export function cleanFileName(raw: string, extensions: string[], fallback: string): string {
  const lastSegment = raw.split(/[\\/]/).pop() ?? "";
  const name = lastSegment
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+/, "");
  const dot = name.lastIndexOf(".");
  const given = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  const keepsExtension = extensions.includes(given);
  const base =
    Array.from(keepsExtension ? name.slice(0, dot) : name)
      .slice(0, 100)
      .join("")
      .trim() || fallback;
  return `${base}.${keepsExtension ? given : extensions[0]}`;
}
