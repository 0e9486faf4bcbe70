import { Writable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffService } from "../../modules/console/console.ts";
import { consultations } from "../../modules/leads/tables.ts";
import { staff } from "../../modules/staff/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createMailer } from "../../platform/mail/mailer.ts";
import { createDatabaseRateLimiter } from "../../platform/rate-limit.ts";
import { ApiClient, cookiesNamed, nextClientAddress } from "../../tests/support/api-client.ts";
import { createBooking } from "../../tests/support/factories.ts";
import { withinOneWindow } from "../../tests/support/rate-window.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffMember, signInStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/** E-mailed staff invitations: one-time links that expire, resend, and sign-in only after accepting. */
const SITE = "http://portal.ignite.test";
const INVALID = "This invitation link has expired or was already used. Ask an admin for a new one.";
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let admin: string;
const logLines: string[] = [];
/** Every answer's text, to look for tokens in afterwards. */
const answers: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  const log = createLogger(
    "trace",
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
  testApp = createTestApp(database, { SMTP_URL: sink.url, PUBLIC_URL: SITE }, { log });
  api = new ApiClient(testApp.app, {
    onAnswer: async (response) => {
      answers.push(`${[...response.headers].join("\n")}\n${await response.clone().text()}`);
    },
  });
  await testApp.staff.team.ensureAdmin({ email: "admin@invites.test", password: "admin-Secret-invites" });
  admin = await signInStaff(api, "admin@invites.test", "admin-Secret-invites");
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

/** The link in the newest invitation mailed to `email`, and its token. */
async function invitationMailTo(email: string, count: number) {
  await sink.waitFor(count);
  const mail = sink.messages.filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = mail.text.match(/^(\S+\/staff\/invitation\?token=\S+)$/m)?.[1] ?? "";
  return { mail, link, token: new URL(link).searchParams.get("token") ?? "" };
}

const invite = (email: string, role = "counsellor", fullName = "Priya Nair", cookie = admin) =>
  api.post("/api/v1/staff/invitations", { email, fullName, role }, { cookie });
const accept = (token: unknown, password: string, confirmPassword = password, ip?: string) =>
  api.post("/api/v1/staff/invitations/accept", { token, password, confirmPassword }, { ip });
const actionsOn = async (staffId: number) =>
  (
    await database.db
      .select()
      .from(auditLog)
      // A lead may share the number: only entries about the staff account.
      .where(and(eq(auditLog.subjectType, "staff"), eq(auditLog.subjectId, String(staffId))))
      .orderBy(auditLog.id)
  ).map((e) => e.action);

describe("staff invitations", () => {
  it("an admin invites a counsellor, who cannot sign in until they set a password through the e-mailed link", async () => {
    const sent = sink.messages.length;
    const invited = await invite("Priya.Nair@invites.test");
    expect(invited.status, invited.text).toBe(200);
    expect(invited.body).toEqual({
      message: "Invitation e-mailed to priya.nair@invites.test.",
      data: expect.objectContaining({ email: "priya.nair@invites.test", role: "counsellor", invited: true, disabled: false }),
    });
    const id = invited.body.data.id;
    const { mail, link, token } = await invitationMailTo("priya.nair@invites.test", sent + 1);
    expect(mail.subject).toBe("Your Ignite staff account: set your password");
    expect(mail.text).toContain("Dear Priya Nair,");
    expect(mail.text).toContain("Administrator has given you a staff account on the Ignite console (Counsellor).");
    expect(link.startsWith(`${SITE}/staff/invitation?token=`)).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.subject).not.toContain(token);

    // Waiting: listed as invited, and no password signs the account in.
    const listed = await api.get("/api/v1/staff/members", { cookie: admin });
    expect(listed.body.data.find((m: { id: number }) => m.id === id)).toMatchObject({ invited: true });
    for (const password of ["", "anything-at-all-1", token]) {
      const refused = await api.post("/api/v1/staff/session", { email: "priya.nair@invites.test", password });
      expect(refused.status).not.toBe(200);
      expect(cookiesNamed(refused, "ignite_staff")).toEqual([]);
    }
    // Only the SHA-256 of the token is stored.
    const [row] = await database.db.select().from(staff).where(eq(staff.id, id));
    expect(row?.passwordHash).toBeNull();
    // Nor is a lead given to someone who cannot sign in yet (they are the only counsellor here).
    const waiting = await createBooking(api);
    const [unassigned] = await database.db.select().from(consultations).where(eq(consultations.id, waiting.body.data.id));
    expect(unassigned?.assignedStaffId).toBeNull();

    expect(await testApp.staff.team.invitation(token)).toEqual({
      email: "priya.nair@invites.test",
      fullName: "Priya Nair",
      role: "counsellor",
    });
    const mismatch = await accept(token, "priya-Secret-pass-1", "priya-Secret-pass-2");
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields.confirmPassword).toBe("Enter the same password twice");
    const short = await accept(token, "short-pw");
    expect(short.status).toBe(400);
    expect(short.body.error.fields.password).toBe("Use at least 12 characters");

    const accepted = await accept(token, "priya-Secret-pass-1");
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toEqual({ id, email: "priya.nair@invites.test", fullName: "Priya Nair", role: "counsellor" });
    const [session] = cookiesNamed(accepted, "ignite_staff");
    expect(session?.attributes.get("samesite")).toBe("Strict");
    expect((await api.get("/api/v1/staff/me", { cookie: session?.pair })).body.data.email).toBe("priya.nair@invites.test");
    await signInStaff(api, "priya.nair@invites.test", "priya-Secret-pass-1");
    const next = await createBooking(api);
    const [assigned] = await database.db.select().from(consultations).where(eq(consultations.id, next.body.data.id));
    expect(assigned?.assignedStaffId).toBe(id);

    // Used once: the link is dead now, with one clear message.
    const again = await accept(token, "another-Secret-pass-1");
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(INVALID);
    await expect(testApp.staff.team.invitation(token)).rejects.toThrow(INVALID);
    await signInStaff(api, "priya.nair@invites.test", "priya-Secret-pass-1");
    const after = await api.get("/api/v1/staff/members", { cookie: admin });
    expect(after.body.data.find((m: { id: number }) => m.id === id)).toMatchObject({ invited: false });
    expect(await actionsOn(id)).toEqual(["staff.invited", "staff.invitation_accepted", "staff.signed_in", "staff.signed_in"]);

    // A second invitation for the same e-mail is refused.
    expect((await invite("priya.nair@invites.test")).status).toBe(409);
  });

  it("a link expires after 72 hours (the clock comes in through the service's dependencies)", async () => {
    const sent = sink.messages.length;
    expect((await invite("late.joiner@invites.test", "admin", "Late Joiner")).status).toBe(200);
    const { token } = await invitationMailTo("late.joiner@invites.test", sent + 1);
    const at = (hours: number) =>
      createStaffService({
        db: database.db,
        limiter: createDatabaseRateLimiter(database.db),
        log: createLogger("silent"),
        siteAddress: SITE,
        mailer: createMailer({
          smtpUrl: sink.url,
          from: "Ignite <hello@ignite.test>",
          dataDir: "/nonexistent",
          log: createLogger("silent"),
        }),
        now: () => new Date(Date.now() + hours * 3_600_000),
      });
    await expect(at(72.1).team.invitation(token)).rejects.toThrow(INVALID);
    await expect(
      at(72.1).team.acceptInvitation(
        token,
        { password: "late-Secret-pass-1", confirmPassword: "late-Secret-pass-1" },
        nextClientAddress(),
      ),
    ).rejects.toThrow(INVALID);
    expect((await at(71.9).team.invitation(token)).fullName).toBe("Late Joiner");
    const session = await at(71.9).team.acceptInvitation(
      token,
      { password: "late-Secret-pass-1", confirmPassword: "late-Secret-pass-1" },
      nextClientAddress(),
    );
    expect(session.member.role).toBe("admin");
  });

  it("resending mails a new link and voids the old one, only while the invitation waits; admins only", async () => {
    const sent = sink.messages.length;
    const invited = await invite("ravi.k@invites.test", "read_only", "Ravi K");
    const id = invited.body.data.id;
    const first = await invitationMailTo("ravi.k@invites.test", sent + 1);
    const resent = await api.post(`/api/v1/staff/members/${id}/invitation`, undefined, { cookie: admin });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.message).toBe("A new invitation link was e-mailed to ravi.k@invites.test; the old one no longer works.");
    expect(resent.body.data).toMatchObject({ id, invited: true });
    const second = await invitationMailTo("ravi.k@invites.test", sent + 2);
    expect(second.token).not.toBe(first.token);
    expect((await accept(first.token, "ravi-Secret-pass-1")).body.message).toBe(INVALID);
    expect((await accept(second.token, "ravi-Secret-pass-1")).status).toBe(200);

    const done = await api.post(`/api/v1/staff/members/${id}/invitation`, undefined, { cookie: admin });
    expect(done.status).toBe(409);
    expect(done.body.message).toBe("This person has already set a password; there is nothing to resend.");
    expect((await api.post("/api/v1/staff/members/999999/invitation", undefined, { cookie: admin })).status).toBe(404);
    const counsellor = await createStaffMember(testApp, { email: "c.only@invites.test", role: "counsellor" });
    const cookie = await signInStaff(api, counsellor.email, counsellor.password);
    expect((await api.post(`/api/v1/staff/members/${id}/invitation`, undefined, { cookie })).status).toBe(403);
    expect((await invite("nope@invites.test", "counsellor", "Nope", cookie)).status).toBe(403);
    expect(await actionsOn(id)).toEqual(["staff.invited", "staff.invitation_resent", "staff.invitation_accepted"]);
  });

  it("answers unknown, malformed or missing tokens with the one message (404), never a 500", async () => {
    for (const token of ["", "x", "a".repeat(500), "../../etc/passwd", "abc def", 12345, null, undefined, { $ne: "" }]) {
      const answer = await accept(token, "some-Secret-pass-1");
      expect(answer.status, JSON.stringify(token)).toBe(404);
      expect(answer.body.message).toBe(INVALID);
    }
    const notJson = await api.call("/api/v1/staff/invitations/accept", { method: "POST", body: "token=x" });
    expect(notJson.status).toBe(400);
    const bad = await invite("not-an-email", "wizard", "");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["email", "fullName", "role"]);
  });

  it("limits accepting per client address", { timeout: 90_000 }, async () => {
    const ip = nextClientAddress();
    await withinOneWindow(900, 60);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await accept(`made-up-${i}`, "some-Secret-pass-1", undefined, ip)).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not held back.
    expect((await accept("made-up-again", "some-Secret-pass-1")).status).toBe(404);
  });

  it("when the mail server refuses, the admin is told and can resend later", async () => {
    const failing = createTestApp(
      database,
      { PUBLIC_URL: SITE },
      {
        mailer: {
          send: async () => {
            throw new Error("mail server down");
          },
        },
      },
    );
    const failingApi = new ApiClient(failing.app);
    const refused = await failingApi.post(
      "/api/v1/staff/invitations",
      { email: "unlucky@invites.test", fullName: "Un Lucky", role: "counsellor" },
      { cookie: admin },
    );
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(
      "The account is there, but the invitation e-mail could not be sent. Try Resend in a moment.",
    );
    const [row] = await database.db.select().from(staff).where(eq(staff.email, "unlucky@invites.test"));
    const sent = sink.messages.length;
    expect((await api.post(`/api/v1/staff/members/${row?.id}/invitation`, undefined, { cookie: admin })).status).toBe(200);
    const { token } = await invitationMailTo("unlucky@invites.test", sent + 1);
    expect((await accept(token, "unlucky-Secret-1")).status).toBe(200);
  });

  it("never puts a token or a password in an answer or a log line (the link's query string stays out of the request log)", async () => {
    const sent = sink.messages.length;
    await invite("log.reader@invites.test", "counsellor", "Log Reader");
    const { token } = await invitationMailTo("log.reader@invites.test", sent + 1);
    // The page's address as a browser would request it: logged without its query string.
    await api.get(`/staff/invitation?token=${token}`);
    expect((await accept(token, "log-reader-Secret-1")).status).toBe(200);
    const tokens = sink.messages.flatMap((m) => [...m.text.matchAll(/token=([A-Za-z0-9_-]+)/g)].map((t) => t[1] as string));
    expect(tokens.length).toBeGreaterThan(4);
    const logs = logLines.join("");
    expect(logs).toContain("/staff/invitation");
    expect(logs).toContain("/api/v1/staff/invitations/accept");
    const audit = JSON.stringify(await database.db.select().from(auditLog));
    for (const secret of [...tokens, "log-reader-Secret-1", "priya-Secret-pass-1"]) {
      expect(logs).not.toContain(secret);
      expect(audit).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
  });
});
