import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import type { JobSender } from "../../platform/jobs.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { consultationMessages, nextContactWords } from "../../vocabulary/consultations.ts";
import { consentWording } from "../../vocabulary/privacy.ts";
import {
  consultationSlotSchema,
  consultationSlotTaken,
  counsellorsFreeAt,
  isSlotTaken,
  mailCounsellingSessionChange,
  placeConsultationCall,
} from "../counselling/counselling.ts";
import { nowOf } from "../deps.ts";
import { deliverWithoutQueue } from "../outbox.ts";
import { parseInput } from "../validation.ts";
import { assigneeForNewLead, tellAssignee } from "./assignment.ts";
import { type ConsultationInput, checkYearOfStudy, consultationInputSchema } from "./input.ts";
import { consultations } from "./tables.ts";

/** The same e-mail and phone booking again within this time is one booking, not two (decision 0007). */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Mail still unsent is retried for this long, at most this many times. */
const MAIL_RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
const MAX_MAIL_ATTEMPTS = 10;

/** A lead as stored: the row the free consultation's form creates, and staff work as a lead. */
export type LeadRecord = typeof consultations.$inferSelect;

export interface ConsultationDeps {
  db: Database;
  mailer: Mailer;
  /** Where new bookings are announced to staff. */
  staffEmail: string;
  siteEmail: string;
  log: Logger;
  now?: () => Date;
  /** The job queue that sends the counsellor's mail queued with the booking (decision 0042); without one it goes after the answer. */
  jobs?: JobSender;
  /** Where links in mails point (the lead's, in the counsellor's mail): decision 0051. */
  siteAddress: string;
}

/** Who gave a booked lead to its counsellor, as the lead's history and the audit log name it. */
const ROUND_ROBIN = { system: "Website booking (round-robin)" } as const;

export interface BookingResult {
  lead: LeadRecord;
  alreadyBooked: boolean;
  message: string;
  /** The call's time when the visitor chose one (decision 0036); absent otherwise. */
  call?: { sessionId: number; startsAt: Date };
}

/** Checks the booking against the one schema; a failure names every wrong field. */
export const parseConsultation = (raw: unknown): ConsultationInput =>
  parseInput(consultationInputSchema, raw, consultationMessages.checkFields);

/**
 * Saves a booking (or recognises the same one made recently) before any mail is attempted, so a
 * mail failure can never lose it. Mail is sent by `deliverConsultationMail` afterwards.
 */
export async function bookConsultation(
  deps: ConsultationDeps,
  raw: unknown,
  options: { studentId?: number } = {},
): Promise<BookingResult> {
  const input = parseConsultation(raw);
  const { slot } = parseInput(consultationSlotSchema, raw, consultationMessages.checkFields);
  const now = nowOf(deps);
  checkYearOfStudy(input, now);
  try {
    return await saveBooking(deps, input, now, slot, options);
  } catch (error) {
    // Another visitor (or a student) took the time between the list and the click: the next free times.
    if (isSlotTaken(error)) throw await consultationSlotTaken(deps.db, now, slot);
    throw error;
  }
}

