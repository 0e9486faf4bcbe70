import { and, eq, isNull, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createMailer } from "../../platform/mail/mailer.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { exportReady } from "../../tests/support/data-export.ts";
import { createBooking, createStudent } from "../../tests/support/factories.ts";
import { type CapturedMail, startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import type { StaffMember } from "../policies.ts";
import { students } from "../students/tables.ts";
import { istDayOf, istInstant } from "./availability.ts";
import {
  counsellingConsole,
  counsellingOutcomeCounts,
  counsellingSessionOf,
  counsellorsFreeAt,
  createCounsellingService,
} from "./counselling.ts";
import { counsellingSessions } from "./tables.ts";

/**
 * Sessions on a calendar (decision 0036) on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL)
 * and a real SMTP sink: availability in IST, the race for one slot, the rules of moving and cancelling,
 * the invitation's .ics read back by a calendar library, and reminders sent once by two instances.
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
const log = createLogger("silent");

/** The clock of these tests: the next Monday, 09:00 IST, at least two days away; moved by `at`. */
const firstMonday = (() => {
  let day = istDayOf(Date.now() + 2 * 86_400_000);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = istDayOf(Date.parse(`${day}T12:00:00Z`) + 86_400_000);
  return day;
})();
const dayAfter = (day: string, n: number) => istDayOf(istInstant(day, "12:00") + n * 86_400_000);
let clock = new Date(istInstant(firstMonday, "09:00"));
const now = () => clock;
const at = (day: string, time: string) => new Date(istInstant(day, time));

const service = (mailUrl = sink.url) =>
  createCounsellingService({
    db: database.db,
    mailer: createMailer({ smtpUrl: mailUrl, from: "Ignite <hello@ignite.test>", dataDir: "", log }),
    log,
    siteAddress: "http://localhost:3000",
    now,
  });
const consoleFor = () =>
  counsellingConsole({
    db: database.db,
    log,
    limiter: undefined as never,
    siteAddress: "http://localhost:3000",
    now,
    mailer: createMailer({ smtpUrl: sink.url, from: "x@ignite.test", dataDir: "", log }),
  });
const member = (who: "admin" | "asha" | "ravi"): StaffMember => ({
  staffId: team[who].staffId,
  email: team[who].email,
  fullName: team[who].fullName,
  role: team[who].role,
});

/** A student looked after by a counsellor. */
let made = 0;
async function studentOf(counsellor: "asha" | "ravi", name = "Meera Iyer") {
  made += 1;
  const student = await createStudent(api, { name, ip: `203.0.113.${made}` });
  await database.db
    .update(students)
    .set({ counsellorStaffId: team[counsellor].staffId })
    .where(eq(students.id, student.studentId));
  return student;
}

const hhmm = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(11, 16);

/** The text/calendar part of a captured mail, decoded. */
function calendarPart(mail: CapturedMail): string {
  const part = mail.raw.split(/\r?\n--/).find((p) => /Content-Type: text\/calendar/i.test(p));
  if (!part) throw new Error("no text/calendar part");
  const [head = "", ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join("\n\n").trim();
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head))
    return content
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return content;
}

function parsedEvent(mail: CapturedMail) {
  const calendar = new ICAL.Component(ICAL.parse(calendarPart(mail)));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
  return { calendar, event, vevent: calendar.getFirstSubcomponent("vevent") };
}

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, { SMTP_URL: sink.url });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "sessions.test");
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

