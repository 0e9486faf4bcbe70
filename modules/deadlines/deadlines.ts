import { and, eq, inArray, ne } from "drizzle-orm";
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
  deadlineWords,
  hindiWords,
  packageOpenStages,
  REMINDER_DAYS,
  reminderThreshold,
} from "../../vocabulary/deadlines.ts";
import { departureOpen } from "../../vocabulary/departure.ts";
import { daysBetween, indianDay } from "../../vocabulary/india-time.ts";
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../vocabulary/languages.ts";
import { mayHoldOffer } from "../../vocabulary/offers.ts";
import { dayLabel } from "../../vocabulary/scholarships.ts";
import { planIsOpen } from "../../vocabulary/visas.ts";
import {
  type ApplicationRow,
  applicationsDueBetween,
  type CheckedFigure,
  type ChecklistItem,
  type ChecklistSubject,
  checkedFigure,
  checklistsOf,
  listApplications,
  outstandingItems,
  studentApplicationRows,
} from "../applications/applications.ts";

/** A student's applications as the applications module reads them for the student's own screens. */
export type StudentApplicationRows = Awaited<ReturnType<typeof studentApplicationRows>>;

import { sessionsOfStudent } from "../counselling/counselling.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { letterDataOf } from "../letters/letters.ts";
import { mailLink } from "../mail-link.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import type { StaffMember } from "../policies.ts";
import { scholarshipsForStudent } from "../scholarships/scholarships.ts";
import { getProfile } from "../students/students.ts";
import { MAX_TOKEN_LENGTH, newToken, sha256 } from "../tokens.ts";
import { parseInput } from "../validation.ts";
import { reminderChoiceSchema } from "./input.ts";
import { deadlineFeeds, deadlinePreferences, deadlineReminders, offerDateReminders } from "./tables.ts";

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
  /**
   * Where a deadline was read and when, with its age by the services' clock (decision 0105): an application's
   * from the course's `deadline_source` and `deadline_checked_on` (both null when an admin has not said: "not
   * checked"), a scholarship's from its official page and the day staff last checked it. Null for the other kinds.
   */
  checked: CheckedFigure | null;
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
  /**
   * The departure checklists of their applications past the visa (the departure module's read, decision
   * 0083), from the application rows already read.
   */
  departures?: (studentId: number, rows: StudentApplicationRows) => Promise<readonly DepartureDates[]>;
  /** Their offers' reply, deposit and condition dates (the offers module's read, decision 0090). */
  offers?: (studentId: number) => Promise<readonly OfferDeadlines[]>;
  /** Every student's offer dates from one India day to another, for the reminders (the offers module's read). */
  offersBetween?: (from: string, to: string) => Promise<readonly OfferDeadlines[]>;
}

/** What the list reads of an offer's dates (the offers module's have this shape). */
export interface OfferDeadlines {
  studentId: number;
  offerId: number;
  application: { id: number; course: string; university: string; country: string };
  items: readonly { key: string; title: { en: string; hi: string }; day: string }[];
}

/** What the list reads of a departure checklist (the departure module's have this shape, and more). */
export interface DepartureDates {
  application: { id: number; university: string; country: string };
  items: readonly { key: string; title: { en: string; hi: string }; day: string | null; done: boolean }[];
}

const DAY_MS = 86_400_000;
const kindOrder: Record<DeadlineKind, number> = { application: 0, offer: 1, scholarship: 2, visa: 3, departure: 4, session: 5 };

/** The items of each package still missing, by the applications module's own checklist (the stage gate's). */
async function missingItems(db: Database, subjects: readonly ChecklistSubject[]): Promise<Map<number, string[]>> {
  const lists = await checklistsOf({ db }, subjects);
  return new Map([...lists].map(([id, list]) => [id, outstandingItems(list).map((entry) => entry.item)]));
}

/** What the student still has to upload or correct: an item waiting for the counsellor's review is not theirs. */
const studentsItems = (checklist: readonly ChecklistItem[]) =>
  checklist.filter((entry) => entry.waitsOn === "student").map((entry) => entry.item);

/**
 * The student's applications and their checklists as a caller already read them (the home, decision
 * 0087): the list reads them from here instead of again. The checklists must hold every application whose
 * package is open (`packageOpenStages`).
 */
