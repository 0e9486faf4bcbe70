import { and, eq, inArray } from "drizzle-orm";
import { createEvents, type DateArray, type EventAttributes } from "ics";
import type { Database } from "../../platform/db/client.ts";
import type { JobSender } from "../../platform/jobs.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { sessionKinds } from "../../vocabulary/counselling.ts";
import {
  type DeadlineKind,
  DUE_SOON_DAYS,
  deadlineKinds,
  FEED_NAME,
  packageOpenStages,
  REMINDER_DAYS,
  reminderThreshold,
} from "../../vocabulary/deadlines.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { dayLabel } from "../../vocabulary/scholarships.ts";
import {
  type ApplicationRow,
  applicationsDueBetween,
  type ChecklistSubject,
  checklistsOf,
  listApplications,
  outstandingItems,
  studentApplicationRows,
} from "../applications/applications.ts";
import { sessionsOfStudent } from "../counselling/counselling.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { mailLink } from "../mail-link.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import type { StaffMember } from "../policies.ts";
import { scholarshipsForStudent } from "../scholarships/scholarships.ts";
import { getProfile } from "../students/students.ts";
import { MAX_TOKEN_LENGTH, newToken, sha256 } from "../tokens.ts";
import { parseInput } from "../validation.ts";
import { reminderChoiceSchema } from "./input.ts";
import { deadlineFeeds, deadlinePreferences, deadlineReminders } from "./tables.ts";

/**
 * Deadlines in one place (decision 0059): every dated thing ahead of a student (their applications'
 * deadlines with what each package still misses, the deadlines of scholarships they match, their visa
 * plans' dates and their sessions), the e-mail reminders before an application's deadline, the private
 * calendar feed of the same items, and the counsellor's applications falling due.
 */

/** One dated thing ahead of the student, as the Deadlines screen and the calendar feed show it. */
export interface DeadlineItem {
  /** Stable across reads: the calendar feed's UID. */
  uid: string;
  kind: DeadlineKind;
  /** The India calendar day it falls on (YYYY-MM-DD). */
  day: string;
  daysLeft: number;
  /** A session's start and end; null for a whole-day deadline. */
  startsAt: Date | null;
  endsAt: Date | null;
  /** What it is, in English (a course's or scholarship's own name stays as it is). */
  title: string;
  /** The title in Hindi, when the source holds it (a visa plan's steps). */
  titleHi: string | null;
  /** Where it is: the university, the scholarship's provider. */
  detail: string | null;
  /** Where the student acts on it: a page of ours, or a scholarship's official page. */
  href: string | null;
  /** The package's items still missing (an application's), in English (the screens translate them). */
  missing: string[];
}

/** What the list reads of a visa plan (the visa module's plans have this shape, and more). */
export interface PlanDates {
  application: { id: number; university: string; country: string };
  steps: readonly {
    key: string;
    label: { en: string; hi: string };
    dateLabel: { en: string; hi: string } | null;
    done: boolean;
    /** A date the student entered for the step (the appointment). */
    onDate: string | null;
    /** The day to start it by. */
    startBy: string | null;
  }[];
}

export interface DeadlineDeps {
  db: Database;
  log: Logger;
  now?: () => Date;
  mailer?: Mailer;
  jobs?: JobSender;
  /** The site's absolute address, for links in mails and the feed. */
  siteAddress?: string;
  /** The student's visa plans (the visa module's own read, handed in by the server). */
  visaPlans?: (studentId: number) => Promise<readonly PlanDates[]>;
}

const DAY_MS = 86_400_000;
/** Whole India days from `from` to `to` (both YYYY-MM-DD). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const kindOrder: Record<DeadlineKind, number> = { application: 0, scholarship: 1, visa: 2, session: 3 };

/** The items of each package still missing, by the applications module's own checklist (the stage gate's). */
async function missingItems(db: Database, subjects: readonly ChecklistSubject[]): Promise<Map<number, string[]>> {
  const lists = await checklistsOf({ db }, subjects);
  return new Map([...lists].map(([id, list]) => [id, outstandingItems(list).map((entry) => entry.item)]));
}