describe("availability", () => {
  it("offers the default week's hours from 4 hours ahead, none at the weekend, for 14 days", async () => {
    const student = await studentOf("asha");
    const slots = await service().slotsForStudent(student.studentId, "consultation-call");
    expect(hhmm(slots[0] as Date)).toBe("13:00");
    expect(istDayOf(slots[0] as Date)).toBe(firstMonday);
    expect(slots.some((s) => [0, 6].includes(new Date(`${istDayOf(s)}T00:00:00Z`).getUTCDay()))).toBe(false);
    expect(istDayOf(slots.at(-1) as Date) < dayAfter(firstMonday, 14)).toBe(true);
    // 45-minute kinds end by 18:00: the last start of a day is 17:00.
    const long = await service().slotsForStudent(student.studentId, "mock-visa-interview");
    expect(
      long
        .filter((s) => istDayOf(s) === dayAfter(firstMonday, 1))
        .map(hhmm)
        .at(-1),
    ).toBe("17:00");
  });

  it("follows hours set in the console across the IST day boundary, and exceptions", async () => {
    const student = await studentOf("ravi");
    const ravi = member("ravi");
    const days = Array.from({ length: 7 }, (_, weekday) =>
      weekday === 2
        ? { works: "on", starts: "00:00", ends: "01:00" }
        : weekday === 3
          ? { works: "on", starts: "22:00", ends: "24:00" }
          : { works: "" },
    );
    await consoleFor().saveHours(ravi, { days });
    const slots = await service().slotsForStudent(student.studentId, "consultation-call");
    const tuesday = dayAfter(firstMonday, 1);
    // Tuesday 00:00 IST is Monday 18:30 UTC: the slot belongs to Tuesday in India.
    expect(slots[0]?.toISOString()).toBe(at(tuesday, "00:00").toISOString());
    expect(slots[0]?.toISOString().slice(0, 10)).toBe(firstMonday);
    expect(slots.filter((s) => istDayOf(s) === tuesday).map(hhmm)).toEqual(["00:00", "00:30"]);
    expect(slots.filter((s) => istDayOf(s) === dayAfter(firstMonday, 2)).map(hhmm)).toEqual(["22:00", "22:30", "23:00", "23:30"]);

    await consoleFor().addException(ravi, { day: tuesday, kind: "leave" });
    await consoleFor().addException(ravi, { day: dayAfter(firstMonday, 2), kind: "hours", starts: "23:00", ends: "24:00" });
    const after = await service().slotsForStudent(student.studentId, "consultation-call");
    expect(after.filter((s) => istDayOf(s) === tuesday)).toEqual([]);
    expect(after.filter((s) => istDayOf(s) === dayAfter(firstMonday, 2)).map(hhmm)).toEqual(["23:00", "23:30"]);
    // Back to the default week for the other tests.
    await consoleFor().saveHours(ravi, {
      days: Array.from({ length: 7 }, (_, d) =>
        d >= 1 && d <= 5 ? { works: "on", starts: "10:00", ends: "18:00" } : { works: "" },
      ),
    });
  });
});