async function saveBooking(
  deps: ConsultationDeps,
  input: ConsultationInput,
  now: Date,
  slot: Date | undefined,
  options: { studentId?: number },
): Promise<BookingResult> {
  // A chosen time goes to a counsellor free then, round-robin among them; none free is the same as taken.
  const free = slot ? await counsellorsFreeAt(deps.db, slot, now) : undefined;
  if (free?.length === 0) throw await consultationSlotTaken(deps.db, now, slot);
  return deps.db.transaction(async (tx) => {
    // Two identical submissions at once (a double click) wait for each other here.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`consultation:${input.email}:${input.phoneNumber}`}))`);
    const [existing] = await tx
      .select()
      .from(consultations)
      .where(
        and(
          eq(consultations.email, input.email),
          eq(consultations.phoneNumber, input.phoneNumber),
          gt(consultations.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .orderBy(desc(consultations.createdAt))
      .limit(1);
    // The same booking again: nothing is stored or mailed twice, and the answer carries the names just
    // typed, never what the earlier booker wrote (whoever knows an e-mail and phone learns nothing).
    if (existing) {
      const lead = { ...existing, firstName: input.firstName, lastName: input.lastName };
      return { lead, alreadyBooked: true, message: consultationMessages.alreadyBooked };
    }
    const [lead] = await tx
      .insert(consultations)
      .values({
        ...input,
        studentId: options.studentId,
        createdAt: now,
        assignedStaffId: await assigneeForNewLead(tx, free ? { among: free } : {}),
        // The form showed the consent sentence of this version: stored with the lead (decision 0024).
        consentVersion: consentWording.version,
        consentedAt: now,
      })
      .returning();
    if (!lead) throw new Error("insert returned no row");
    // The counsellor it went to is told, in this transaction, once (decision 0042).
    if (lead.assignedStaffId !== null)
      await tellAssignee(tx, deps, ROUND_ROBIN, { leadIds: [lead.id], staffId: lead.assignedStaffId, at: now });
    if (slot && lead.assignedStaffId !== null) {
      const call = await placeConsultationCall(tx as Database, {
        staffId: lead.assignedStaffId,
        leadId: lead.id,
        startsAt: slot,
        now,
      });
      return {
        lead,
        alreadyBooked: false,
        message: consultationMessages.booked,
        call: { sessionId: call.id, startsAt: call.startsAt },
      };
    }
    return { lead, alreadyBooked: false, message: consultationMessages.booked };
  });
}

function confirmationMail(lead: LeadRecord, siteEmail: string) {
  const lines = [
    `Dear ${lead.firstName} ${lead.lastName},`,
    "",
    // The channel they chose on the form (decision 0024), never a call to someone who asked for WhatsApp or e-mail.
    `Thank you for booking a free consultation with Ignite. ${nextContactWords[lead.preferredContact]({ email: lead.email, phone: lead.phoneNumber })}`,
    "",
    "What you told us:",
    `  Study destination: ${lead.studyDestination}`,
    `  Type of study: ${lead.typeOfStudy}`,
    `  Preferred subject: ${lead.preferredSubject}`,
    ...(lead.yearOfStudy ? [`  Year of study: ${lead.yearOfStudy}`] : []),
    `  Phone number: ${lead.phoneNumber}`,
    "",
    `Questions meanwhile? Write to ${siteEmail}.`,
    "",
    "Ignite - Your academic Journey",
  ];
  return { to: lead.email, subject: "Your free consultation with Ignite is booked", text: lines.join("\n") };
}

function staffMail(lead: LeadRecord, staffEmail: string) {
  const rows: [string, string | null][] = [
    ["Name", `${lead.firstName} ${lead.lastName}`],
    ["Phone number", lead.phoneNumber],
    ["Email", lead.email],
    ["Study destination", lead.studyDestination],
    ["Type of study", lead.typeOfStudy],
    ["Preferred subject", lead.preferredSubject],
    ["Year of study", lead.yearOfStudy],
    ["State", lead.state],
    ["Qualification", lead.qualification],
    ["Booked at", lead.createdAt.toISOString()],
    ["Booking", `#${lead.id}`],
  ];
  return {
    to: staffEmail,
    replyTo: lead.email,
    subject: `New free consultation: ${lead.firstName} ${lead.lastName} (${lead.studyDestination})`,
    // Each value stays on its own line, whatever was typed, so no field can pose as another.
    text: rows.map(([label, value]) => `${label}: ${value?.replace(/\s+/g, " ") ?? "-"}`).join("\n"),
  };
}

/** Sends whatever mail of this lead's booking is still unsent; a failure is logged and retried later. */
export async function deliverConsultationMail(deps: ConsultationDeps, id: number): Promise<void> {
  const [lead] = await deps.db.select().from(consultations).where(eq(consultations.id, id));
  if (!lead) return;
  try {
    if (!lead.confirmationSentAt) {
      await deps.mailer.send(confirmationMail(lead, deps.siteEmail));
      await deps.db.update(consultations).set({ confirmationSentAt: new Date() }).where(eq(consultations.id, id));
    }
    if (!lead.staffNotifiedAt) {
      await deps.mailer.send(staffMail(lead, deps.staffEmail));
      await deps.db.update(consultations).set({ staffNotifiedAt: new Date() }).where(eq(consultations.id, id));
    }
  } catch (error) {
    await deps.db
      .update(consultations)
      .set({ mailAttempts: sql`${consultations.mailAttempts} + 1` })
      .where(eq(consultations.id, id));
    deps.log.warn({ err: error, consultationId: id }, "consultation mail not sent; it will be retried");
  }
}

/** Retries the mail of recent bookings whose mail has not gone out yet. Returns how many were tried. */
export async function retryPendingConsultationMail(deps: ConsultationDeps): Promise<number> {
  const now = nowOf(deps);
  const pending = await deps.db
    .select({ id: consultations.id })
    .from(consultations)
    .where(
      and(
        or(isNull(consultations.confirmationSentAt), isNull(consultations.staffNotifiedAt)),
        lt(consultations.mailAttempts, MAX_MAIL_ATTEMPTS),
        gt(consultations.createdAt, new Date(now.getTime() - MAIL_RETRY_WINDOW_MS)),
      ),
    )
    .limit(100);
  for (const { id } of pending) await deliverConsultationMail(deps, id);
  return pending.length;
}

/** The consultation service with its dependencies bound; mail goes out after the answer. */
export function createConsultationService(deps: ConsultationDeps) {
  const inFlight = new Set<Promise<void>>();
  return {
    async book(raw: unknown, options: { studentId?: number } = {}) {
      const result = await bookConsultation(deps, raw, options);
      if (!result.alreadyBooked) {
        const { call } = result;
        const delivery = deliverConsultationMail(deps, result.lead.id)
          // The counsellor's mail, queued with the booking, when no job queue sends it.
          .then(() => deliverWithoutQueue(deps))
          .then(async () => {
            // The call's invitation, with its .ics (decision 0036).
            if (call) await mailCounsellingSessionChange(deps, call.sessionId);
          })
          .catch((error) => deps.log.error({ err: error }, "consultation mail delivery failed"));
        inFlight.add(delivery);
        void delivery.finally(() => inFlight.delete(delivery));
      }
      return result;
    },
    retryPendingMail: () => retryPendingConsultationMail(deps),
    /** Waits for mail started by earlier bookings (shutdown, tests). */
    settle: async () => {
      await Promise.all([...inFlight]);
    },
  };
}

export type ConsultationService = ReturnType<typeof createConsultationService>;