/** Every dated thing ahead of the student, soonest first (a day's sessions by their time). */
export async function studentDeadlines(deps: DeadlineDeps, studentId: number): Promise<DeadlineItem[]> {
  const now = nowOf(deps);
  const today = indianDay(now);
  const [applications, scholarships, plans, sessions] = await Promise.all([
    studentApplicationRows(deps.db, studentId, "oldest"),
    scholarshipsForStudent(deps.db, studentId, {}, now),
    deps.visaPlans ? deps.visaPlans(studentId) : Promise.resolve([]),
    sessionsOfStudent(deps.db, studentId),
  ]);
  const items: DeadlineItem[] = [];
  const open = applications.filter(
    (a): a is typeof a & { deadline: string } =>
      packageOpenStages.includes(a.status) && a.deadline !== null && a.deadline >= today,
  );
  // What the student still has to upload or correct: an item waiting for the counsellor's review is theirs.
  const checklists = await checklistsOf(
    { db: deps.db },
    open.map((a) => ({ id: a.id, studentId, courseId: a.courseId })),
  );
  const missing = new Map(
    [...checklists].map(([id, list]) => [id, list.filter((entry) => entry.waitsOn === "student").map((entry) => entry.item)]),
  );
  for (const a of open) {
    items.push({
      uid: `application-${a.id}-deadline`,
      kind: "application",
      day: a.deadline,
      daysLeft: daysBetween(today, a.deadline),
      startsAt: null,
      endsAt: null,
      title: a.course,
      titleHi: null,
      detail: `${a.university}, ${a.country}`,
      href: `/user/applications/${a.id}`,
      missing: missing.get(a.id) ?? [],
    });
  }
  for (const s of scholarships.matching) {
    if (!s.nextDeadline || s.nextDeadline < today) continue;
    items.push({
      uid: `scholarship-${s.id}-${s.nextDeadline}`,
      kind: "scholarship",
      day: s.nextDeadline,
      daysLeft: daysBetween(today, s.nextDeadline),
      startsAt: null,
      endsAt: null,
      title: s.name,
      titleHi: null,
      detail: s.provider,
      href: s.officialUrl,
      missing: [],
    });
  }
  for (const plan of plans) {
    for (const step of plan.steps) {
      if (step.done) continue;
      // A date the student entered (the appointment) if any, else the day to start the step by.
      const day = step.onDate ?? step.startBy;
      if (!day || day < today) continue;
      const words = step.onDate && step.dateLabel ? step.dateLabel : step.label;
      items.push({
        uid: `visa-${plan.application.id}-${step.key}`,
        kind: "visa",
        day,
        daysLeft: daysBetween(today, day),
        startsAt: null,
        endsAt: null,
        title: words.en,
        titleHi: words.hi,
        detail: `${plan.application.university}, ${plan.application.country}`,
        href: `/user/applications/${plan.application.id}/visa`,
        missing: [],
      });
    }
  }
  for (const session of sessions) {
    if (session.cancelled || session.endsAt <= now) continue;
    const day = indianDay(session.startsAt);
    items.push({
      uid: `session-${session.id}`,
      kind: "session",
      day,
      daysLeft: daysBetween(today, day),
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      title: sessionKinds[session.kind].label,
      titleHi: null,
      detail: null,
      href: "/profile/sessions",
      missing: [],
    });
  }
  return items.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      (a.startsAt?.getTime() ?? 0) - (b.startsAt?.getTime() ?? 0) ||
      kindOrder[a.kind] - kindOrder[b.kind] ||
      a.uid.localeCompare(b.uid),
  );
}

// ---------------------------------------------------------------------------------------------------
// Reminders

export interface ReminderSettings {
  remindersOn: boolean;
  changedAt: Date | null;
}

export async function reminderSettings(db: Database, studentId: number): Promise<ReminderSettings> {
  const [row] = await db.select().from(deadlinePreferences).where(eq(deadlinePreferences.studentId, studentId));
  return { remindersOn: row?.remindersOn ?? true, changedAt: row?.changedAt ?? null };
}