describe("booking", () => {
  it("lets exactly one of 20 students racing for one slot have it; the others are told the next free times", async () => {
    const racers = [];
    for (let i = 0; i < 20; i++) racers.push(await studentOf("asha", `Racer ${String.fromCharCode(65 + i)}`));
    const slot = at(dayAfter(firstMonday, 3), "11:00");
    const results = await Promise.allSettled(
      racers.map((r) => service().book(r.studentId, { kind: "consultation-call", slot: slot.toISOString() })),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const loss of lost) {
      expect(loss.reason.status).toBe(409);
      expect(loss.reason.message).toMatch(/^That time has just been taken\. Free times nearby: .*11:30/);
    }
    const held = await database.db
      .select()
      .from(counsellingSessions)
      .where(and(eq(counsellingSessions.startsAt, slot), eq(counsellingSessions.staffId, team.asha.staffId)));
    expect(held).toHaveLength(1);
  });

  it("refuses a time in the past, outside the hours, too soon, of an unknown kind, and a student without a counsellor", async () => {
    const student = await studentOf("asha");
    const book = (slot: Date) => service().book(student.studentId, { kind: "document-review", slot: slot.toISOString() });
    await expect(book(at(firstMonday, "08:00"))).rejects.toMatchObject({ status: 400 });
    await expect(book(at(dayAfter(firstMonday, 1), "19:00"))).rejects.toMatchObject({ status: 400 });
    await expect(book(at(dayAfter(firstMonday, 5), "11:00"))).rejects.toMatchObject({ status: 400 });
    await expect(book(at(firstMonday, "12:00"))).rejects.toThrow(/less than 4 hours away/);
    await expect(
      service().book(student.studentId, { kind: "tea", slot: at(firstMonday, "14:00").toISOString() }),
    ).rejects.toMatchObject({
      status: 400,
    });
    const gone = await createStudent(api, { name: "Left Behind", ip: "198.51.100.7" });
    await expect(book(at(firstMonday, "14:00"))).resolves.toBeTruthy();
    await expect(
      service().book(gone.studentId, { kind: "document-review", slot: at(firstMonday, "15:00").toISOString() }),
    ).rejects.toThrow(/once a counsellor looks after you/);
  });

  it("refuses a time outside the product's days (year 9999 or 0000) with the field's message (decision 0048)", async () => {
    const student = await studentOf("asha", "Diya Menon");
    for (const slot of ["9999-12-31T04:30:00.000Z", "0000-01-01T04:30:00.000Z", "0000-12-31T04:30:00Z"]) {
      await expect(service().book(student.studentId, { kind: "consultation-call", slot }), slot).rejects.toMatchObject({
        status: 400,
        fields: { slot: "Choose a time from the list" },
      });
    }
    expect(await service().forStudent(student.studentId)).toEqual([]);
  });

  it("moves and cancels up to 4 hours before; never into a taken slot; the invitation keeps its UID with a growing SEQUENCE", async () => {
    const first = await studentOf("asha", "Kavya Nair");
    const second = await studentOf("asha", "Arjun Das");
    const thursday = dayAfter(firstMonday, 3);
    const sent = sink.messages.length;
    const booked = await service().book(first.studentId, {
      kind: "application-planning",
      slot: at(thursday, "14:00").toISOString(),
    });
    expect(booked.message).toMatch(/^Session booked for .* \(IST\)\. We have e-mailed you the invitation\.$/);
    await service().book(second.studentId, { kind: "consultation-call", slot: at(thursday, "16:00").toISOString() });

    // Into Arjun's time (14:00-14:45 overlapping would be fine; 15:30-16:15 meets 16:00): refused, with other times.
    await expect(
      service().move(first.studentId, booked.session.id, { slot: at(thursday, "15:30").toISOString() }),
    ).rejects.toThrow(/^That time has just been taken\. Free times nearby/);
    // Overlapping its own old time is no clash.
    const moved = await service().move(first.studentId, booked.session.id, { slot: at(thursday, "14:30").toISOString() });
    expect(hhmm(moved.session.startsAt)).toBe("14:30");
    expect(moved.session.sequence).toBe(1);
    // Someone else's session is not theirs to move.
    await expect(
      service().move(second.studentId, booked.session.id, { slot: at(thursday, "10:00").toISOString() }),
    ).rejects.toMatchObject({
      status: 404,
    });

    const mails = (await sink.waitFor(sent + 3)).slice(sent).filter((m) => m.to.includes(first.email));
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Invitation: Application planning with Ignite, .* 14:00 IST$/),
      expect.stringMatching(/^Moved: Application planning with Ignite, now .* 14:30 IST$/),
    ]);
    const invitation = parsedEvent(mails[0] as CapturedMail);
    const update = parsedEvent(mails[1] as CapturedMail);
    expect(invitation.calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(invitation.event.uid).toBe(update.event.uid);
    expect(invitation.event.sequence).toBe(0);
    expect(update.event.sequence).toBe(1);
    // The times are UTC instants: 14:00 IST is 08:30 UTC, whatever calendar reads it.
    expect(invitation.event.startDate.toJSDate().toISOString()).toBe(at(thursday, "14:00").toISOString());
    expect(invitation.event.endDate.toJSDate().toISOString()).toBe(at(thursday, "14:45").toISOString());
    expect(update.event.startDate.toJSDate().toISOString()).toBe(at(thursday, "14:30").toISOString());
    expect(String(invitation.vevent?.getFirstPropertyValue("organizer")).toLowerCase()).toBe(`mailto:${team.asha.email}`);
    expect(String(invitation.vevent?.getFirstPropertyValue("attendee")).toLowerCase()).toBe(`mailto:${first.email}`);

    // Three hours before, it can no longer be moved or cancelled.
    clock = new Date(at(thursday, "11:31").getTime());
    await expect(service().cancel(first.studentId, booked.session.id)).rejects.toThrow(/less than 4 hours before/);
    clock = new Date(istInstant(firstMonday, "09:00"));

    const cancelled = await service().cancel(first.studentId, booked.session.id);
    expect(cancelled.session.sequence).toBe(2);
    await expect(service().cancel(first.studentId, booked.session.id)).rejects.toThrow(/already cancelled/);
    const all = await sink.waitFor(sent + 4);
    const cancellation = all
      .slice(sent)
      .find((m) => m.to.includes(first.email) && m.subject.startsWith("Cancelled:")) as CapturedMail;
    const parsed = parsedEvent(cancellation);
    expect(parsed.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(parsed.vevent?.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(parsed.event.uid).toBe(invitation.event.uid);
    expect(parsed.event.sequence).toBe(2);
    // Its time is free again, and other modules read the session and its kind.
    const slots = await service().slotsForStudent(second.studentId, "application-planning");
    expect(slots.map((s) => s.toISOString())).toContain(at(thursday, "14:30").toISOString());
    expect(await counsellingSessionOf(database.db, booked.session.id)).toMatchObject({
      kind: "application-planning",
      cancelled: true,
    });

    // Their counsellor was told of each change, through the outbox, with a link to the student's record (decision 0051).
    const told = (await sink.waitFor(sent + 8))
      .slice(sent)
      .filter((m) => m.to.includes(team.asha.email) && m.text.includes("Kavya Nair"));
    expect(told.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Booked: Application planning with Kavya Nair, .* 14:00 IST$/),
      expect.stringMatching(/^Moved: Application planning with Kavya Nair, .* 14:30 IST$/),
      expect.stringMatching(/^Cancelled: Application planning with Kavya Nair, .* 14:30 IST$/),
    ]);
    expect(told[0]?.text).toMatch(/Kavya Nair booked Application planning with you for .* 14:00 IST \(45 minutes\)\./);
    expect(told[1]?.text).toMatch(/moved Application planning with you from .* 14:00 IST to .* 14:30 IST\./);
    expect(told[0]?.text).toContain(`Their record: http://localhost:3000/staff/students/${first.studentId}`);

    // On the day, Today lists the counsellor's sessions (a cancelled one marked), and no one else's.
    const arjuns = await service().book(second.studentId, {
      kind: "consultation-call",
      slot: at(thursday, "10:00").toISOString(),
    });
    clock = at(thursday, "07:00");
    const today = await consoleFor().today(member("asha"));
    const ours = (list: typeof today) => list.filter((t) => t.withName === "Arjun Das" || t.withName === "Kavya Nair");
    expect(ours(today).map((t) => [t.withName, hhmm(t.startsAt), t.cancelled])).toEqual([
      ["Arjun Das", "10:00", false],
      ["Kavya Nair", "14:30", true],
      ["Arjun Das", "16:00", false],
    ]);
    expect(today.every((t) => t.staffId === team.asha.staffId && istDayOf(t.startsAt) === thursday)).toBe(true);
    expect(ours(await consoleFor().today(member("ravi")))).toEqual([]);
    clock = new Date(istInstant(firstMonday, "09:00"));
    await service().cancel(second.studentId, arjuns.session.id);
  });

  it("refuses leave or changed hours over a booked session (the database holds both)", async () => {
    const student = await studentOf("asha", "Nisha Rao");
    const friday = dayAfter(firstMonday, 4);
    await service().book(student.studentId, { kind: "consultation-call", slot: at(friday, "10:00").toISOString() });
    await expect(consoleFor().addException(member("asha"), { day: friday, kind: "leave" })).rejects.toThrow(
      /You have a session booked/,
    );
    await expect(
      consoleFor().addException(member("asha"), { day: friday, kind: "hours", starts: "12:00", ends: "18:00" }),
    ).rejects.toThrow(/You have a session booked/);
    await expect(
      consoleFor().addException(member("asha"), { day: dayAfter(firstMonday, 7), kind: "leave" }),
    ).resolves.toBeUndefined();
    await expect(consoleFor().addException(member("asha"), { day: dayAfter(firstMonday, -3), kind: "leave" })).rejects.toThrow(
      /today or a later day/,
    );
    // A counsellor cannot change another's calendar; an admin can.
    await expect(
      consoleFor().addException(member("asha"), { day: friday, kind: "leave" }, team.ravi.staffId),
    ).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe("reminders", () => {
  it("sends each reminder once when two instances sweep together, and later when the mail server was down", async () => {
    const student = await studentOf("ravi", "Rohan Gupta");
    const wednesday = dayAfter(firstMonday, 9);
    const booked = await service().book(student.studentId, {
      kind: "mock-visa-interview",
      slot: at(wednesday, "11:00").toISOString(),
    });
    const reminders = () => sink.messages.filter((m) => m.to.includes(student.email) && m.subject.startsWith("Reminder:"));

    clock = new Date(at(wednesday, "11:00").getTime() - 23 * 3_600_000);
    const down = await service("smtp://127.0.0.1:9?tls=off").sweep();
    expect(down.failed).toBe(1);
    expect(reminders()).toHaveLength(0);

    const [a, b] = await Promise.all([service().sweep(), service().sweep()]);
    expect(a.sent + b.sent).toBe(1);
    await service().sweep();
    expect(reminders().map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Reminder: Live mock visa interview with Ignite tomorrow/),
    ]);

    clock = new Date(at(wednesday, "10:10").getTime());
    const [c, d] = await Promise.all([service().sweep(), service().sweep()]);
    expect(c.sent + d.sent).toBe(1);
    expect(reminders().map((m) => m.subject)).toEqual([
      expect.stringMatching(/tomorrow/),
      expect.stringMatching(/^Reminder: Live mock visa interview with Ignite in an hour/),
    ]);
    const [row] = await database.db.select().from(counsellingSessions).where(eq(counsellingSessions.id, booked.session.id));
    expect(row?.remindedDayAt).not.toBeNull();
    expect(row?.remindedHourAt).not.toBeNull();
    clock = new Date(istInstant(firstMonday, "09:00"));
  });
});

