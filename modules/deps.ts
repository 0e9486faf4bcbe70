import type { Database } from "../platform/db/client.ts";
import type { JobSender } from "../platform/jobs.ts";
import type { Logger } from "../platform/log.ts";
import type { Mailer } from "../platform/mail/mailer.ts";
import type { RateLimiter } from "../platform/rate-limit.ts";
import type { FileStorage } from "../platform/storage/file-storage.ts";
import type { AuditActor } from "./audit-log.ts";
import type { IntakeChangedHook } from "./intakes.ts";

/**
 * What the console's services are handed by the server (decision 0031): every noun's staff side takes
 * the same dependencies, so one object wires them all (modules/console/console.ts).
 */
export interface StaffDeps {
  db: Database;
  limiter: RateLimiter;
  log: Logger;
  /** Mail sent from the console (an invitation to a converted lead); the command line needs none. */
  mailer?: Mailer;
  /** Where links in mails point: PUBLIC_URL, else the server's listen address (decision 0051). */
  siteAddress: string;
  now?: () => Date;
  /** Private file storage shared with the documents (university pictures, uploaded import files); the command line needs none. */
  storage?: FileStorage;
  /**
   * Called after each catalogue change so the public page cache forgets at once (server/services.ts clears it)
   * and the search mirror changes the records written (decision 0038); resolves once the mirror has.
   */
  onCatalogueChange?: () => void | Promise<void>;
  /**
   * The job queue (decision 0021) that runs a catalogue import's dry run and apply (decision 0020) once,
   * on whichever instance takes it, retried after a crash; the server passes its queue. Without one
   * (the command line, tests of the domain) a step starts at once in this process.
   */
  jobs?: JobSender;
  /**
   * Erases a student for good (the privacy module's erasure, handed in by the server, decision 0024);
   * the console checks who may and what was asked, then calls it. Without it the console cannot erase.
   */
  eraseStudent?: (
    studentId: number,
    actor: AuditActor,
    request: { by: "staff"; reason: string },
  ) => Promise<{ documents: number; applications: number; bookings: number; files: number }>;
  /**
   * Told, in the change's transaction, of an intake staff moved the deadline of or removed (in the
   * console or by the CSV import): the applications module mails the counsellors concerned once and marks
   * their applications for Today (decision 0085). Handed in by modules/console/console.ts.
   */
  intakeChanged?: IntakeChangedHook;
  /** Erases a person's leads when they have no account (the privacy module's, as above); `bookings` counts them, as the answer and the audit entry name it. */
  eraseLeads?: (leadId: number, actor: AuditActor, reason: string) => Promise<{ bookings: number }>;
}

/** The one way the domain reads the clock: the handed-in clock (tests fix it), else the real one. */
export const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/**
 * The one path for a write that changes what visitors see (the catalogue, its pictures and intakes,
 * rupee figures, scholarships): run the write, then tell the public side at once (the server clears
 * the page cache, refreshes the search mirror and tells other instances). Each noun's console side
 * routes its writes here.
 */
export async function changePublicSide<T>(deps: Pick<StaffDeps, "onCatalogueChange">, write: () => Promise<T>): Promise<T> {
  const result = await write();
  // Awaited: the answer to the edit goes once searches show it (a few milliseconds: only the records
  // written are changed in the mirror, decision 0038).
  await tellPublicSide(deps);
  return result;
}

/** Tells the public side that what visitors see has changed (for a write that cannot go through the path above). */
export const tellPublicSide = async (deps: Pick<StaffDeps, "onCatalogueChange">) => {
  await deps.onCatalogueChange?.();
};
