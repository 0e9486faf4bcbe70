import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestRuns } from "../../modules/staff/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createLead, createStudent, createTask as makeTask } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffMember, createStaffTeam, type StaffTeam, signInStaff, type TeamMember } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { indianDay } from "../../vocabulary/india-time.ts";

/** Tasks: who sees and changes which, the Today view's split, and the daily digest sent once a day. */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let ashaLead: number;
let raviLead: number;
let ashaStudent: { studentId: number; name: string };

const DAY = 86_400_000;
const today = () => indianDay(new Date());
const dayFrom = (days: number) => indianDay(new Date(Date.now() + days * DAY));
const env = { PUBLIC_URL: "http://portal.ignite.test" };

/**
 * The team's desk: Asha looks after the lead Anil and the student Sneha Pillai, Ravi after the lead
 * Rohit (booked, then given to them by the admin).
 */
async function deskOf(api: ApiClient, team: StaffTeam) {
  const by = team.as("admin");
  const anil = await createLead(api, { firstName: "Anil", lastName: "Lead" }, { assignTo: team.asha, by });
  const rohit = await createLead(api, { firstName: "Rohit", lastName: "Lead" }, { assignTo: team.ravi, by });
  const sneha = await createStudent(api, { name: "Sneha Pillai" });
  const given = await api.post(
    `/api/v1/staff/students/${sneha.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    by,
  );
  expect(given.status).toBe(200);
  return { ashaLead: anil.id, raviLead: rohit.id, ashaStudent: { studentId: sneha.studentId, name: sneha.name } };
}

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, { SMTP_URL: sink.url, ...env });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "tasks.test");
  ({ ashaLead, raviLead, ashaStudent } = await deskOf(api, team));
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

const createTask = (who: TeamMember, task: Record<string, unknown>) => api.post("/api/v1/staff/tasks", task, team.as(who));
const titlesFor = async (who: TeamMember, query = "") => {
  const answer = await api.get(`/api/v1/staff/tasks${query}`, team.as(who));
  expect(answer.status, answer.text).toBe(200);
  return (answer.body.data as { title: string }[]).map((t) => t.title).sort();
};

describe("tasks", () => {
  it("tells IST calendar days apart at IST midnight, not UTC's", () => {
    expect(indianDay(new Date("2026-03-10T18:29:59Z"))).toBe("2026-03-10");
    expect(indianDay(new Date("2026-03-10T18:30:00Z"))).toBe("2026-03-11");
  });

  it("a counsellor sees tasks assigned to them or created by them; admins and read-only staff see all; verifiers none", async () => {
    const made = [
      await createTask("asha", {
        title: "Call Anil about IELTS",
        dueOn: today(),
        assigneeStaffId: team.asha.staffId,
        leadId: ashaLead,
      }),
      await createTask("asha", {
        title: "Ravi: share the visa checklist",
        dueOn: dayFrom(1),
        assigneeStaffId: team.ravi.staffId,
      }),
      await createTask("admin", {
        title: "Check Sneha's transcripts",
        dueOn: dayFrom(-2),
        assigneeStaffId: String(team.asha.staffId),
        studentId: ashaStudent.studentId,
      }),
      await createTask("admin", {
        title: "Rohit follow-up",
        dueOn: dayFrom(-1),
        assigneeStaffId: team.ravi.staffId,
        leadId: raviLead,
      }),
    ];
    for (const answer of made) expect(answer.status, answer.text).toBe(200);
    expect(made[0]?.body).toMatchObject({
      message: "Task added: Call Anil about IELTS.",
      data: {
        title: "Call Anil about IELTS",
        dueOn: today(),
        assignee: "Asha Rao",
        createdBy: "Asha Rao",
        leadId: ashaLead,
        leadName: "Anil Lead",
        doneAt: null,
      },
    });
    expect(made[2]?.body.data).toMatchObject({ studentId: ashaStudent.studentId, studentName: "Sneha Pillai", leadId: null });

    expect(await titlesFor("asha")).toEqual([
      "Call Anil about IELTS",
      "Check Sneha's transcripts",
      "Ravi: share the visa checklist",
    ]);
    expect(await titlesFor("ravi")).toEqual(["Ravi: share the visa checklist", "Rohit follow-up"]);
    const all = ["Call Anil about IELTS", "Check Sneha's transcripts", "Ravi: share the visa checklist", "Rohit follow-up"];
    expect(await titlesFor("admin")).toEqual(all);
    expect(await titlesFor("viewer")).toEqual(all);
    expect((await api.get("/api/v1/staff/tasks", team.as("verifier"))).status).toBe(403);
    // Filters: only my own, overdue, one subject.
    expect(await titlesFor("asha", "?mine=true")).toEqual(["Call Anil about IELTS", "Check Sneha's transcripts"]);
    expect(await titlesFor("admin", "?due=overdue")).toEqual(["Check Sneha's transcripts", "Rohit follow-up"]);
    expect(await titlesFor("admin", `?leadId=${raviLead}`)).toEqual(["Rohit follow-up"]);
    expect(await titlesFor("admin", `?studentId=${ashaStudent.studentId}`)).toEqual(["Check Sneha's transcripts"]);
    expect((await api.get("/api/v1/staff/tasks?due=someday", team.as("admin"))).status).toBe(400);

    // Creating is for admins and counsellors, about what they may see, for an active admin or counsellor.
    expect((await createTask("viewer", { title: "x", dueOn: today(), assigneeStaffId: team.asha.staffId })).status).toBe(403);
    expect((await createTask("verifier", { title: "x", dueOn: today(), assigneeStaffId: team.asha.staffId })).status).toBe(403);
    const othersLead = await createTask("asha", {
      title: "x",
      dueOn: today(),
      assigneeStaffId: team.asha.staffId,
      leadId: raviLead,
    });
    expect(othersLead.status).toBe(404);
    expect(othersLead.body.message).toBe("No such student or lead.");
    const toVerifier = await createTask("admin", { title: "x", dueOn: today(), assigneeStaffId: team.verifier.staffId });
    expect(toVerifier.status).toBe(400);
    expect(toVerifier.body.error.fields.assigneeStaffId).toBe("Tasks go to an active admin or counsellor.");
    const bad = await createTask("admin", { title: " ", dueOn: "2026-02-30", assigneeStaffId: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      title: "Say what needs doing",
      dueOn: "Choose a due date",
      assigneeStaffId: "Choose who will do it",
    });
    const both = await createTask("admin", {
      title: "x",
      dueOn: today(),
      assigneeStaffId: team.asha.staffId,
      leadId: ashaLead,
      studentId: ashaStudent.studentId,
    });
    expect(both.body.error.fields.leadId).toBe("A task is about a student or a lead, not both.");
  });

  it("marking done: by admins and the counsellors who see the task, never read-only staff; audited on the student's record", async () => {
    const task = await createTask("admin", {
      title: "Send Sneha the offer letter",
      dueOn: today(),
      assigneeStaffId: team.asha.staffId,
      studentId: ashaStudent.studentId,
    });
    const id = task.body.data.id;
    expect((await api.post(`/api/v1/staff/tasks/${id}/done`, undefined, team.as("viewer"))).status).toBe(403);
    expect((await api.post(`/api/v1/staff/tasks/${id}/done`, undefined, team.as("ravi"))).status).toBe(404);
    expect((await api.post("/api/v1/staff/tasks/nope/done", undefined, team.as("asha"))).status).toBe(404);
    const done = await api.post(`/api/v1/staff/tasks/${id}/done`, undefined, team.as("asha"));
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("Done: Send Sneha the offer letter.");
    expect(done.body.data.doneAt).toEqual(expect.any(String));
    // Again: nothing changes, nothing more is audited.
    expect((await api.post(`/api/v1/staff/tasks/${id}/done`, undefined, team.as("asha"))).status).toBe(200);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "task"), eq(auditLog.subjectId, String(id))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.studentId, e.actorLabel])).toEqual([
      ["task.created", ashaStudent.studentId, "Administrator (admin)"],
      ["task.done", ashaStudent.studentId, "Asha Rao (counsellor)"],
    ]);
    expect(await titlesFor("asha", "?status=done")).toEqual(["Send Sneha the offer letter"]);
    expect(await titlesFor("asha")).not.toContain("Send Sneha the offer letter");
  });

  it("Today holds a member's own open tasks, overdue and due today (IST), not later ones nor others'", async () => {
    // A counsellor of this test's own, with a lead and a student, so that her tasks are exactly these.
    const tara = await createStaffMember(testApp, { email: "tara@tasks.test", role: "counsellor", fullName: "Tara Singh" });
    const taraDesk = { ...tara, cookie: await signInStaff(api, tara.email, tara.password) };
    const by = team.as("admin");
    const vikram = await createLead(api, { firstName: "Vikram", lastName: "Lead" }, { assignTo: tara, by });
    const priya = await createStudent(api, { name: "Priya Das" });
    await api.post(`/api/v1/staff/students/${priya.studentId}/counsellor`, { counsellorStaffId: tara.staffId }, by);
    await makeTask(api, taraDesk, { title: "Call Vikram about IELTS", dueOn: today(), leadId: vikram.id });
    await makeTask(api, by, {
      title: "Check Priya's transcripts",
      dueOn: dayFrom(-2),
      assigneeStaffId: tara.staffId,
      studentId: priya.studentId,
    });
    await makeTask(api, taraDesk, { title: "Book Priya's visa slot", dueOn: dayFrom(1), studentId: priya.studentId });
    await makeTask(api, taraDesk, {
      title: "Ravi: share the visa checklist",
      dueOn: today(),
      assigneeStaffId: team.ravi.staffId,
    });
    await makeTask(api, by, {
      title: "Rohit follow-up",
      dueOn: dayFrom(-1),
      assigneeStaffId: team.ravi.staffId,
      leadId: raviLead,
    });

    const view = await testApp.staff.tasks.today({
      staffId: tara.staffId,
      email: tara.email,
      fullName: tara.fullName,
      role: "counsellor",
    });
    expect(view.today).toBe(today());
    expect(view.overdue.map((t) => t.title)).toEqual(["Check Priya's transcripts"]);
    expect(view.dueToday.map((t) => t.title)).toEqual(["Call Vikram about IELTS"]);
    expect(view.dueToday[0]).toMatchObject({ leadId: vikram.id, leadName: "Vikram Lead" });
    // The coming week (decision 0042): tomorrow to seven days on, by IST day, not the eighth day.
    await makeTask(api, taraDesk, { title: "Seventh day: chase the LOR", dueOn: dayFrom(7), studentId: priya.studentId });
    await makeTask(api, taraDesk, { title: "Eighth day: too far", dueOn: dayFrom(8), studentId: priya.studentId });
    const week = await testApp.staff.tasks.today({
      staffId: tara.staffId,
      email: tara.email,
      fullName: tara.fullName,
      role: "counsellor",
    });
    expect(week.coming.map((t) => [t.dueOn, t.title])).toEqual([
      [dayFrom(1), "Book Priya's visa slot"],
      [dayFrom(7), "Seventh day: chase the LOR"],
    ]);
  });

  it("Today's week holds the first responses falling due in the next seven days that are not yet overdue", async () => {
    const lead = await createLead(api, { firstName: "Week", lastName: "Lead" }, { assignTo: team.asha, by: team.as("admin") });
    const due = await testApp.staff.leads.firstResponsesThisWeek(team.asha);
    const mine = due.find((l) => l.id === lead.id);
    expect(mine?.dueOn).toBe(indianDay(mine?.firstResponseDue ?? new Date(0)));
    expect(mine?.firstResponse).toBe("pending");
    // Ravi does not see Asha's lead; once it is contacted it is due no more.
    expect((await testApp.staff.leads.firstResponsesThisWeek(team.ravi)).map((l) => l.id)).not.toContain(lead.id);
    await testApp.staff.leads.changeStatus(team.asha, lead.id, { status: "Contacted" });
    expect((await testApp.staff.leads.firstResponsesThisWeek(team.asha)).map((l) => l.id)).not.toContain(lead.id);
  });
});

describe("the daily digest", () => {
  it("mails each admin or counsellor with tasks due or overdue one summary per IST day, however many instances run it", async () => {
    // The digest goes to everyone with open tasks: this test has a database of its own, so they are exactly these.
    const database = await openTestDatabase();
    const sink = await startSmtpSink();
    const testApp = createTestApp(database, { SMTP_URL: sink.url, ...env });
    try {
      const api = new ApiClient(testApp.app);
      const team = await createStaffTeam(testApp, api, "tasks.test");
      const { ashaStudent } = await deskOf(api, team);
      // Asha and Ravi each have a task open.
      await makeTask(api, team.asha, { title: "Call Anil about IELTS", dueOn: today() });
      await makeTask(api, team.admin, { title: "Rohit follow-up", dueOn: dayFrom(-1), assigneeStaffId: team.ravi.staffId });
      /** The digests among the mails since `from` (booking notices go to the same sink), once `count` have come. */
      const digestsSince = async (from: number, count: number) => {
        const digests = () => sink.messages.slice(from).filter((m) => m.subject.startsWith("Your Ignite tasks"));
        const until = Date.now() + 5000;
        while (digests().length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        return digests();
      };
      const meena = await createStaffMember(testApp, { email: "meena@tasks.test", role: "counsellor", fullName: "Meena Iyer" });
      const cookie = await signInStaff(api, meena.email, meena.password);
      // The digest's day is fixed: 5 June 2031, 09:00 IST.
      const now = new Date("2031-06-05T03:30:00Z");
      for (const task of [
        { title: "Renew Sneha's passport copy", dueOn: "2031-06-01", studentId: ashaStudent.studentId },
        { title: "Weekly pipeline review", dueOn: "2031-06-05" },
        { title: "Plan the fair", dueOn: "2031-06-06" },
        { title: "Already done", dueOn: "2031-06-05" },
      ]) {
        const made = await api.post("/api/v1/staff/tasks", { ...task, assigneeStaffId: meena.staffId }, team.as("admin"));
        expect(made.status, made.text).toBe(200);
        if (task.title === "Already done") await api.post(`/api/v1/staff/tasks/${made.body.data.id}/done`, undefined, { cookie });
      }
      const before = sink.messages.length;
      // Two instances at once, then a third later the same day: each person's digest goes once.
      const runs = await Promise.all([testApp.staff.team.sendDailyDigests(now), testApp.staff.team.sendDailyDigests(now)]);
      const later = await testApp.staff.team.sendDailyDigests(new Date("2031-06-05T15:00:00Z"));
      expect(later.sent).toBe(0);
      const sent = (runs[0]?.sent ?? 0) + (runs[1]?.sent ?? 0);
      // Asha, Ravi and Meena have open tasks by then; the admin has none, read-only staff and verifiers get none.
      expect(sent).toBe(3);
      const mails = await digestsSince(before, 3);
      expect(mails.map((m) => m.to[0]).sort()).toEqual(["asha@tasks.test", "meena@tasks.test", "ravi@tasks.test"]);
      const mine = mails.find((m) => m.to.includes("meena@tasks.test"));
      expect(mine?.subject).toBe("Your Ignite tasks for 5 Jun 2031: 1 overdue, 1 due today");
      const text = mine?.text.replace(/\r\n/g, "\n");
      expect(text).toContain("Dear Meena Iyer,");
      expect(text).toContain("Overdue (1):\n- Renew Sneha's passport copy (student: Sneha Pillai), due 1 Jun 2031");
      expect(text).toContain("Due today (1):\n- Weekly pipeline review");
      expect(text).toContain("http://portal.ignite.test/staff/today");
      expect(text).not.toContain("Plan the fair");
      expect(text).not.toContain("Already done");
      // A counsellor's leads still New long past their first-response time are in their digest too.
      const ashas = mails.find((m) => m.to.includes("asha@tasks.test"));
      expect(ashas?.subject).toMatch(/, \d+ first responses? overdue$/);
      expect(ashas?.text).toMatch(/First response overdue \(\d+\):\r?\n- Anil Lead \(/);
      expect(text).not.toContain("First response overdue");
      const claimed = await database.db.select().from(digestRuns).where(eq(digestRuns.day, "2031-06-05"));
      expect(claimed).toHaveLength(3);

      // The next IST day (00:10 IST on 6 June) is a new digest.
      const next = await testApp.staff.team.sendDailyDigests(new Date("2031-06-05T18:40:00Z"));
      expect(next.sent).toBe(3);
      const tomorrow = (await digestsSince(before, 6)).slice(3).find((m) => m.to.includes("meena@tasks.test"));
      expect(tomorrow?.subject).toBe("Your Ignite tasks for 6 Jun 2031: 2 overdue, 1 due today");
    } finally {
      await testApp.consultations.settle();
      await sink.close();
      await database.close();
    }
    // It opens a database of its own and signs a team in: longer than the file's usual 20 s on a busy machine.
  }, 60_000);
});