describe("the console", () => {
  it("shows a counsellor's week with the student's name, records the outcome on the timeline, and counts no-shows", async () => {
    const student = await studentOf("ravi", "Ishaan Bose");
    const tuesday = dayAfter(firstMonday, 8);
    const booked = await service().book(student.studentId, { kind: "document-review", slot: at(tuesday, "12:00").toISOString() });
    const week = await consoleFor().calendar(member("ravi"), { view: "week", day: tuesday });
    const listed = week.days.flatMap((d) => d.sessions).find((s) => s.id === booked.session.id);
    expect(listed).toMatchObject({
      withName: "Ishaan Bose",
      studentId: student.studentId,
      kindLabel: "Document review",
      recordable: false,
    });
    await expect(consoleFor().calendar(member("asha"), { staffId: team.ravi.staffId })).rejects.toMatchObject({ status: 403 });
    const everyone = await consoleFor().calendar(member("admin"), { view: "day", day: tuesday });
    expect(everyone.days[0]?.sessions.map((s) => s.id)).toContain(booked.session.id);

    await expect(
      consoleFor().recordOutcome(member("ravi"), booked.session.id, { outcome: "no_show", note: "Did not join" }),
    ).rejects.toThrow(/once the session has started/);
    clock = new Date(at(tuesday, "12:40").getTime());
    await expect(
      consoleFor().recordOutcome(member("asha"), booked.session.id, { outcome: "attended", note: "x" }),
    ).rejects.toMatchObject({
      status: 404,
    });
    const recorded = await consoleFor().recordOutcome(member("ravi"), booked.session.id, {
      outcome: "no_show",
      note: "Did not join the call",
    });
    expect(recorded.outcomeLabel).toBe("No-show");
    const record = await testApp.staff.students.get(member("ravi"), student.studentId);
    expect(record.timeline.map((t) => t.text)).toContainEqual(
      expect.stringMatching(/^Document review, .* IST \(No-show\): Did not join the call$/),
    );
    clock = new Date(istInstant(firstMonday, "09:00"));
    const held = await database.db
      .select()
      .from(counsellingSessions)
      .where(and(eq(counsellingSessions.id, booked.session.id), isNull(counsellingSessions.cancelledAt)));
    expect(held[0]?.outcome).toBe("no_show");
    // The reports count it (the dashboard's figures come from here).
    const counts = await counsellingOutcomeCounts(database.db, at(tuesday, "00:00"), at(tuesday, "23:59"), [team.ravi.staffId]);
    expect(counts).toMatchObject({ noShows: 1, attended: 0 });
  });
});

