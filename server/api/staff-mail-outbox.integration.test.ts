import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxJob } from "../../modules/outbox.ts";
import { auditLog, mailOutbox } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { createLogger } from "../../platform/log.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createStudent, type Student } from "../../tests/support/factories.ts";
import { startTestJobQueue } from "../../tests/support/job-queue.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffMember, signInStaff, type TestStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Decision 0034: a staff e-mail was sent, then its audit insert failed: the student got mail the
 * log does not show, and a retry sent it twice. Now the mail and its audit entry are one transaction
 * (an outbox row beside the audit row) and the job queue sends the mail once.
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let admin: string;
let adminMember: TestStaff;
let student: Student;

const mail = (subject: string) => ({
  template: "Consultation follow-up",
  subject,
  body: "Dear student, a word from your counsellor.",
});
const mailsWith = (subject: string) => sink.messages.filter((m) => m.subject === subject);
const emailed = async (subject: string) =>
  (await database.db.select().from(auditLog).where(eq(auditLog.action, "student.emailed"))).filter(
    (e) => (e.after as { subject?: string }).subject === subject,
  );
const outboxRows = async () => database.db.select().from(mailOutbox);

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, { SMTP_URL: sink.url });
  api = new ApiClient(testApp.app);
  const member = await createStaffMember(testApp, { email: "admin@outbox.test", role: "admin" });
  adminMember = member;
  admin = await signInStaff(api, member.email, member.password);
  student = await createStudent(api, { name: "Outbox Student" });
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

describe("a staff member's mail to a student and its audit entry are one unit", () => {
  it("a failing audit insert sends no mail; the retry sends it once, audited once", async () => {
    // The database refuses this audit entry, as it refused one with a NUL in its subject.
    await database.db.execute(sql`create function refuse_email_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'student.emailed' then raise exception 'audit insert refused for the test'; end if;
        return new;
      end $$`);
    await database.db.execute(
      sql`create trigger refuse_email_audit before insert on audit_log for each row execute function refuse_email_audit()`,
    );
    const subject = "Your documents, checked";
    const failed = await api.post(`/api/v1/staff/students/${student.studentId}/emails`, mail(subject), { cookie: admin });
    expect(failed.status).toBe(500);
    await testApp.consultations.settle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsWith(subject)).toEqual([]);
    expect(await outboxRows()).toEqual([]);
    expect(await emailed(subject)).toEqual([]);

    await database.db.execute(sql`drop trigger refuse_email_audit on audit_log`);
    await database.db.execute(sql`drop function refuse_email_audit()`);
    const retried = await api.post(`/api/v1/staff/students/${student.studentId}/emails`, mail(subject), { cookie: admin });
    expect(retried.status).toBe(200);
    await sink.waitFor(1);
    expect(mailsWith(subject)).toHaveLength(1);
    expect(await emailed(subject)).toHaveLength(1);
    // Sent: nothing is left to send, and a sweep sends nothing more.
    expect(await outboxRows()).toEqual([]);
    expect(await testApp.staff.outbox.deliverPending()).toBe(0);
    expect(mailsWith(subject)).toHaveLength(1);
  });

  it("with the mail server away the action stands, audited; the mail waits and goes once when it is back", async () => {
    const port = sink.port;
    await sink.close();
    const subject = "While the mail server was away";
    try {
      const answer = await api.post(`/api/v1/staff/students/${student.studentId}/emails`, mail(subject), { cookie: admin });
      expect(answer.status).toBe(200);
      expect(await emailed(subject)).toHaveLength(1);
      expect((await outboxRows()).map((row) => [row.recipient, row.subject, row.sendingSince])).toEqual([
        [student.email, subject, null],
      ]);
      // Refused once: the console's home tells admins it waits (decision 0048), and no one else.
      expect(await testApp.staff.outbox.deliverPending()).toBe(0);
      expect(await testApp.staff.outbox.notSent(adminMember)).toEqual({ count: 1, oldest: expect.any(Date) });
      expect(await testApp.staff.outbox.notSent({ ...adminMember, role: "counsellor" })).toBeNull();
    } finally {
      sink = await startSmtpSink(port);
    }
    expect(await testApp.staff.outbox.deliverPending()).toBe(1);
    expect(await testApp.staff.outbox.deliverPending()).toBe(0);
    expect(await testApp.staff.outbox.notSent(adminMember)).toEqual({ count: 0, oldest: null });
    expect(mailsWith(subject)).toHaveLength(1);
    expect(await outboxRows()).toEqual([]);
  });
});

describe("erasure", () => {
  it("a student's erasure takes the mail still waiting for them", async () => {
    const leaving = await createStudent(api, { name: "Leaving Student" });
    const port = sink.port;
    await sink.close();
    try {
      const subject = "Never to be sent";
      expect(
        (await api.post(`/api/v1/staff/students/${leaving.studentId}/emails`, mail(subject), { cookie: admin })).status,
      ).toBe(200);
      expect((await outboxRows()).map((row) => row.recipient)).toEqual([leaving.email]);
      const erased = await api.post(
        `/api/v1/staff/students/${leaving.studentId}/erase`,
        { reason: "Asked by e-mail", confirmEmail: leaving.email },
        { cookie: admin },
      );
      expect(erased.status).toBe(200);
      expect(await outboxRows()).toEqual([]);
    } finally {
      sink = await startSmtpSink(port);
    }
  });
});

describe("on the job queue", () => {
  let queue: JobQueue;
  let queued: TestApp;
  afterAll(async () => queue?.stop());

  it("the job sends the mail after the commit, and a job run again sends nothing more", async () => {
    queue = await startTestJobQueue(database, createLogger("silent"));
    queued = createTestApp(database, { SMTP_URL: sink.url }, { jobs: queue });
    const ids: number[] = [];
    await queue.work(outboxJob, async ({ id }: { id: number }) => {
      ids.push(id);
      await queued.staff.outbox.deliver(id);
    });
    const queuedApi = new ApiClient(queued.app);
    const subject = "Sent by the job queue";
    const answer = await queuedApi.post(`/api/v1/staff/students/${student.studentId}/emails`, mail(subject), {
      cookie: admin,
    });
    expect(answer.status).toBe(200);
    await expect.poll(() => mailsWith(subject).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await outboxRows()).length, { timeout: 5_000 }).toBe(0);
    // The job is run again (a retry after a crash): the mail is gone from the outbox, nothing is sent.
    const [job] = ids;
    expect(job).toBeDefined();
    expect(await queued.staff.outbox.deliver(job ?? 0)).toBe("gone");
    expect(mailsWith(subject)).toHaveLength(1);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "student.emailed"), eq(auditLog.studentId, student.studentId)));
    expect(audit.filter((e) => (e.after as { subject?: string }).subject === subject)).toHaveLength(1);
  }, 30_000);
});
