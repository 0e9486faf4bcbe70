import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../modules/errors.ts";
import type { ServerEnv } from "../context.ts";

/** Room for the multipart boundaries, part headers and the small fields around the file. */
const MULTIPART_HEADROOM = 512 * 1024;

/**
 * Refuses a body over `maxBytes` while it streams in, before it is buffered whole. GET and HEAD pass
 * untouched: no handler reads their body, and asking for it makes @hono/node-server build a whole web
 * Request for every request (about 8% of an uncached API search's CPU, decision 0021).
 */
export function limitRequestBody(maxBytes: number, message: string, fields?: Record<string, string>): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError("payload_too_large", message, fields);
    },
  });
  return (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limit(c, next));
}

/** An upload's limit: its file's, with room for the multipart around it; the file itself is checked again. */
export const limitBody = (maxFileBytes: number, message: string) =>
  limitRequestBody(maxFileBytes + MULTIPART_HEADROOM, message, { file: message });

/**
 * A screen's limit for a form that may carry a file (decision 0095, amended): a body over it is not read,
 * and the screen's action answers it with `message` under the file field, as a 413 page of the screen
 * itself, rather than the JSON error a script reads. The refusal rides in `bodyRefused`; the page
 * handler then hands the action no body.
 */
export function limitScreenBody(maxFileBytes: number, message: string): MiddlewareHandler<ServerEnv> {
  return (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD"
      ? next()
      : bodyLimit({
          maxSize: maxFileBytes + MULTIPART_HEADROOM,
          onError: async () => {
            c.set("bodyRefused", new AppError("payload_too_large", message, { file: message }));
            await next();
            return c.res;
          },
        })(c, next);
}

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