/** The student turns the reminders on or off (`{ on: boolean }`). */
export async function setReminders(deps: DeadlineDeps, studentId: number, raw: unknown): Promise<ReminderSettings> {
  const { on } = parseInput(reminderChoiceSchema, raw);
  const now = nowOf(deps);
  await deps.db
    .insert(deadlinePreferences)
    .values({ studentId, remindersOn: on, changedAt: now })
    .onConflictDoUpdate({ target: deadlinePreferences.studentId, set: { remindersOn: on, changedAt: now } });
  return { remindersOn: on, changedAt: now };
}

function reminderMail(
  siteAddress: string | undefined,
  student: { email: string; fullName: string },
  application: { course: string; university: string; deadline: string },
  daysLeft: number,
  missing: readonly string[],
) {
  const link = (path: string) => (siteAddress ? mailLink(siteAddress, path) : path);
  const left = daysLeft === 0 ? "today" : daysLeft === 1 ? "tomorrow" : `in ${daysLeft} days`;
  return {
    to: student.email,
    subject: `Application deadline ${left}: ${application.course}, ${application.university}`.replace(/[\r\n]+/g, " "),
    text: [
      `Dear ${student.fullName},`,
      "",
      `The deadline to apply for ${application.course} at ${application.university} is ${dayLabel(application.deadline)} (India time), ${left}.`,
      "",
      "Still missing from your application's package:",
      ...missing.map((item) => `- ${item}`),
      "",
      `Upload what is missing: ${link("/profile/documents")}`,
      `All your deadlines: ${link("/deadlines")}`,
      "",
      `You get these reminders ${REMINDER_DAYS.join(", ").replace(/, (\d+)$/, " and $1")} days before a deadline while a package is incomplete. Turn them off: ${link("/deadlines#reminders")}`,
      "",
      "Ignite - Your academic Journey",
    ].join("\n"),
  };
}

/**
 * Sends the reminders due now (the job queue runs it, decision 0059): for every application whose
 * package is open and whose deadline is within the largest threshold, the threshold its days left fall
 * in (12 days left: the 14-day one), if the student has not turned reminders off, the package still
 * misses something and that reminder was not sent. Each is claimed by a unique row written in the
 * transaction that queues its mail in the outbox, so it goes once however many instances sweep and
 * waits in the outbox while the mail server is away. Returns how many were queued.
 */
export async function sendDueReminders(deps: DeadlineDeps): Promise<number> {
  const now = nowOf(deps);
  const today = indianDay(now);
  const largest = Math.max(...REMINDER_DAYS);
  const due = await applicationsDueBetween(deps.db, today, indianDay(now.getTime() + largest * DAY_MS));
  if (due.length === 0) return 0;
  const studentIds = [...new Set(due.map((a) => a.studentId))];
  const [off, sent] = await Promise.all([
    deps.db
      .select({ studentId: deadlinePreferences.studentId })
      .from(deadlinePreferences)
      .where(and(inArray(deadlinePreferences.studentId, studentIds), eq(deadlinePreferences.remindersOn, false))),
    deps.db
      .select({ applicationId: deadlineReminders.applicationId, thresholdDays: deadlineReminders.thresholdDays })
      .from(deadlineReminders)
      .where(
        inArray(
          deadlineReminders.applicationId,
          due.map((a) => a.id),
        ),
      ),
  ]);
  const turnedOff = new Set(off.map((o) => o.studentId));
  const already = new Set(sent.map((s) => `${s.applicationId}:${s.thresholdDays}`));
  let queued = 0;
  for (const application of due) {
    const daysLeft = daysBetween(today, application.deadline);
    const threshold = reminderThreshold(daysLeft);
    if (threshold === null || turnedOff.has(application.studentId) || already.has(`${application.id}:${threshold}`)) continue;
    const missing = (await missingItems(deps.db, [application])).get(application.id) ?? [];
    if (missing.length === 0) continue;
    const student = await getProfile(deps.db, application.studentId);
    const claimed = await deps.db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(deadlineReminders)
        .values({
          applicationId: application.id,
          thresholdDays: threshold,
          deadline: application.deadline,
          daysLeft,
          studentId: application.studentId,
          sentAt: now,
        })
        .onConflictDoNothing()
        .returning({ applicationId: deadlineReminders.applicationId });
      if (!claim) return false;
      await queueMail(tx, deps, reminderMail(deps.siteAddress, student, application, daysLeft, missing), {
        studentId: application.studentId,
      });
      return true;
    });
    if (claimed) queued += 1;
  }
  if (queued) {
    deps.log.info({ queued }, "deadline reminders queued");
    await deliverWithoutQueue(deps);
  }
  return queued;
}

