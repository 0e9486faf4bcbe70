import type { Database } from "../../platform/db/client.ts";
import type { JobSender } from "../../platform/jobs.ts";
import type { Logger } from "../../platform/log.ts";
import type { RateLimiter } from "../../platform/rate-limit.ts";
import type { FileStorage } from "../../platform/storage/file-storage.ts";

/** What the privacy features need: the database, the private file storage, the job queue (when there is one). */
export interface PrivacyDeps {
  db: Database;
  storage: FileStorage;
  log: Logger;
  limiter: RateLimiter;
  /** Builds exports and removes erased files once across instances; without it (API tests) the work runs here at once. */
  jobs?: JobSender;
  now?: () => Date;
}

/** The job queues of the privacy features (server/background.ts registers their workers). */
export const privacyJobs = {
  buildExport: "privacy-data-export",
  removeFiles: "privacy-remove-files",
  retention: "privacy-retention",
} as const;

/** Removes stored objects one by one; a failure is logged and reported, never thrown. */
export async function removeStored(deps: PrivacyDeps, keys: string[], reason: string): Promise<number> {
  let failed = 0;
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      failed += 1;
      deps.log.warn({ err: error, storageKey: key, reason }, "could not remove a stored file");
    }
  }
  return failed;
}
