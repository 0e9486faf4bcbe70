import type { ConsultationService } from "../modules/consultations/consultations.ts";
import type { IdentityService } from "../modules/identity/identity.ts";
import { digestDue, type StaffService } from "../modules/staff/staff.ts";
import type { JobQueue } from "../platform/jobs.ts";
import type { Logger } from "../platform/log.ts";

/**
 * The site's background work, on the job queue so that it runs once however many instances serve
 * (decision 0021): every instance registers the same workers and schedules; the queue hands each run
 * to one of them.
 */
export async function startBackgroundWork(
  queue: JobQueue,
  services: {
    consultations: Pick<ConsultationService, "retryPendingMail">;
    identity: Pick<IdentityService, "sweepExpired">;
    staff: Pick<StaffService, "sendDailyDigests">;
  },
  digestHourIst: number,
  log: Logger,
): Promise<void> {
  // Mail that could not be sent when a booking was made is retried every five minutes; expired
  // sessions and codes are swept on the same beat, and once at start.
  await queue.work(
    "upkeep",
    async () => {
      await Promise.all([services.consultations.retryPendingMail(), services.identity.sweepExpired()]);
    },
    { exclusive: true },
  );
  await queue.every("upkeep", "*/5 * * * *");
  await queue.send("upkeep", {});

  // The staff's daily task digest, once the IST day reaches DIGEST_HOUR_IST; each member gets it once
  // a day (digest_runs), so checking every ten minutes is harmless.
  await queue.work(
    "staff-digest",
    async () => {
      const now = new Date();
      if (!digestDue(now, digestHourIst)) return;
      const { sent } = await services.staff.sendDailyDigests(now);
      if (sent) log.info({ sent }, "daily task digests sent");
    },
    { exclusive: true },
  );
  await queue.every("staff-digest", "*/10 * * * *");
  await queue.send("staff-digest", {});
}