describe("the free consultation's call", () => {
  it("goes to a counsellor free then, round-robin; a third visitor for the same time is told the next free times", async () => {
    const real = new Date();
    const slots = await testApp.counselling.consultationSlots();
    let slot: Date | undefined;
    // The real clock gives the times; the last both counsellors have free, but not on the day the
    // student's data test below books Asha at fixed times (at some times of day that was this one).
    const bookedLater = dayAfter(firstMonday, 9);
    for (const s of [...slots].reverse()) {
      if (istDayOf(s) !== bookedLater && (await counsellorsFreeAt(database.db, s, real)).length === 2) {
        slot = s;
        break;
      }
    }
    if (!slot) throw new Error("no time when both counsellors are free");
    const book = (email: string, phoneNumber: string, ip: string) =>
      createBooking(api, { email, phoneNumber, slot: slot.toISOString() }, { ip });
    const first = await book("first.caller@example.in", "9000000011", "198.51.100.21");
    const second = await book("second.caller@example.in", "9000000012", "198.51.100.22");
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await book("third.caller@example.in", "9000000013", "198.51.100.23");
    expect(third.status).toBe(409);
    expect(third.body.message).toMatch(/^That time has just been taken\. Free times nearby: /);
    const calls = await database.db.select().from(counsellingSessions).where(eq(counsellingSessions.startsAt, slot));
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => c.staffId))).toEqual(new Set([team.asha.staffId, team.ravi.staffId]));
    expect(calls.every((c) => c.leadId !== null && c.kind === "consultation-call")).toBe(true);
    await testApp.consultations.settle();
    const invitation = sink.messages.find(
      (m) => m.to.includes("first.caller@example.in") && m.subject.startsWith("Invitation: Consultation call with Ignite"),
    );
    if (!invitation) throw new Error("no invitation to the first caller");
    // A visitor has no profile: the invitation says how to move or cancel it instead (decision 0051).
    expect(invitation.text).toContain("To move or cancel it, reply to this e-mail up to 4 hours before.");
    expect(invitation.text).not.toContain("profile");
    expect(parsedEvent(invitation).event.startDate.toJSDate().toISOString()).toBe(slot.toISOString());
    // Without a time the booking is as it always was: no call held.
    const plain = await createBooking(api, { email: "no.time@example.in", phoneNumber: "9000000014" }, { ip: "198.51.100.24" });
    expect(plain.status).toBe(200);
    expect(plain.body.message).toBe(first.body.message);
  });

  it("offers nothing with a counsellor who was disabled, and says so to their student", async () => {
    const student = await studentOf("ravi", "Dev Anand");
    await testApp.staff.team.setDisabled(member("admin"), team.ravi.staffId, true);
    expect(await service().slotsForStudent(student.studentId, "consultation-call")).toEqual([]);
    expect(await service().counsellorOf(student.studentId)).toMatchObject({ fullName: "Ravi Kumar", bookable: false });
    await expect(
      service().book(student.studentId, { kind: "consultation-call", slot: at(dayAfter(firstMonday, 1), "10:00").toISOString() }),
    ).rejects.toThrow(/no longer available/);
  });
});

