import { Hono } from "hono";
import { z } from "zod";
import { type DeadlineItem, type DeadlineService, feedPath } from "../../modules/deadlines/deadlines.ts";
import { reminderChoiceSchema } from "../../modules/deadlines/input.ts";
import { deadlineKinds, deadlineMessages } from "../../vocabulary/deadlines.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import { answer, body, component, dataOf, describe, failures, messageAnswer, ref } from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";

const at = z.iso.datetime();

/** One dated thing, as the Deadlines answer lists it. */
const deadlineItemSchema = z.object({
  uid: z.string().meta({ description: "Stable across reads; the calendar feed's UID before its @host" }),
  kind: z.enum(Object.keys(deadlineKinds) as [keyof typeof deadlineKinds, ...(keyof typeof deadlineKinds)[]]),
  day: z.iso.date().meta({ description: "The India calendar day it falls on" }),
  daysLeft: z.int().meta({ description: "Whole India days from today" }),
  startsAt: at.nullable().meta({ description: "A session's start; null for a whole-day deadline" }),
  endsAt: at.nullable(),
  title: z.string().meta({ description: "In English (a course's or scholarship's own name as it is)" }),
  titleHi: z.string().nullable().meta({ description: "The title in Hindi, when its source holds it (a visa plan's step)" }),
  detail: z.string().nullable(),
  href: z.string().nullable().meta({ description: "Where the student acts on it: a page of the site, or an official page" }),
  missing: z.array(z.string()).meta({ description: "The package's items still missing (an application's)" }),
  checked: z
    .object({
      source: z.string().nullable().meta({ description: "Where the deadline was read: a URL or “University website”" }),
      checkedOn: z.iso.date().nullable().meta({ description: "The day it was checked; null: not checked" }),
      ageDays: z.int().nullable().meta({ description: "India days since it was checked (0: today); null without a day" }),
    })
    .nullable()
    .meta({
      description:
        "An application's or a scholarship's deadline: where and when it was read (decision 0105); null for the other kinds",
    }),
});
component(
  "Deadlines",
  z.object({
    items: z.array(deadlineItemSchema).meta({ description: "Every dated thing ahead, soonest first (decision 0059)" }),
    remindersOn: z.boolean(),
    feedMadeAt: at.nullable().meta({ description: "When the calendar address was made or last renewed; null without one" }),
  }),
);
component(
  "CalendarFeed",
  z.object({
    address: z.string().meta({ description: "The private .ics address: given this once, only its token's hash is kept" }),
    path: z.string().meta({ description: "The same address's path on this site, /calendar/{token}.ics" }),
  }),
);

const presentItem = (item: DeadlineItem): z.infer<typeof deadlineItemSchema> => ({
  uid: item.uid,
  kind: item.kind,
  day: item.day,
  daysLeft: item.daysLeft,
  startsAt: item.startsAt?.toISOString() ?? null,
  endsAt: item.endsAt?.toISOString() ?? null,
  title: item.title,
  titleHi: item.titleHi,
  detail: item.detail,
  href: item.href,
  missing: item.missing,
  checked: item.checked,
});

/** The student's deadlines, reminders and calendar address under /api/v1/students/me (decision 0059). */
export function deadlinesApi(deadlines: DeadlineService) {
  const api = new Hono<ServerEnv>();

  api.get(
    "/students/me/deadlines",
    describe({
      operationId: "getMyDeadlines",
      summary:
        "Every dated thing ahead of the student, soonest first (application deadlines with what each package misses, matching scholarships, visa-plan dates, sessions), the reminders' choice and the calendar address's date",
      student: true,
      responses: { 200: answer("The deadlines", dataOf(ref("Deadlines"))) },
    }),
    requireStudent,
    async (c) => {
      const studentId = c.var.student.studentId;
      const [items, reminders, feed] = await Promise.all([
        deadlines.list(studentId),
        deadlines.reminderSettings(studentId),
        deadlines.feedStatus(studentId),
      ]);
      return c.json({
        data: {
          items: items.map(presentItem),
          remindersOn: reminders.remindersOn,
          feedMadeAt: feed?.createdAt.toISOString() ?? null,
        },
      });
    },
  );
  api.put(
    "/students/me/deadline-reminders",
    describe({
      operationId: "setMyDeadlineReminders",
      summary: "Turn the e-mails 30, 14, 7 and 2 days before an application deadline on or off",
      student: true,
      requestBody: body(reminderChoiceSchema),
      responses: { 200: messageAnswer("Saved"), ...failures(400) },
    }),
    requireStudent,
    async (c) => {
      const settings = await deadlines.setReminders(c.var.student.studentId, await readJson(c));
      return c.json({ message: settings.remindersOn ? deadlineMessages.remindersOn : deadlineMessages.remindersOff });
    },
  );
  api.post(
    "/students/me/calendar-feed",
    describe({
      operationId: "renewMyCalendarFeed",
      summary: "Make the student's private calendar address, or renew it: the old address stops answering at once",
      student: true,
      responses: { 200: messageAnswer("Made or renewed", ref("CalendarFeed")) },
    }),
    requireStudent,
    async (c) => {
      const { token, renewed, address } = await deadlines.renewFeed(c.var.student.studentId);
      return c.json({
        message: renewed ? deadlineMessages.feedRenewed : deadlineMessages.feedCreated,
        data: { address, path: feedPath(token) },
      });
    },
  );
  api.delete(
    "/students/me/calendar-feed",
    describe({
      operationId: "endMyCalendarFeed",
      summary: "Stop the student's calendar address",
      student: true,
      responses: { 200: messageAnswer("Stopped") },
    }),
    requireStudent,
    async (c) => {
      await deadlines.endFeed(c.var.student.studentId);
      return c.json({ message: deadlineMessages.feedEnded });
    },
  );
  return api;
}
