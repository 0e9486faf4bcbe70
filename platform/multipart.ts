/**
 * A multipart/form-data body read as it streams (RFC 7578): the text fields before the file, then the
 * file's bytes as chunks, so an upload of many megabytes is never held whole in memory. Made for forms
 * whose file field comes last (the catalogue import); fields after the file are not read.
 */

/** The body is not multipart/form-data, or is cut short or malformed. */
export class MultipartError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = "MultipartError";
  }
}

export interface UploadedFile {
  /** The form field that held it. */
  field: string;
  /** The file name the browser sent (may be blank), without any folder. */
  name: string;
  /** The file's bytes, read from the request as they are consumed. */
  body: AsyncIterable<Uint8Array>;
}

export interface UploadForm {
  fields: Record<string, string>;
  /** The first part that carries a file name, or undefined when the form sent none. */
  file?: UploadedFile;
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_PART_HEADER_BYTES = 8 * 1024;

function boundaryOf(contentType: string | null): string {
  if (!contentType?.toLowerCase().startsWith("multipart/form-data")) throw new MultipartError("not multipart/form-data");
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new MultipartError("no multipart boundary");
  return boundary;
}

/** `name="x"; filename="y"` of a Content-Disposition header. */
function dispositionOf(headers: string): { name?: string; fileName?: string } {
  const line = headers.split("\r\n").find((h) => /^content-disposition\s*:/i.test(h)) ?? "";
  const param = (key: string) => {
    const match =
      new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(line) ?? new RegExp(`;\\s*${key}=([^;\\s]+)`, "i").exec(line);
    return match?.[1]?.replace(/\\(.)/g, "$1");
  };
  const fileName = param("filename");
  return { name: param("name"), fileName: fileName === undefined ? undefined : (fileName.split(/[\\/]/).pop() ?? "") };
}

/**
 * Reads the form's parts in order: text fields (each at most `maxFieldBytes`) until the first file,
 * which is handed back with its bytes still in the request. `maxBodyBytes` refuses a larger body at
 * once when Content-Length says so, and while it streams otherwise (MultipartError with tooLarge).
 */
export async function readUploadForm(
  request: Request,
  options: { maxBodyBytes: number; maxFieldBytes?: number },
): Promise<UploadForm> {
  const boundary = boundaryOf(request.headers.get("Content-Type"));
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (declared > options.maxBodyBytes) throw new MultipartError("body too large", true);
  if (!request.body) throw new MultipartError("empty body");
  const maxField = options.maxFieldBytes ?? 8 * 1024;
  const reader = request.body.getReader();
  let buffer = Buffer.alloc(0);
  let received = 0;
  let ended = false;

  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    received += value.byteLength;
    if (received > options.maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      throw new MultipartError("body too large", true);
    }
    buffer = buffer.length ? Buffer.concat([buffer, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return true;
  };
  const until = async (needle: Buffer, limit: number): Promise<number> => {
    for (;;) {
      const at = buffer.indexOf(needle);
      if (at >= 0) return at;
      if (buffer.length > limit + needle.length) throw new MultipartError("part too large");
      if (!(await more())) throw new MultipartError("body ended early");
    }
  };
  const need = async (bytes: number) => {
    while (buffer.length < bytes) if (!(await more())) throw new MultipartError("body ended early");
  };

  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The preamble (usually empty) runs to the first boundary.
  const preamble = await until(opening, 1024);
  buffer = buffer.subarray(preamble + opening.length);
  const fields: Record<string, string> = {};
  for (;;) {
    await need(2);
    if (buffer[0] === 0x2d && buffer[1] === 0x2d) break; // "--": the closing boundary
    if (!buffer.subarray(0, 2).equals(CRLF)) throw new MultipartError("malformed boundary");
    buffer = buffer.subarray(2);
    const headerEnd = await until(HEADER_END, MAX_PART_HEADER_BYTES);
    const { name, fileName } = dispositionOf(buffer.subarray(0, headerEnd).toString("utf8"));
    buffer = buffer.subarray(headerEnd + HEADER_END.length);
    if (name === undefined) throw new MultipartError("a part without a name");
    if (fileName !== undefined) {
      const body = async function* () {
        try {
          for (;;) {
            const at = buffer.indexOf(delimiter);
            if (at >= 0) {
              if (at > 0) yield buffer.subarray(0, at);
              buffer = buffer.subarray(at);
              return;
            }
            // Keep what could be the start of the delimiter; hand on the rest.
            const safe = buffer.length - (delimiter.length - 1);
            if (safe > 0) {
              const chunk = buffer.subarray(0, safe);
              buffer = buffer.subarray(safe);
              yield chunk;
            }
            if (!(await more())) throw new MultipartError("body ended before the file did");
          }
        } finally {
          // What follows the file is not read; the rest of the body is let go.
          await reader.cancel().catch(() => undefined);
        }
      };
      return { fields, file: { field: name, name: fileName, body: body() } };
    }
    const end = await until(delimiter, maxField);
    fields[name] = buffer.subarray(0, end).toString("utf8");
    buffer = buffer.subarray(end + delimiter.length);
  }
  await reader.cancel().catch(() => undefined);
  return { fields };
}
