/** What an upload came to: the answer's message, or the error contract's message and field messages. */
export type UploadResult =
  | { ok: true; message: string; data: unknown }
  | { ok: false; status: number; message: string; fields: Record<string, string> };

/** The JSON API's error shape (server/errors.ts, OpenAPI's ErrorBody). */
type ErrorBody = { message?: string; error?: { code?: string; message?: string; fields?: Record<string, string> } };

/**
 * The one call the browser makes to the JSON API itself: a file upload, which needs progress events
 * that a form post cannot give. Every other change goes through a route action.
 */
export function uploadWithProgress(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
  failed: string,
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = (request.response ?? {}) as ErrorBody & { message?: string; data?: unknown };
      if (request.status === 200) resolve({ ok: true, message: body.message ?? "", data: body.data });
      else
        resolve({
          ok: false,
          status: request.status,
          message: body.error?.message ?? body.message ?? failed,
          fields: body.error?.fields ?? {},
        });
    };
    request.onerror = () => resolve({ ok: false, status: 0, message: failed, fields: {} });
    request.send(form);
  });
}
