import type { ApiClient } from "./api-client.ts";

/**
 * Waits for the signed-in student's data export (decision 0024) to be built by the job queue, and answers
 * its state (`url` to download it). Throws when it failed or took over 10 s.
 */
export async function exportReady(api: ApiClient, cookie: string) {
  for (let i = 0; i < 100; i += 1) {
    const { body } = await api.get("/api/v1/students/me/data-export", { cookie });
    if (body.data?.status === "ready") return body.data;
    if (body.data?.status === "failed") throw new Error("export failed");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("export not ready in 10 s");
}
