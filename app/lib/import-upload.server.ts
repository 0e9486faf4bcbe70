import { AppError } from "../../modules/errors.ts";
import { MultipartError, readUploadForm } from "../../platform/multipart.ts";
import { catalogueImportMessages as im, MAX_IMPORT_BYTES } from "../../vocabulary/catalogue-import.ts";

/** Room for the multipart boundaries and the kind field around the file. */
const FORM_HEADROOM = 64 * 1024;

/**
 * The import screen's upload form, read as it streams (the server hands this screen the request's body
 * unread): the kind, then the file's bytes for storage. A refused body becomes our 400, 413 or 415.
 */
export async function readImportForm(request: Request) {
  const refusal = (error: unknown) => {
    if (!(error instanceof MultipartError)) return error;
    if (error.tooLarge) return new AppError("payload_too_large", im.tooLarge, { file: im.tooLarge });
    return new AppError("invalid_input", im.multipartOnly);
  };
  try {
    const form = await readUploadForm(request, { maxBodyBytes: MAX_IMPORT_BYTES + FORM_HEADROOM });
    const file = form.file;
    if (!file || file.name === "") throw new AppError("invalid_input", im.chooseFile, { file: im.chooseFile });
    const body = async function* () {
      try {
        yield* file.body;
      } catch (error) {
        throw refusal(error);
      }
    };
    return { kind: form.fields.kind, fileName: file.name, body: body() };
  } catch (error) {
    throw refusal(error);
  }
}
