import { importJobs } from "../modules/catalogue/catalogue.ts";
import type { StaffService } from "../modules/console/console.ts";
import { type CounsellingService, counsellingSweepJob } from "../modules/counselling/counselling.ts";
import { type DeadlineService, deadlineReminderJob } from "../modules/deadlines/deadlines.ts";
import type { DocumentService } from "../modules/documents/documents.ts";
import type { IdentityService } from "../modules/identity/identity.ts";
import type { ConsultationService } from "../modules/leads/bookings.ts";
import { messageJobs } from "../modules/messages/messages.ts";
import { outboxJob } from "../modules/outbox.ts";
import { type PrivacyService, privacyJobs } from "../modules/privacy/privacy.ts";
import { digestDue } from "../modules/staff/staff.ts";
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
    documents: Pick<DocumentService, "sweepInterruptedUploads" | "sweepUnreferencedFiles">;
    privacy: Pick<PrivacyService, "jobs">;
    counselling: Pick<CounsellingService, "sweep">;
    deadlines: Pick<DeadlineService, "sendDueReminders">;
    staff: Pick<StaffService, "outbox" | "messages"> & {
      team: Pick<StaffService["team"], "sendDailyDigests">;
      catalogue: { imports: Pick<StaffService["catalogue"]["imports"], "steps"> };
    };
  },
  digestHourIst: number,
  log: Logger,
): Promise<void> {
  // Mail queued with a staff member's action and its audit entry (decision 0034): one job a mail, retried
  // while the mail server is away; a run that finds it sent already sends nothing.
  await queue.work(outboxJob, async ({ id }: { id: number }) => {
    await services.staff.outbox.deliver(id);
  });

  // Mail that could not be sent when a booking was made is retried every five minutes (and queued
  // staff mail whose job gave up or whose sender stopped mid-way); expired
  // sessions (students' and staff's), codes, data exports, what interrupted uploads left in storage
  // (older than an hour) and stored files no row names are swept on the same beat, and once at start.
  await queue.work(
    "upkeep",
    async () => {
      await Promise.all([
        services.consultations.retryPendingMail(),
        services.identity.sweepExpired(),
        services.privacy.jobs.sweepExpired(),
        services.staff.outbox.deliverPending(),
        services.documents.sweepInterruptedUploads(),
        // Whole files a crash left without their row, once past ORPHAN_FILE_GRACE_HOURS (decision 0048).
        services.documents.sweepUnreferencedFiles(),
      ]);
    },
    { exclusive: true },
  );
  await queue.every("upkeep", "*/5 * * * *");
  await queue.send("upkeep", {});

  // New messages that waited through their quiet period are mailed now (decision 0037); the
  // mail itself goes through the outbox above, so a run twice, or the mail server away, sends it once.
  await queue.work(messageJobs.mailWaiting, async () => void (await services.staff.messages.mailWaiting()), {
    exclusive: true,
  });
  await queue.every(messageJobs.mailWaiting, "*/2 * * * *");
  // Counselling sessions (decision 0036): reminders a day and an hour before, and invitations whose mail
  // failed, swept every minute; each reminder goes once however many instances sweep (a claim in one
  // UPDATE), and one that meets the mail server down goes with a later sweep.
  await queue.work(
    counsellingSweepJob,
    async () => {
      await services.counselling.sweep();
    },
    { exclusive: true },
  );
  await queue.every(counsellingSweepJob, "* * * * *");

  // Reminders before an application's deadline (decision 0059): 30, 14, 7 and 2 days before, while the
  // package is incomplete. Swept each hour of the Indian day and once at start; each reminder is claimed
  // by a unique row with its outbox mail, so a sweep run twice, on two instances or after a restart sends
  // it once, and one that meets the mail server away waits in the outbox.
  await queue.work(
    deadlineReminderJob,
    async () => {
      await services.deadlines.sendDueReminders();
    },
    { exclusive: true },
  );
  await queue.every(deadlineReminderJob, "20 8-21 * * *");
  await queue.send(deadlineReminderJob, {});

  // The staff's daily task digest, once the IST day reaches DIGEST_HOUR_IST; each member gets it once
  // a day (digest_runs), so checking every ten minutes is harmless.
  await queue.work(
    "staff-digest",
    async () => {
      const now = new Date();
      if (!digestDue(now, digestHourIst)) return;
      const { sent } = await services.staff.team.sendDailyDigests(now);
      if (sent) log.info({ sent }, "daily task digests sent");
    },
    { exclusive: true },
  );
  await queue.every("staff-digest", "*/10 * * * *");
  await queue.send("staff-digest", {});

  // The student's control of their data (decision 0024): an export is built by a job queued with the
  // request; an erased student's files are removed again by a job, should the process stop before it
  // did; bookings past the retention period an admin set are anonymised every night, and once at start.
  const { jobs: privacy } = services.privacy;
  await queue.work(privacyJobs.buildExport, async ({ exportId }: { exportId: number }) => privacy.buildExport(exportId), {
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: 15 * 60,
  });
  await queue.work(privacyJobs.removeFiles, async ({ keys }: { keys: string[] }) => privacy.removeFiles(keys));
  await queue.work(
    privacyJobs.retention,
    async () => {
      await privacy.retention();
    },
    { exclusive: true },
  );
  await queue.every(privacyJobs.retention, "30 3 * * *");
  await queue.send(privacyJobs.retention, {});

  // A catalogue import's dry run and apply (decision 0020), queued by the request that starts them. A
  // step that meets an unexpected error (a lost connection, a restart of the database) is run again a
  // few seconds later; each starts over cleanly. A crash leaves its job active: the next start of a
  // PGlite site retries it at once, else pg-boss does after the expiry. Spent retries end as "failed".
  const steps = services.staff.catalogue.imports.steps;
  const importQueue = {
    retryLimit: 3,
    retryDelaySeconds: 2,
    retryBackoff: false,
    expireInSeconds: IMPORT_STEP_EXPIRY_SECONDS,
    deadLetter: importJobs.givenUp,
  };
  await queue.work(importJobs.givenUp, async ({ importId }: { importId: number }) => steps.giveUp(importId));
  await queue.work(importJobs.check, async ({ importId }: { importId: number }) => steps.check(importId), importQueue);
  await queue.work(importJobs.apply, async ({ importId }: { importId: number }) => steps.apply(importId), importQueue);
}

/**
 * How long an import step may run before the queue takes its instance for dead and runs it again:
 * far above the largest measured (an apply of 200,000 courses, about 20 s on PGlite, decision 0020).
 */
const IMPORT_STEP_EXPIRY_SECONDS = 15 * 60;