describe("the student's data", () => {
  it("the download lists their sessions, cancelled and attended, without the counsellor's note; erasure removes them", async () => {
    const student = await studentOf("asha", "Nikhil Rao");
    const wednesday = dayAfter(firstMonday, 9);
    const dropped = await service().book(student.studentId, {
      kind: "document-review",
      slot: at(wednesday, "11:00").toISOString(),
    });
    await service().cancel(student.studentId, dropped.session.id);
    const held = await service().book(student.studentId, {
      kind: "consultation-call",
      slot: at(wednesday, "15:00").toISOString(),
    });
    clock = new Date(at(wednesday, "15:40").getTime());
    await consoleFor().recordOutcome(member("asha"), held.session.id, {
      outcome: "attended",
      note: "Went through the SOP line by line",
    });
    clock = new Date(istInstant(firstMonday, "09:00"));

    const mine = { cookie: student.cookie };
    expect((await api.post("/api/v1/students/me/data-export", undefined, mine)).status).toBe(202);
    const ready = await exportReady(api, student.cookie);
    const download = await api.fetch(ready.url, mine);
    const text = new TextDecoder().decode(unzipSync(new Uint8Array(await download.arrayBuffer()))["ignite-data.json"]);
    const data = JSON.parse(text);
    expect(data.counsellingSessions).toEqual([
      {
        kind: "Document review",
        startsAt: at(wednesday, "11:00").toISOString(),
        endsAt: at(wednesday, "11:30").toISOString(),
        counsellor: team.asha.fullName,
        bookedBy: "student",
        cancelledAt: expect.any(String),
        attended: null,
      },
      {
        kind: "Consultation call",
        startsAt: at(wednesday, "15:00").toISOString(),
        endsAt: at(wednesday, "15:30").toISOString(),
        counsellor: team.asha.fullName,
        bookedBy: "student",
        cancelledAt: null,
        attended: true,
      },
    ]);
    expect(text).not.toContain("Went through the SOP");

    expect((await api.post("/api/v1/students/me/erase", { password: student.password }, mine)).status).toBe(200);
    expect(
      await database.db.select().from(counsellingSessions).where(eq(counsellingSessions.studentId, student.studentId)),
    ).toEqual([]);
  });
});