// ---------------------------------------------------------------------------------------------------
// The calendar feed

/** Where a feed's token is read from: `/calendar/<token>.ics`. */
export const feedPath = (token: string) => `/calendar/${token}.ics`;

/** A feed's address as the request log keeps it: the token is a secret, like a parent link's. */
export const feedPathForLog = (path: string) => path.replace(/^\/calendar\/[^/]+$/, "/calendar/[feed].ics");
const tokenShape = /^[A-Za-z0-9_-]{20,100}$/;

export async function feedStatus(db: Database, studentId: number): Promise<{ createdAt: Date } | null> {
  const [row] = await db
    .select({ createdAt: deadlineFeeds.createdAt })
    .from(deadlineFeeds)
    .where(eq(deadlineFeeds.studentId, studentId));
  return row ?? null;
}

/**
 * Makes the student's calendar address, or renews it: a new random token replaces the old one's hash,
 * so the old address stops answering at once. The token is returned once and kept only as its SHA-256.
 */
export async function renewFeed(
  deps: DeadlineDeps,
  studentId: number,
): Promise<{ token: string; renewed: boolean; address: string }> {
  const token = newToken();
  const now = nowOf(deps);
  const before = await feedStatus(deps.db, studentId);
  await deps.db
    .insert(deadlineFeeds)
    .values({ studentId, tokenHash: sha256(token), createdAt: now })
    .onConflictDoUpdate({ target: deadlineFeeds.studentId, set: { tokenHash: sha256(token), createdAt: now } });
  const address = deps.siteAddress ? mailLink(deps.siteAddress, feedPath(token)) : feedPath(token);
  return { token, renewed: before !== null, address };
}

/** Ends the student's calendar address. */
export async function endFeed(db: Database, studentId: number): Promise<void> {
  await db.delete(deadlineFeeds).where(eq(deadlineFeeds.studentId, studentId));
}

/** Whose feed a token opens, or null (a token of the wrong shape, renewed away, or never made). */
async function feedOwner(db: Database, token: string): Promise<number | null> {
  if (token.length > MAX_TOKEN_LENGTH || !tokenShape.test(token)) return null;
  const [row] = await db
    .select({ studentId: deadlineFeeds.studentId })
    .from(deadlineFeeds)
    .where(eq(deadlineFeeds.tokenHash, sha256(token)));
  return row?.studentId ?? null;
}

const dateArray = (day: string): DateArray => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return [year, month, date];
};
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The items as an iCalendar (RFC 5545) document, made by the `ics` library. */
export function calendarOf(items: readonly DeadlineItem[], siteAddress: string | undefined): string {
  const host = siteAddress ? new URL(siteAddress).hostname : "ignite.local";
  const events: EventAttributes[] = items.map((item) => {
    const url = item.href
      ? item.href.startsWith("/")
        ? siteAddress
          ? mailLink(siteAddress, item.href)
          : undefined
        : item.href
      : undefined;
    const description = [item.detail, item.missing.length ? `Still missing: ${item.missing.join(", ")}` : null, url ? url : null]
      .filter(Boolean)
      .join("\n");
    const common = {
      uid: `${item.uid}@${host}`,
      title: `${deadlineKinds[item.kind]}: ${item.title}`,
      ...(description ? { description } : {}),
      ...(url ? { url } : {}),
      productId: "ignite/deadlines",
      calName: FEED_NAME,
    };
    return item.startsAt && item.endsAt
      ? {
          ...common,
          start: item.startsAt.getTime(),
          startInputType: "utc",
          startOutputType: "utc",
          end: item.endsAt.getTime(),
          endInputType: "utc",
          endOutputType: "utc",
          busyStatus: "BUSY",
        }
      : {
          ...common,
          start: dateArray(item.day),
          end: dateArray(nextDay(item.day)),
          transp: "TRANSPARENT",
          busyStatus: "FREE",
        };
  });
  const { error, value } = createEvents(events, { productId: "ignite/deadlines", calName: FEED_NAME, method: "PUBLISH" });
  if (error || !value) throw error ?? new Error("the calendar could not be written");
  return value;
}

