import type { DatabaseHandle } from "../../platform/db/client.ts";
import { type JobQueue, type QueueTimings, startJobQueue } from "../../platform/jobs.ts";
import type { Logger } from "../../platform/log.ts";

/**
 * The job queue's waits in the tests (decision 0052): an idle worker asks for work twice a second, the
 * most often pg-boss allows, and a failed job is retried at once. What a job does, how often it is
 * retried and what becomes of it are the site's.
 */
const testQueueTimings: Required<QueueTimings> = { pollSeconds: 0.5, retryDelaySeconds: 0 };

/** The site's job queue (platform/jobs.ts) on `database`, with the tests' waits. */
export function startTestJobQueue(
  database: DatabaseHandle,
  log: Logger,
  options: { onlyInstance?: boolean } = {},
): Promise<JobQueue> {
  return startJobQueue(database, log, { ...testQueueTimings, ...options });
}