describe("a meeting link the console took never stops an invitation (decision 0048)", () => {
  it("saves a link with capitals in the form the invitation carries, and the booking's mail reaches the student", async () => {
    const saved = consoleFor();
    await saved.saveMeetingLink(member("asha"), { meetingLink: "https://Meet.Google.com/abc-defg-hij" });
    expect((await saved.settings(member("asha"))).meetingLink).toBe("https://meet.google.com/abc-defg-hij");
    // A host the calendar library refuses even in lower case is refused at saving, with the field's message.
    await expect(saved.saveMeetingLink(member("asha"), { meetingLink: "https://meet_google.com/abc" })).rejects.toMatchObject({
      status: 400,
      fields: { meetingLink: "Enter a link starting with https://" },
    });

    const student = await studentOf("asha", "Priya Sharma");
    const sent = sink.messages.length;
    const booked = await service().book(student.studentId, {
      kind: "consultation-call",
      slot: at(dayAfter(firstMonday, 10), "11:00").toISOString(),
    });
    expect(booked.message).toMatch(/We have e-mailed you the invitation\.$/);
    const mail = (await sink.waitFor(sent + 1)).slice(sent).find((m) => m.to.includes(student.email)) as CapturedMail;
    expect(mail.subject).toMatch(/^Invitation: Consultation call with Ignite/);
    expect(parsedEvent(mail).vevent?.getFirstPropertyValue("url")).toBe("https://meet.google.com/abc-defg-hij");
  });

  it("sends the invitation of a link saved with capitals before the console checked it", async () => {
    await consoleFor().saveMeetingLink(member("asha"), { meetingLink: "" });
    await database.db.execute(
      sql`insert into staff_calendar_settings (staff_id, meeting_link) values (${team.asha.staffId}, 'https://Meet.Google.com/old-link-xyz')
          on conflict (staff_id) do update set meeting_link = excluded.meeting_link`,
    );
    const student = await studentOf("asha", "अनन्या वर्मा");
    const sent = sink.messages.length;
    const booked = await service().book(student.studentId, {
      kind: "consultation-call",
      slot: at(dayAfter(firstMonday, 10), "14:00").toISOString(),
    });
    expect(booked.message).toMatch(/We have e-mailed you the invitation\.$/);
    const mail = (await sink.waitFor(sent + 1)).slice(sent).find((m) => m.to.includes(student.email)) as CapturedMail;
    expect(parsedEvent(mail).vevent?.getFirstPropertyValue("url")).toBe("https://meet.google.com/old-link-xyz");
    const [row] = await database.db.select().from(counsellingSessions).where(eq(counsellingSessions.id, booked.session.id));
    expect(row?.mailedSequence).toBe(row?.sequence);
    await consoleFor().saveMeetingLink(member("asha"), { meetingLink: "" });
  });

  it("says so to the student, the counsellor and the console when the mail server refuses a session's mail", async () => {
    const student = await studentOf("asha", "Kabir Singh");
    const real = createMailer({ smtpUrl: sink.url, from: "Ignite <hello@ignite.test>", dataDir: "", log });
    // A mail server that refuses this student's mail only, as it refused a link it could not read.
    const refusing = createCounsellingService({
      db: database.db,
      log,
      now,
      siteAddress: "http://localhost:3000",
      mailer: {
        send: async (message) => {
          if (message.to === student.email) throw new Error("550 refused");
          await real.send(message);
        },
      },
    });
    const sent = sink.messages.length;
    const booked = await refusing.book(student.studentId, {
      kind: "consultation-call",
      slot: at(dayAfter(firstMonday, 11), "11:00").toISOString(),
    });
    expect(booked.message).toMatch(/We could not send you the invitation by e-mail; download it from the session below\.$/);
    const [mine] = (await refusing.forStudent(student.studentId)).filter((s) => s.id === booked.session.id);
    expect(mine?.invitationUnsent).toBe(true);
    const file = await refusing.invitationFile(student.studentId, booked.session.id);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(file?.content ?? "")).getFirstSubcomponent("vevent") ?? undefined);
    expect(event.startDate.toJSDate().toISOString()).toBe(booked.session.startsAt.toISOString());
    const other = await studentOf("asha", "Mallory Jones");
    expect(await refusing.invitationFile(other.studentId, booked.session.id)).toBeUndefined();

    const told = (await sink.waitFor(sent + 1)).slice(sent).find((m) => m.to.includes(team.asha.email));
    expect(told?.subject).toMatch(/^Not sent: Consultation call with Kabir Singh, /);
    const week = await consoleFor().calendar(member("asha"), { view: "week", day: dayAfter(firstMonday, 11) });
    const shown = week.days.flatMap((d) => d.sessions).find((s) => s.id === booked.session.id);
    expect(shown?.invitationUnsent).toBe(true);
    expect(await consoleFor().unsentInvitations(member("asha"))).toBe(1);
    expect(await consoleFor().unsentInvitations(member("ravi"))).toBe(0);
    expect(await consoleFor().unsentInvitations(member("admin"))).toBe(1);

    // Given up after its tries; saving the link gives them back, and the sweep sends it.
    await database.db.update(counsellingSessions).set({ mailAttempts: 10 }).where(eq(counsellingSessions.id, booked.session.id));
    expect((await service().sweep()).invitations).toBe(0);
    await consoleFor().saveMeetingLink(member("asha"), { meetingLink: "https://meet.google.com/new-link-abc" });
    expect((await service().sweep()).invitations).toBe(1);
    const received = sink.messages.filter((m) => m.to.includes(student.email));
    expect(received.map((m) => m.subject)).toEqual([expect.stringMatching(/^Invitation: Consultation call/)]);
    expect((await service().forStudent(student.studentId))[0]?.invitationUnsent).toBe(false);
    expect(await consoleFor().unsentInvitations(member("asha"))).toBe(0);
    await consoleFor().saveMeetingLink(member("asha"), { meetingLink: "" });
  });
});