/** The feed a token opens (its owner's items as a calendar), or null for a token that opens none. */
export async function feedCalendar(deps: DeadlineDeps, token: string): Promise<string | null> {
  const studentId = await feedOwner(deps.db, token);
  if (studentId === null) return null;
  return calendarOf(await studentDeadlines(deps, studentId), deps.siteAddress);
}

// ---------------------------------------------------------------------------------------------------
// The console and the student's data

/** An application falling due with the package items it still misses. */
export type DueApplication = ApplicationRow & { missing: string[] };

/**
 * The applications list with its `due` filter (decision 0059): the list's own rule and filters narrow
 * them to open packages whose deadline is within the days given, and of those only the ones whose
 * package still misses something are kept. Today's count and the list it links to both come from here.
 */
export async function dueApplications(
  deps: StaffDeps,
  member: StaffMember,
  filters: Record<string, unknown>,
): Promise<DueApplication[]> {
  const rows = await listApplications(deps, member, filters, 2000);
  const missing = await missingItems(deps.db, rows);
  return rows
    .map((row) => ({ ...row, missing: missing.get(row.id) ?? [] }))
    .filter((row) => row.missing.length > 0)
    .sort((a, b) => (a.deadline ?? "").localeCompare(b.deadline ?? "") || a.id - b.id);
}

/** What the student's data export holds of this module: never the feed's token, which is not kept. */
export async function deadlineDataForExport(db: Database, studentId: number) {
  const [feed, settings, reminders] = await Promise.all([
    feedStatus(db, studentId),
    reminderSettings(db, studentId),
    db
      .select({
        applicationId: deadlineReminders.applicationId,
        thresholdDays: deadlineReminders.thresholdDays,
        deadline: deadlineReminders.deadline,
        daysLeft: deadlineReminders.daysLeft,
        sentAt: deadlineReminders.sentAt,
      })
      .from(deadlineReminders)
      .where(eq(deadlineReminders.studentId, studentId)),
  ]);
  return {
    calendarFeed: feed ? { createdAt: feed.createdAt.toISOString() } : null,
    reminders: { on: settings.remindersOn, changedAt: settings.changedAt?.toISOString() ?? null },
    remindersSent: reminders.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() })),
  };
}

/** The student's side, bound to its dependencies: what the screens and the background work receive. */
export function createDeadlineService(deps: DeadlineDeps) {
  return {
    list: (studentId: number) => studentDeadlines(deps, studentId),
    reminderSettings: (studentId: number) => reminderSettings(deps.db, studentId),
    setReminders: (studentId: number, raw: unknown) => setReminders(deps, studentId, raw),
    feedStatus: (studentId: number) => feedStatus(deps.db, studentId),
    renewFeed: (studentId: number) => renewFeed(deps, studentId),
    endFeed: (studentId: number) => endFeed(deps.db, studentId),
    feed: (token: string) => feedCalendar(deps, token),
    sendDueReminders: () => sendDueReminders(deps),
  };
}

export type DeadlineService = ReturnType<typeof createDeadlineService>;

/** The job that sends the reminders due. */
export const deadlineReminderJob = "deadline-reminders";

/** Deadlines as staff see them (decision 0031): the applications falling due with packages incomplete. */
export const deadlinesConsole = (deps: StaffDeps) => ({
  /** The applications list's `due` filter, with the list's other filters. */
  due: (actor: StaffMember, filters: Record<string, unknown>) => dueApplications(deps, actor, filters),
  /** Today's: due within DUE_SOON_DAYS. */
  dueSoon: (actor: StaffMember) => dueApplications(deps, actor, { due: DUE_SOON_DAYS }),
});
