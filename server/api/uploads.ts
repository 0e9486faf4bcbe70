import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../modules/errors.ts";

/** Room for the multipart boundaries, part headers and the small fields around the file. */
const MULTIPART_HEADROOM = 512 * 1024;

/** Refuses an oversized body while it streams in, before it is buffered whole; the file itself is checked again. */
export const limitBody = (maxFileBytes: number, message: string) =>
  bodyLimit({
    maxSize: maxFileBytes + MULTIPART_HEADROOM,
    onError: () => {
      throw new AppError("payload_too_large", message, { file: message });
    },
  });

const multipartOnly = "Send the file as multipart/form-data.";

/** An uploaded file as the server read it: its name and bytes. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** The multipart fields; the `file` field as a name and bytes, or undefined when it is not a file. */
export async function readUpload(c: Context): Promise<{ fields: Record<string, unknown>; file: UploadedFile | undefined }> {
  if (!c.req.header("Content-Type")?.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("invalid_input", multipartOnly);
  }
  let fields: Record<string, unknown>;
  try {
    fields = await c.req.parseBody();
  } catch (error) {
    if (AppError.is(error)) throw error;
    throw new AppError("invalid_input", multipartOnly);
  }
  const value = fields.file;
  if (typeof value !== "object" || value === null || !("arrayBuffer" in value)) return { fields, file: undefined };
  const blob = value as File;
  return { fields, file: { name: blob.name ?? "", bytes: new Uint8Array(await blob.arrayBuffer()) } };
}