export interface KnownApplications {
  rows: StudentApplicationRows;
  checklists: Map<number, ChecklistItem[]>;
}

/** Every dated thing ahead of the student, soonest first (a day's sessions by their time). */
export async function studentDeadlines(
  deps: DeadlineDeps,
  studentId: number,
  known?: KnownApplications,
): Promise<DeadlineItem[]> {
  const now = nowOf(deps);
  const today = indianDay(now);
  const applications = known?.rows ?? (await studentApplicationRows(deps.db, studentId, "oldest"));
  const open = applications.filter(
    (a): a is typeof a & { deadline: string } =>
      packageOpenStages.includes(a.status) && a.deadline !== null && a.deadline >= today,
  );
  // The visa plans and departure checklists are read only when an application is at their stages (decision
  // 0087), the offers only when one may hold an offer (decision 0103).
  const [scholarships, plans, sessions, departures, checklists, offerDates] = await Promise.all([
    scholarshipsForStudent(deps.db, studentId, {}, now),
    deps.visaPlans && applications.some((a) => planIsOpen(a.status)) ? deps.visaPlans(studentId) : [],
    sessionsOfStudent(deps.db, studentId),
    deps.departures && applications.some((a) => departureOpen(a.status)) ? deps.departures(studentId, applications) : [],
    known?.checklists ??
      checklistsOf(
        { db: deps.db },
        open.map((a) => ({ id: a.id, studentId, courseId: a.courseId })),
      ),
    deps.offers && applications.some(mayHoldOffer) ? deps.offers(studentId) : [],
  ]);
  const items: DeadlineItem[] = [];
  const missing = new Map(open.map((a) => [a.id, studentsItems(checklists.get(a.id) ?? [])]));
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
      checked: checkedFigure(a.deadlineSource, a.deadlineCheckedOn, now),
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
      // Its deadline as the provider's official page gave it on the day staff last checked (decision 0105).
      checked: checkedFigure(s.officialUrl, s.checkedOn, now),
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
        checked: null,
      });
    }
  }
  // The departure checklist's steps not yet ticked, on their day from the course's start (decision 0083).
  for (const checklist of departures) {
    for (const item of checklist.items) {
      if (item.done || !item.day || item.day < today) continue;
      items.push({
        uid: `departure-${checklist.application.id}-${item.key}`,
        kind: "departure",
        day: item.day,
        daysLeft: daysBetween(today, item.day),
        startsAt: null,
        endsAt: null,
        title: item.title.en,
        titleHi: item.title.hi,
        detail: `${checklist.application.university}, ${checklist.application.country}`,
        href: `/user/applications/${checklist.application.id}#departure`,
        missing: [],
        checked: null,
      });
    }
  }
  // An offer's reply date, its deposit's and its pending conditions' dates, until answered (decision 0090).
  for (const offer of offerDates) {
    for (const item of offer.items) {
      if (item.day < today) continue;
      items.push(offerItem(offer, item, today));
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
      checked: null,
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

/** An offer's date as the Deadlines view and the feed show it: its words in English and Hindi, its application. */
const offerItem = (offer: OfferDeadlines, item: OfferDeadlines["items"][number], today: string): DeadlineItem => ({
  uid: `offer-${offer.offerId}-${item.key}`,
  kind: "offer",
  day: item.day,
  daysLeft: daysBetween(today, item.day),
  startsAt: null,
  endsAt: null,
  title: item.title.en,
  titleHi: item.title.hi,
  detail: `${offer.application.university}, ${offer.application.country}`,
  href: "/user/offers",
  missing: [],
  checked: null,
});

// ---------------------------------------------------------------------------------------------------
// Reminders

export interface ReminderSettings {
  remindersOn: boolean;
  changedAt: Date | null;
  /** The language the student last chose while signed in (decision 0086), or null: English. */
  language: LanguageCode | null;
}

export async function reminderSettings(db: Database, studentId: number): Promise<ReminderSettings> {
  const [row] = await db.select().from(deadlinePreferences).where(eq(deadlinePreferences.studentId, studentId));
  return { remindersOn: row?.remindersOn ?? true, changedAt: row?.changedAt ?? null, language: row?.language ?? null };
}

/**
 * Remembers the language the student chose while signed in (decision 0086): their reminders and calendar
 * feed are written in it. Choosing does not change whether reminders are on.
 */
export async function rememberLanguage(db: Database, studentId: number, language: LanguageCode): Promise<void> {
  await db
    .insert(deadlinePreferences)
    .values({ studentId, language })
    .onConflictDoUpdate({ target: deadlinePreferences.studentId, set: { language } });
}

/** The language a student's reminders and feed are written in: the one they last chose, else English. */
async function languagesOf(db: Database, studentIds: readonly number[]): Promise<Map<number, LanguageCode>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .select({ studentId: deadlinePreferences.studentId, language: deadlinePreferences.language })
    .from(deadlinePreferences)
    .where(inArray(deadlinePreferences.studentId, [...studentIds]));
  return new Map(rows.flatMap((r) => (isLanguageCode(r.language) ? [[r.studentId, r.language] as const] : [])));
}

/** A package item's or a kind's words in the language (the screens' Hindi), or the English as it is. */
const translator = (language: LanguageCode) => (english: string) =>
  language === "hi" ? (hindiWords[english] ?? english) : english;

/** The student turns the reminders on or off (`{ on: boolean }`). */
export async function setReminders(deps: DeadlineDeps, studentId: number, raw: unknown): Promise<ReminderSettings> {
  const { on } = parseInput(reminderChoiceSchema, raw);
  const now = nowOf(deps);
  await deps.db
    .insert(deadlinePreferences)
    .values({ studentId, remindersOn: on, changedAt: now })
    .onConflictDoUpdate({ target: deadlinePreferences.studentId, set: { remindersOn: on, changedAt: now } });
  const [row] = await deps.db
    .select({ language: deadlinePreferences.language })
    .from(deadlinePreferences)
    .where(eq(deadlinePreferences.studentId, studentId));
  return { remindersOn: on, changedAt: now, language: row?.language ?? null };
}

function reminderMail(
  deps: Pick<DeadlineDeps, "siteAddress">,
  language: LanguageCode,
  student: { email: string; fullName: string },
  application: { course: string; university: string; deadline: string },
  checked: CheckedFigure,
  daysLeft: number,
  missing: readonly string[],
) {
  const link = (path: string) => (deps.siteAddress ? mailLink(deps.siteAddress, path) : path);
  // In the student's language (decision 0086); the course's and university's names stay as they are.
  const words = language === "hi" ? deadlineWords.hi : deadlineWords.en;
  const t = translator(language);
  const left = words.left(daysLeft);
  const date = language === "hi" ? words.date(application.deadline) : dayLabel(application.deadline);
  return {
    to: student.email,
    subject: words.subject(left, application.course, application.university).replace(/[\r\n]+/g, " "),
    text: [
      words.greeting(student.fullName),
      "",
      words.deadlineIs(application.course, application.university, date, left),
      // Where the date was read and when, or "not checked" (decision 0105).
      words.deadlineChecked(checked),
      "",
      words.missingHeading,
      ...missing.map((item) => `- ${t(item)}`),
      "",
      `${words.upload} ${link("/profile/documents")}`,
      `${words.allDeadlines} ${link("/deadlines")}`,
      "",
      `${words.whyYouGetThis} ${link("/deadlines#reminders")}`,
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
  let queued = due.length ? await queueApplicationReminders(deps, due, today, now) : 0;
  queued += await queueOfferReminders(deps, today, indianDay(now.getTime() + largest * DAY_MS));
  if (queued) {
    deps.log.info({ queued }, "deadline reminders queued");
    await deliverWithoutQueue(deps);
  }
  return queued;
}

async function queueApplicationReminders(
  deps: DeadlineDeps,
  due: Awaited<ReturnType<typeof applicationsDueBetween>>,
  today: string,
  now: Date,
): Promise<number> {
  const studentIds = [...new Set(due.map((a) => a.studentId))];
  const [off, sent] = await Promise.all([
    deps.db
      .select({ studentId: deadlinePreferences.studentId })
      .from(deadlinePreferences)
      .where(and(inArray(deadlinePreferences.studentId, studentIds), eq(deadlinePreferences.remindersOn, false))),
    deps.db
      .select({
        applicationId: deadlineReminders.applicationId,
        thresholdDays: deadlineReminders.thresholdDays,
        deadline: deadlineReminders.deadline,
      })
      .from(deadlineReminders)
      .where(
        inArray(
          deadlineReminders.applicationId,
          due.map((a) => a.id),
        ),
      ),
  ]);
  const turnedOff = new Set(off.map((o) => o.studentId));
  const languages = await languagesOf(deps.db, studentIds);
  // A reminder counts as sent for the deadline it was about: one staff moved since is reminded of again.
  const already = new Set(sent.map((s) => `${s.applicationId}:${s.thresholdDays}:${s.deadline}`));
  const profileOf = profilesOf(deps);
  const reminding = due.flatMap((application) => {
    const daysLeft = daysBetween(today, application.deadline);
    const threshold = reminderThreshold(daysLeft);
    return threshold === null ||
      turnedOff.has(application.studentId) ||
      already.has(`${application.id}:${threshold}:${application.deadline}`)
      ? []
      : [{ application, daysLeft, threshold }];
  });
  // The checklists of every application reminded of, in one read whatever their number (decision 0087).
  const checklists = await checklistsOf(
    { db: deps.db },
    reminding.map((r) => r.application),
  );
  let queued = 0;
  for (const { application, daysLeft, threshold } of reminding) {
    // The mail asks for what waits on the student (as the list does): an upload waiting for the
    // counsellor's review is not asked for again, and with nothing theirs to do no reminder goes (decision 0059).
    const missing = studentsItems(checklists.get(application.id) ?? []);
    if (missing.length === 0) continue;
    const student = await profileOf(application.studentId);
    const language = languages.get(application.studentId) ?? DEFAULT_LANGUAGE;
    const claimed = await queueOnce(
      deps,
      application.studentId,
      (tx) =>
        tx
          .insert(deadlineReminders)
          .values({
            applicationId: application.id,
            thresholdDays: threshold,
            deadline: application.deadline,
            daysLeft,
            studentId: application.studentId,
            sentAt: now,
          })
          // The row of a threshold already sent for an earlier deadline is claimed again for the new one
          // (decision 0059): only the transaction that changes it queues the mail, as with a new row.
          .onConflictDoUpdate({
            target: [deadlineReminders.applicationId, deadlineReminders.thresholdDays],
            set: { deadline: application.deadline, daysLeft, sentAt: now },
            setWhere: ne(deadlineReminders.deadline, application.deadline),
          })
          .returning({ applicationId: deadlineReminders.applicationId }),
      reminderMail(
        deps,
        language,
        student,
        application,
        checkedFigure(application.deadlineSource, application.deadlineCheckedOn, now),
        daysLeft,
        missing,
      ),
    );
    if (claimed) queued += 1;
  }
  return queued;
}

function offerReminderMail(
  deps: Pick<DeadlineDeps, "siteAddress">,
  language: LanguageCode,
  student: { email: string; fullName: string },
  offer: OfferDeadlines,
  item: OfferDeadlines["items"][number],
  daysLeft: number,
) {
  const link = (path: string) => (deps.siteAddress ? mailLink(deps.siteAddress, path) : path);
  const words = language === "hi" ? deadlineWords.hi : deadlineWords.en;
  const what = language === "hi" ? item.title.hi : item.title.en;
  const left = words.left(daysLeft);
  const date = language === "hi" ? words.date(item.day) : dayLabel(item.day);
  return {
    to: student.email,
    subject: words
      .offerSubject(what.length > 120 ? `${what.slice(0, 119)}…` : what, left, offer.application.university)
      .replace(/[\r\n]+/g, " "),
    text: [
      words.greeting(student.fullName),
      "",
      words.offerDateIs(what, offer.application.course, offer.application.university, date, left),
      "",
      `${words.seeOffers} ${link("/user/offers")}`,
      `${words.allDeadlines} ${link("/deadlines")}`,
      "",
      `${words.offerWhy} ${link("/deadlines#reminders")}`,
      "",
      "Ignite - Your academic Journey",
    ].join("\n"),
  };
}

/** A student's profile read once per run of the reminders, however many of their items are due. */
function profilesOf(deps: DeadlineDeps) {
  const read = new Map<number, ReturnType<typeof getProfile>>();
  return (studentId: number) => {
    const known = read.get(studentId);
    if (known) return known;
    const profile = getProfile(deps.db, studentId);
    read.set(studentId, profile);
    return profile;
  };
}

/**
 * A reminder sent once: its claim (an insert that returns a row only the first time, kept across restarts and
 * instances) and its mail in one transaction, so a claim without its mail, or a mail twice, cannot happen.
 */
async function queueOnce(
  deps: DeadlineDeps,
  studentId: number,
  claim: (tx: Parameters<Parameters<Database["transaction"]>[0]>[0]) => Promise<unknown[]>,
  mail: Parameters<typeof queueMail>[2],
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    if ((await claim(tx)).length === 0) return false;
    await queueMail(tx, deps, mail, { studentId });
    return true;
  });
}

/**
 * The reminders before offers' dates (decision 0090), by the application reminders' rules: the threshold
 * the days left fall in, once each (claimed by a unique row in the transaction that queues the mail), not
 * to a student who turned reminders off, in the student's language. A date still asked of the student is
 * one not answered: the offers module leaves out a replied offer's reply date, a paid deposit, a met condition.
 */
async function queueOfferReminders(deps: DeadlineDeps, from: string, to: string): Promise<number> {
  if (!deps.offersBetween) return 0;
  const due = await deps.offersBetween(from, to);
  if (due.length === 0) return 0;
  const studentIds = [...new Set(due.map((o) => o.studentId))];
  const [off, sent, languages] = await Promise.all([
    deps.db
      .select({ studentId: deadlinePreferences.studentId })
      .from(deadlinePreferences)
      .where(and(inArray(deadlinePreferences.studentId, studentIds), eq(deadlinePreferences.remindersOn, false))),
    deps.db
      .select({
        itemUid: offerDateReminders.itemUid,
        day: offerDateReminders.day,
        thresholdDays: offerDateReminders.thresholdDays,
      })
      .from(offerDateReminders)
      .where(inArray(offerDateReminders.studentId, studentIds)),
    languagesOf(deps.db, studentIds),
  ]);
  const turnedOff = new Set(off.map((o) => o.studentId));
  const already = new Set(sent.map((s) => `${s.itemUid}:${s.day}:${s.thresholdDays}`));
  const now = nowOf(deps);
  const profileOf = profilesOf(deps);
  let queued = 0;
  for (const offer of due) {
    if (turnedOff.has(offer.studentId)) continue;
    for (const item of offer.items) {
      const daysLeft = daysBetween(from, item.day);
      const threshold = reminderThreshold(daysLeft);
      const uid = offerItem(offer, item, from).uid;
      if (threshold === null || already.has(`${uid}:${item.day}:${threshold}`)) continue;
      const student = await profileOf(offer.studentId);
      const language = languages.get(offer.studentId) ?? DEFAULT_LANGUAGE;
      const claimed = await queueOnce(
        deps,
        offer.studentId,
        (tx) =>
          tx
            .insert(offerDateReminders)
            .values({ itemUid: uid, day: item.day, thresholdDays: threshold, daysLeft, studentId: offer.studentId, sentAt: now })
            .onConflictDoNothing()
            .returning({ itemUid: offerDateReminders.itemUid }),
        offerReminderMail(deps, language, student, offer, item, daysLeft),
      );
      if (claimed) queued += 1;
    }
  }
  return queued;
}

// ---------------------------------------------------------------------------------------------------
// The calendar feed

/** Where a feed's token is read from: `/calendar/<token>.ics`. */
export const feedPath = (token: string) => `/calendar/${token}.ics`;
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

/**
 * The items as an iCalendar (RFC 5545) document, made by the `ics` library, its titles in the student's
 * language (decision 0086): `translate` gives the screens' words for a kind, a session or a package item.
 */
export function calendarOf(
  items: readonly DeadlineItem[],
  siteAddress: string | undefined,
  language: LanguageCode = DEFAULT_LANGUAGE,
  translate: (english: string) => string = (english) => english,
): string {
  const words = language === "hi" ? deadlineWords.hi : deadlineWords.en;
  const host = siteAddress ? new URL(siteAddress).hostname : "ignite.local";
  const events: EventAttributes[] = items.map((item) => {
    const url = item.href
      ? item.href.startsWith("/")
        ? siteAddress
          ? mailLink(siteAddress, item.href)
          : undefined
        : item.href
      : undefined;
    const missing = item.missing.map(translate).join(", ");
    const description = [
      item.detail,
      // Where an application's deadline was read and when (decision 0105).
      item.checked ? words.deadlineChecked(item.checked) : null,
      item.missing.length ? `${words.stillMissing}: ${missing}` : null,
      url ? url : null,
    ]
      .filter(Boolean)
      .join("\n");
    // A visa step's Hindi is its own; a session's kind is the screens' word; a course's name stays as it is.
    const title = language === "hi" && item.titleHi ? item.titleHi : item.kind === "session" ? translate(item.title) : item.title;
    const common = {
      uid: `${item.uid}@${host}`,
      title: `${translate(deadlineKinds[item.kind])}: ${title}`,
      ...(description ? { description } : {}),
      ...(url ? { url } : {}),
      productId: "ignite/deadlines",
      calName: words.feedName,
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
  const { error, value } = createEvents(events, { productId: "ignite/deadlines", calName: words.feedName, method: "PUBLISH" });
  if (error || !value) throw error ?? new Error("the calendar could not be written");
  return value;
}

/** The feed a token opens (its owner's items as a calendar), or null for a token that opens none. */
export async function feedCalendar(deps: DeadlineDeps, token: string): Promise<string | null> {
  const studentId = await feedOwner(deps.db, token);
  if (studentId === null) return null;
  const language = (await languagesOf(deps.db, [studentId])).get(studentId) ?? DEFAULT_LANGUAGE;
  return calendarOf(await studentDeadlines(deps, studentId), deps.siteAddress, language, translator(language));
}

// ---------------------------------------------------------------------------------------------------
// The console and the student's data

/** An application falling due with the package items it still misses. */
export type DueApplication = ApplicationRow & {
  missing: string[];
  /** India days from today by the services' clock to its deadline (0: due today), as the list's filter counts them. */
  daysLeft: number | null;
  /** Letters its recommenders have not submitted yet, each by recommender (decision 0077): flagged on Today. */
  lettersWaiting: { recommender: string; status: string }[];
};

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
  const letters = await letterDataOf.unsubmittedLetters(
    deps.db,
    rows.map((row) => row.id),
  );
  const now = nowOf(deps);
  const today = indianDay(now);
  return rows
    .map((row) => ({
      ...row,
      missing: missing.get(row.id) ?? [],
      daysLeft: row.deadline ? daysBetween(today, row.deadline) : null,
      lettersWaiting: letters
        .filter((l) => l.applicationId === row.id)
        .map((l) => ({ recommender: l.recommender, status: l.expiresAt <= now ? "expired" : l.status })),
    }))
    .filter((row) => row.missing.length > 0)
    .sort((a, b) => (a.deadline ?? "").localeCompare(b.deadline ?? "") || a.id - b.id);
}

/** What the student's data export holds of this module: never the feed's token, which is not kept. */
export async function deadlineDataForExport(db: Database, studentId: number) {
  const [feed, settings, reminders, offerReminders] = await Promise.all([
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
    db
      .select({
        item: offerDateReminders.itemUid,
        day: offerDateReminders.day,
        thresholdDays: offerDateReminders.thresholdDays,
        daysLeft: offerDateReminders.daysLeft,
        sentAt: offerDateReminders.sentAt,
      })
      .from(offerDateReminders)
      .where(eq(offerDateReminders.studentId, studentId)),
  ]);
  return {
    calendarFeed: feed ? { createdAt: feed.createdAt.toISOString() } : null,
    reminders: { on: settings.remindersOn, changedAt: settings.changedAt?.toISOString() ?? null, language: settings.language },
    remindersSent: reminders.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() })),
    offerRemindersSent: offerReminders.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() })),
  };
}

/** The student's side, bound to its dependencies: what the screens and the background work receive. */
export function createDeadlineService(deps: DeadlineDeps) {
  return {
    list: (studentId: number, known?: KnownApplications) => studentDeadlines(deps, studentId, known),
    reminderSettings: (studentId: number) => reminderSettings(deps.db, studentId),
    /** The language the student chose while signed in: their reminders and feed follow it (decision 0086). */
    rememberLanguage: (studentId: number, language: LanguageCode) => rememberLanguage(deps.db, studentId, language),
    /** The language the student's mail is written in (decision 0086): the one they last chose, else English. */
    languageOf: async (studentId: number) => (await languagesOf(deps.db, [studentId])).get(studentId) ?? DEFAULT_LANGUAGE,
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
