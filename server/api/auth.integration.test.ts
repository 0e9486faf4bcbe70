import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createIdentityService, type IdentityService } from "../../modules/identity/identity.ts";
import { oneTimeCodes, sessions } from "../../modules/identity/tables.ts";
import { students } from "../../modules/students/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createDatabaseRateLimiter } from "../../platform/rate-limit.ts";
import {
  type Answer,
  ApiClient,
  type Cookie,
  cookiesNamed,
  parseCookie,
  withoutRequestId,
} from "../../tests/support/api-client.ts";
import { createStudent, type Student, uniqueEmail } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let api: ApiClient;
/** The identity service of the app `api` calls, for what the screens read in-process (the devices list). */
let identityOfApi: IdentityService;

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  const testApp = createTestApp(database, { SMTP_URL: sink.url });
  identityOfApi = testApp.identity;
  api = new ApiClient(testApp.app, {
    onRequest: rememberPasswords,
    onAnswer: async (response) => expectNoSecrets(await response.clone().text()),
  });
});
afterEach(() => {
  sink.messages.length = 0;
});
afterAll(async () => {
  await sink.close();
  await database.close();
});

const messages = {
  fillTheForm: "Fill the form",
  pleaseFillTheForm: "Please Fill the form",
  passwordsDoNotMatch: "Passwords doesn't match",
  resetPasswordsDoNotMatch: "Passwords didn't match",
  enterEmail: "Please enter e-mail id",
  noAccount: "You do not have an account",
  wrongCode: "Wrong OTP. Please re-check the OTP",
  passwordUpdated: "Password has been updated",
  loginRequired: "Please login or sign-up before continuing",
  loggedOut: "You have been logged out!",
  invalidCredentials: "Invalid email or password",
  accountExists: "An account with this e-mail already exists. Please log in.",
  codeExpired: "This code has expired. Please ask for a new one.",
  tooManyTries: "Too many wrong tries. Please ask for a new code.",
};
const tooManyAttempts = /^Too many attempts\. Please wait \d+ seconds and try again\.$/;
const DAY = 86_400;

/** Every password this file ever sends: no answer may contain one, nor any argon2 hash. */
const passwordsSent = new Set<string>();
function rememberPasswords(_path: string, request: { json?: unknown }) {
  const body = request.json;
  if (!body || typeof body !== "object") return;
  for (const key of ["password", "confirmPassword"]) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === "string" && value.length >= 6) passwordsSent.add(value);
  }
}
function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/\$argon2/);
  for (const password of passwordsSent) expect(text).not.toContain(password);
}

function cookieNamed(answer: Answer, name: string): Cookie {
  const cookies = cookiesNamed(answer, name);
  expect(cookies, `one Set-Cookie for ${name}`).toHaveLength(1);
  return cookies[0] as Cookie;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const me = (cookie?: string) => api.get("/api/v1/students/me", { cookie });
const logIn = (body: unknown, ip?: string) => api.post("/api/v1/auth/login", body, { ip });
const storedStudents = (email: string) => database.db.select().from(students).where(eq(students.email, email));

async function loggedIn(account: Student, ip?: string): Promise<Cookie> {
  const answer = await logIn({ email: account.email, password: account.password }, ip);
  expect(answer.status).toBe(200);
  return cookieNamed(answer, "ignite_session");
}

function expectSessionCookie(cookie: Cookie, maxAgeSeconds: number) {
  expect(cookie.value).not.toBe("");
  expect(cookie.attributes.has("httponly")).toBe(true);
  expect(cookie.attributes.get("samesite")).toBe("Lax");
  expect(cookie.attributes.get("path")).toBe("/");
  const maxAge = Number(cookie.attributes.get("max-age"));
  expect(maxAge).toBeGreaterThanOrEqual(maxAgeSeconds - 5);
  expect(maxAge).toBeLessThanOrEqual(maxAgeSeconds);
}

describe("sign-up", () => {
  it("creates the account, answers its id and e-mail, and logs the student in with a 30-day HttpOnly cookie", async () => {
    const email = uniqueEmail("Ananya.Menon");
    const password = "ananya-Secret-42";
    const answer = await api.post("/api/v1/auth/signup", {
      name1: "Ananya Menon",
      email: email.toUpperCase(),
      phone: "9876543210",
      password,
      confirmPassword: password,
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(["email", "message", "student_id"]);
    expect(answer.body.message).toEqual(expect.any(String));
    expect(answer.body.student_id).toEqual(expect.any(Number));
    expect(answer.body.email).toBe(email.toLowerCase());

    const session = cookieNamed(answer, "ignite_session");
    expectSessionCookie(session, 30 * DAY);

    const profile = await me(session.pair);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({
      student_id: answer.body.student_id,
      name1: "Ananya Menon",
      email: email.toLowerCase(),
      phone: "+919876543210",
    });
    expect(await storedStudents(email.toLowerCase())).toHaveLength(1);
  });

  it("refuses an all-blank form with 'Fill the form' and stores nothing", async () => {
    const before = await database.db.select({ id: students.id }).from(students);
    const answer = await api.post("/api/v1/auth/signup", { name1: "", email: "", phone: "", password: "", confirmPassword: "" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.fillTheForm);
    expect(answer.setCookies).toEqual([]);
    expect(await database.db.select({ id: students.id }).from(students)).toHaveLength(before.length);
  });

  it.each([
    ["confirmPassword", { confirmPassword: "other-Secret-99" }, messages.passwordsDoNotMatch],
    ["email", { email: "not-an-email" }, "Enter a valid e-mail address"],
    ["phone", { phone: "12345" }, "Enter a valid phone number (Indian numbers may leave out +91)"],
    ["password", { password: "Short-7", confirmPassword: "Short-7" }, "Use at least 8 characters"],
    ["name1", { name1: "Meera\u0007Nair" }, "Use letters, spaces and punctuation only"],
    ["name1", { name1: "M".repeat(101) }, "At most 100 characters"],
  ])("refuses a wrong %s with 400 and its field message, and stores no student", async (field, change, message) => {
    const email = uniqueEmail(`refused-${field}`);
    const body = {
      name1: "Ravi Kumar",
      email,
      phone: "9876543210",
      password: "ravi-Secret-123",
      confirmPassword: "ravi-Secret-123",
      ...change,
    };
    const answer = await api.post("/api/v1/auth/signup", body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields[field]).toBe(message);
    expect(answer.body.message).toBe(message);
    expect(answer.setCookies).toEqual([]);
    expect(await storedStudents(email)).toEqual([]);
    expect(await storedStudents(body.email)).toEqual([]);
  });

  it("refuses an e-mail that already has an account, in any letter case, and keeps the first account as it was", async () => {
    const first = await createStudent(api);
    for (const email of [first.email, first.email.toUpperCase()]) {
      const answer = await api.post("/api/v1/auth/signup", {
        name1: "Someone Else",
        email,
        phone: "9123456789",
        password: "other-Secret-1",
        confirmPassword: "other-Secret-1",
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.accountExists);
      expect(answer.setCookies).toEqual([]);
    }
    const rows = await storedStudents(first.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.fullName).toBe(first.name);
    // The original password still works, the intruder's does not.
    expect((await logIn({ email: first.email, password: first.password })).status).toBe(200);
    expect((await logIn({ email: first.email, password: "other-Secret-1" })).status).toBe(401);
  });

  it("lets only one of two simultaneous sign-ups with the same e-mail through", async () => {
    const email = uniqueEmail("race");
    const body = { name1: "Race Twin", email, phone: "9876543210", password: "race-Secret-1", confirmPassword: "race-Secret-1" };
    const answers = await Promise.all([
      api.post("/api/v1/auth/signup", body),
      api.post("/api/v1/auth/signup", { ...body, email: email.toUpperCase() }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body.message).toBe(messages.accountExists);
    expect(await storedStudents(email)).toHaveLength(1);
  });
});

describe("login", () => {
  let account: Student;
  beforeAll(async () => {
    account = await createStudent(api);
  });

  it("logs in with the right password: 200, the student, and a working 30-day session cookie", async () => {
    const answer = await logIn({ email: account.email, password: account.password });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ student_id: account.studentId, email: account.email });
    expect(answer.body.message).toEqual(expect.any(String));
    const session = cookieNamed(answer, "ignite_session");
    expectSessionCookie(session, 30 * DAY);
    expect(session.value).not.toBe(account.sessionToken);
    expect((await me(session.pair)).body.data.email).toBe(account.email);
  });

  it("accepts the e-mail in another letter case", async () => {
    const answer = await logIn({ email: ` ${account.email.toUpperCase()} `, password: account.password });
    expect(answer.status).toBe(200);
    expect(answer.body.student_id).toBe(account.studentId);
  });

  it("answers a wrong password and an unknown e-mail alike: 401 'Invalid email or password', no cookie", async () => {
    const wrongPassword = await logIn({ email: account.email, password: "not-the-Password-1" });
    const unknownEmail = await logIn({ email: uniqueEmail("nobody"), password: account.password });
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(messages.invalidCredentials);
      expect(answer.setCookies).toEqual([]);
    }
    expect(withoutRequestId(wrongPassword.body)).toEqual(withoutRequestId(unknownEmail.body));
  });

  it.each([
    ["both fields empty", { email: "", password: "" }],
    ["no password", { email: "someone@example.in", password: "" }],
    ["no e-mail", { email: "  ", password: "something-long" }],
    ["no fields at all", {}],
  ])("refuses %s with 400 'Please Fill the form'", async (_case, body) => {
    const answer = await logIn(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.pleaseFillTheForm);
    expect(answer.setCookies).toEqual([]);
  });

  it("keeps the session for exp_days days: 1 day gives a one-day cookie and a one-day session", async () => {
    const answer = await logIn({ email: account.email, password: account.password, exp_days: 1 });
    expect(answer.status).toBe(200);
    const session = cookieNamed(answer, "ignite_session");
    expectSessionCookie(session, DAY);
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(session.value)));
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - (Date.now() + DAY * 1000))).toBeLessThan(10_000);
  });

  it("refuses a login posted from another site with 403 and sets no cookie", async () => {
    for (const headers of [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }] as Record<string, string>[]) {
      const answer = await api.post("/api/v1/auth/login", { email: account.email, password: account.password }, { headers });
      expect(answer.status).toBe(403);
      expect(answer.setCookies).toEqual([]);
    }
  });

  it("accepts a login posted from the site's own origin", async () => {
    // Origin, Host and Sec-Fetch-Site as a browser on our own login page sends them.
    const answer = await api.post(
      "/api/v1/auth/login",
      { email: account.email, password: account.password },
      { sameOrigin: true },
    );
    expect(answer.status).toBe(200);
  });
});

describe("sessions", () => {
  it("answers 401 'Please login or sign-up before continuing' without a cookie or with a made-up one", async () => {
    for (const cookie of [undefined, "ignite_session=made-up-token", `ignite_session=${"x".repeat(43)}`, "ignite_session="]) {
      const answer = await me(cookie);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(messages.loginRequired);
    }
  });

  it("stores only the SHA-256 of the session token, never the token itself", async () => {
    const account = await createStudent(api);
    const rows = await database.db.select().from(sessions).where(eq(sessions.studentId, account.studentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(account.sessionToken);
    expect(rows[0]?.tokenHash).toBe(sha256(account.sessionToken));
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The stored hash is not itself a key to the account.
    expect((await me(`ignite_session=${rows[0]?.tokenHash}`)).status).toBe(401);
  });

  it("logs out: clears the cookie, and the old cookie no longer works; other sessions stay", async () => {
    const account = await createStudent(api);
    const other = await loggedIn(account);
    expect((await me(account.cookie)).status).toBe(200);
    const answer = await api.post("/api/v1/auth/logout", undefined, { cookie: account.cookie });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.loggedOut);
    const cleared = cookieNamed(answer, "ignite_session");
    expect(cleared.value).toBe("");
    expect(cleared.attributes.get("max-age")).toBe("0");
    expect((await me(account.cookie)).status).toBe(401);
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(account.sessionToken))),
    ).toEqual([]);
    expect((await me(other.pair)).status).toBe(200);
  });

  it("ends a session whose time is up, even when the browser still sends the cookie", async () => {
    const account = await createStudent(api);
    expect((await me(account.cookie)).status).toBe(200);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(account.sessionToken)));
    const answer = await me(account.cookie);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(messages.loginRequired);
  });

  it("ends a session unused for 14 days, and keeps a used one alive", async () => {
    const account = await createStudent(api);
    const other = await loggedIn(account);
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY * 1000);
    const setLastSeen = (token: string, at: Date) =>
      database.db
        .update(sessions)
        .set({ lastSeenAt: at })
        .where(eq(sessions.tokenHash, sha256(token)));
    await setLastSeen(account.sessionToken, daysAgo(15));
    await setLastSeen(other.value, daysAgo(13));
    const idle = await me(account.cookie);
    expect(idle.status).toBe(401);
    expect(idle.body.message).toBe(messages.loginRequired);
    expect((await me(other.pair)).status).toBe(200);
    // Using it moved its last use to now, so it lives on.
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(other.value)));
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it("lists the student's devices by browser and system, and signs out of all but this one", async () => {
    const account = await createStudent(api);
    const android =
      "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const signIn = async (userAgent: string) => {
      const answer = await api.post(
        "/api/v1/auth/login",
        { email: account.email, password: account.password },
        { headers: { "User-Agent": userAgent } },
      );
      expect(answer.status).toBe(200);
      return cookieNamed(answer, "ignite_session");
    };
    const phone = await signIn(android);
    const tablet = await signIn(iphone);
    const devices = await identityOfApi.devices(account.studentId, phone.value);
    expect(devices.map((d) => [d.device, d.current])).toEqual([
      ["Chrome on Android", true],
      ["Safari on iOS", false],
      ["Unknown device", false],
    ]);
    expect(JSON.stringify(devices)).not.toContain(sha256(phone.value));
    expect(await identityOfApi.signOutOtherDevices(account.studentId, phone.value)).toBe(2);
    expect((await me(tablet.pair)).status).toBe(401);
    expect((await me(account.cookie)).status).toBe(401);
    expect((await me(phone.pair)).status).toBe(200);
  });

  // A malformed cookie value once made decodeURIComponent throw and every request answer 500.
  it("treats a malformed session cookie as no session (401), not a server error", async () => {
    const answer = await me("ignite_session=%E0%A4%A");
    expect(answer.status).toBe(401);
  });
});

describe("password reset", () => {
  const askForCode = (email: unknown, ip?: string) => api.post("/api/v1/auth/password/code", { email }, { ip });
  const verify = (email: string, entered_otp: string, ip?: string) =>
    api.post("/api/v1/auth/password/verify", { email, entered_otp }, { ip });
  const reset = (body: unknown, proof?: Cookie) => api.post("/api/v1/auth/password/reset", body, { cookie: proof?.pair });

  const resetCodeIn = (text?: string) => text?.match(/reset code is: (\d{6})\b/)?.[1];

  /** Asks for a code and reads it from the one e-mail that arrives. */
  async function codeFor(email: string): Promise<string> {
    const before = sink.messages.length;
    const answer = await askForCode(email);
    expect(answer.status).toBe(200);
    const mails = sink.messages.slice(before).filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    const code = resetCodeIn(mails[0]?.text);
    expect(code).toMatch(/^\d{6}$/);
    return code as string;
  }

  /** Moves this student's codes a minute into the past, past the 30-second wait between codes. */
  async function skipResendWait(studentId: number) {
    const rows = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.studentId, studentId));
    for (const row of rows) {
      await database.db
        .update(oneTimeCodes)
        .set({ createdAt: new Date(row.createdAt.getTime() - 60_000) })
        .where(eq(oneTimeCodes.id, row.id));
    }
  }

  async function verified(account: Student): Promise<Cookie> {
    const code = await codeFor(account.email);
    const answer = await verify(account.email, code);
    expect(answer.status).toBe(200);
    return cookieNamed(answer, "ignite_reset");
  }

  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("mails exactly one 6-digit code to the account's address, valid for 10 minutes, stored only hashed", async () => {
    const account = await createStudent(api);
    const answer = await askForCode(account.email.toUpperCase());
    expect(answer.status).toBe(200);
    expect(answer.body.message).toEqual(expect.any(String));
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail?.to).toEqual([account.email]);
    const code = resetCodeIn(mail?.text) ?? "missing";
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toContain("Ignite");
    // Subjects are logged and shown in previews: the code is in the body only.
    expect(mail?.subject).not.toMatch(/\d{6}/);
    expect(mail?.text).toContain(code);
    expect(mail?.text).toContain("expires in 10 minutes");
    expect(mail?.text).toContain("Ignite");
    const rows = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.studentId, account.studentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
    expect(rows[0]?.codeHash).not.toBe(sha256(code));
    expect(Math.abs((rows[0]?.expiresAt.getTime() ?? 0) - (Date.now() + 600_000))).toBeLessThan(10_000);
  });

  it("with the mail server down says 'Some internal error, please try later', and works at once when mail is back", async () => {
    // A port where the mail server is down now and comes up later.
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.close();
    const down = new ApiClient(createTestApp(database, { SMTP_URL: `smtp://127.0.0.1:${port}?tls=off` }).app);
    const account = await createStudent(down);
    const refused = await down.post("/api/v1/auth/password/code", { email: account.email });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe("Some internal error, please try later");
    // No code was kept for a mail that never left, so the next ask is not told to wait.
    const rows = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.studentId, account.studentId));
    expect(rows).toEqual([]);

    const back = await startSmtpSink(port);
    try {
      const again = await down.post("/api/v1/auth/password/code", { email: account.email });
      expect(again.status).toBe(200);
      const [mail] = await back.waitFor(1);
      const code = resetCodeIn(mail?.text) ?? "missing";
      expect((await down.post("/api/v1/auth/password/verify", { email: account.email, entered_otp: code })).status).toBe(200);
    } finally {
      await back.close();
    }
  });

  it("answers 404 'You do not have an account' for an unknown e-mail and 400 for an empty one, mailing nothing", async () => {
    const unknown = await askForCode(uniqueEmail("ghost"));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(messages.noAccount);
    for (const email of ["", "   ", undefined]) {
      const empty = await askForCode(email);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(messages.enterEmail);
    }
    expect(sink.messages).toEqual([]);
  });

  it("sends at most one code per 30 seconds; a newer code replaces the older one", async () => {
    const account = await createStudent(api);
    const first = await codeFor(account.email);
    const again = await askForCode(account.email);
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/Please wait \d+ seconds/);
    expect(sink.messages).toHaveLength(1);

    await skipResendWait(account.studentId);
    const second = await codeFor(account.email);
    if (second !== first) {
      const old = await verify(account.email, first);
      expect(old.status).toBe(400);
      expect(old.setCookies).toEqual([]);
    }
    expect((await verify(account.email, second)).status).toBe(200);
  });

  // A "please wait" refusal must not use up one of the five codes an hour.
  it("still sends a code after the wait to a student who asked again during it", async () => {
    const account = await createStudent(api);
    await codeFor(account.email);
    for (let i = 1; i <= 4; i++) expect((await askForCode(account.email)).body.message).toMatch(/Please wait \d+ seconds/);
    await skipResendWait(account.studentId);
    const after = await askForCode(account.email);
    expect(after.status).toBe(200);
  });

  it("does not bring an older code back when the newer one is voided by wrong tries", async () => {
    const account = await createStudent(api);
    const first = await codeFor(account.email);
    await skipResendWait(account.studentId);
    const second = await codeFor(account.email);
    const wrong = ["000000", "111111", "222222"].find((c) => c !== first && c !== second) ?? "333333";
    for (let i = 1; i <= 4; i++) await verify(account.email, wrong);
    expect((await verify(account.email, wrong)).body.message).toBe(messages.tooManyTries);
    for (const code of [first, second]) {
      const answer = await verify(account.email, code);
      expect(answer.status).toBe(400);
      expect(answer.setCookies).toEqual([]);
    }
  });

  // The 30-second wait is checked inside the transaction that stores the code, under a per-account lock.
  it("mails only one code when several requests arrive at the same moment", async () => {
    const account = await createStudent(api);
    const answers = await Promise.all(Array.from({ length: 8 }, () => askForCode(account.email)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(sink.messages.filter((m) => m.to.includes(account.email))).toHaveLength(1);
  });

  it("refuses a wrong code with 'Wrong OTP. Please re-check the OTP' and still accepts the right one after it", async () => {
    const account = await createStudent(api);
    const code = await codeFor(account.email);
    for (const entered of [otherCode(code), "12345", "abcdef", ""]) {
      const answer = await verify(account.email, entered);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.wrongCode);
      expect(answer.setCookies).toEqual([]);
    }
    expect((await verify(account.email, code)).status).toBe(200);
  });

  it("voids the code after 5 wrong tries: the right code no longer works", async () => {
    const account = await createStudent(api);
    const code = await codeFor(account.email);
    for (let i = 1; i <= 4; i++) {
      const answer = await verify(account.email, otherCode(code));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.wrongCode);
    }
    const fifth = await verify(account.email, otherCode(code));
    expect(fifth.status).toBe(400);
    expect(fifth.body.message).toBe(messages.tooManyTries);

    const right = await verify(account.email, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(messages.tooManyTries);
    expect(right.setCookies).toEqual([]);
    // A new code works again.
    await skipResendWait(account.studentId);
    const fresh = await codeFor(account.email);
    expect((await verify(account.email, fresh)).status).toBe(200);
  });

  it("counts 20 wrong codes sent at once as no more than 5 tries, and then the right one no longer works", async () => {
    const account = await createStudent(api);
    const code = await codeFor(account.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(account.email, otherCode(code))));
    expect(answers.map((a) => a.status).every((s) => s === 400)).toBe(true);
    expect(answers.filter((a) => a.body.message === messages.wrongCode).length).toBeLessThanOrEqual(4);
    const rows = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.studentId, account.studentId));
    expect(rows.map((r) => r.attempts)).toEqual([5]);
    const right = await verify(account.email, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(messages.tooManyTries);
  });

  it("refuses an expired code with 'This code has expired. Please ask for a new one.'", async () => {
    const account = await createStudent(api);
    const code = await codeFor(account.email);
    await database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.studentId, account.studentId));
    const answer = await verify(account.email, code);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.codeExpired);
    expect(answer.setCookies).toEqual([]);
  });

  it("gives the right code's proof only as an HttpOnly cookie, never in the body, and stores only its hash", async () => {
    const account = await createStudent(api);
    const code = await codeFor(account.email);
    const answer = await verify(account.email, code);
    expect(answer.status).toBe(200);
    const proof = cookieNamed(answer, "ignite_reset");
    expect(proof.value.length).toBeGreaterThanOrEqual(32);
    expect(proof.attributes.has("httponly")).toBe(true);
    expect(proof.attributes.get("samesite")).toBe("Lax");
    expect(proof.attributes.get("path")).toBe("/");
    expect(Number(proof.attributes.get("max-age"))).toBeGreaterThan(0);
    expect(Number(proof.attributes.get("max-age"))).toBeLessThanOrEqual(15 * 60);
    expect(Object.keys(answer.body)).toEqual(["message"]);
    expect(answer.text).not.toContain(proof.value);
    const [row] = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.studentId, account.studentId));
    expect(row?.proofHash).toBe(sha256(proof.value));
    // The same code does not give a second proof.
    expect((await verify(account.email, code)).status).toBe(400);
  });

  it("sets the new password with the proof, ends every session, and the proof works only once", async () => {
    const account = await createStudent(api);
    const secondSession = await loggedIn(account);
    expect((await me(account.cookie)).status).toBe(200);
    expect((await me(secondSession.pair)).status).toBe(200);

    const proof = await verified(account);
    const newPassword = "brand-New-Secret-7";
    const answer = await reset({ password: newPassword, confirmPassword: newPassword }, proof);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.passwordUpdated);
    const cleared = answer.setCookies.map(parseCookie);
    expect(cleared.find((c) => c.name === "ignite_reset")?.attributes.get("max-age")).toBe("0");
    expect(cleared.find((c) => c.name === "ignite_session")?.attributes.get("max-age")).toBe("0");

    for (const cookie of [account.cookie, secondSession.pair]) expect((await me(cookie)).status).toBe(401);
    expect(await database.db.select().from(sessions).where(eq(sessions.studentId, account.studentId))).toEqual([]);

    const old = await logIn({ email: account.email, password: account.password });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(messages.invalidCredentials);
    expect((await logIn({ email: account.email, password: newPassword })).status).toBe(200);

    // The owner is told, without the password or a code.
    const told = sink.messages.find((m) => m.to.includes(account.email) && m.subject === "Your Ignite password was changed");
    expect(told?.text).toContain("every device signed in to it was signed out");
    expect(told?.text).not.toContain(newPassword);
    expect(told?.text).not.toMatch(/\b\d{6}\b/);

    const reused = await reset({ password: "third-Secret-888", confirmPassword: "third-Secret-888" }, proof);
    expect(reused.status).toBe(403);
    expect((await logIn({ email: account.email, password: "third-Secret-888" })).status).toBe(401);
    expect((await logIn({ email: account.email, password: newPassword })).status).toBe(200);
  });

  it("refuses to reset without a proof, or with a made-up one, with 403 and leaves the password alone", async () => {
    const account = await createStudent(api);
    const body = { password: "hijack-Secret-1", confirmPassword: "hijack-Secret-1" };
    const made: Cookie = { ...parseCookie("ignite_reset=made-up-proof-value"), attributes: new Map() };
    for (const proof of [undefined, made]) {
      const answer = await reset(body, proof);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect((await logIn({ email: account.email, password: account.password })).status).toBe(200);
    expect((await logIn({ email: account.email, password: body.password })).status).toBe(401);
  });

  it("refuses mismatched or too short new passwords with 400; the proof then still works", async () => {
    const account = await createStudent(api);
    const proof = await verified(account);
    const mismatched = await reset({ password: "new-Secret-111", confirmPassword: "new-Secret-222" }, proof);
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.message).toBe(messages.resetPasswordsDoNotMatch);
    expect(mismatched.body.error.fields.confirmPassword).toBe(messages.resetPasswordsDoNotMatch);
    const short = await reset({ password: "Short-7", confirmPassword: "Short-7" }, proof);
    expect(short.status).toBe(400);
    expect(short.body.error.fields.password).toBe("Use at least 8 characters");
    expect((await logIn({ email: account.email, password: account.password })).status).toBe(200);

    const ok = await reset({ password: "new-Secret-333", confirmPassword: "new-Secret-333" }, proof);
    expect(ok.status).toBe(200);
  });

  it("refuses a proof whose 15 minutes are up with 403", async () => {
    const account = await createStudent(api);
    const proof = await verified(account);
    await database.db
      .update(oneTimeCodes)
      .set({ proofExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.studentId, account.studentId), eq(oneTimeCodes.proofHash, sha256(proof.value))));
    const answer = await reset({ password: "late-Secret-123", confirmPassword: "late-Secret-123" }, proof);
    expect(answer.status).toBe(403);
    expect((await logIn({ email: account.email, password: account.password })).status).toBe(200);
  });
});

describe("rate limits", () => {
  /**
   * The same app with the rate limiter on a clock the test moves, so a count never straddles the edge
   * of a window (windows are fixed: a minute, an hour).
   */
  function onTheClock() {
    const start = Date.parse("2026-11-23T10:00:00Z");
    let now = new Date(start);
    const rateLimiter = createDatabaseRateLimiter(database.db, () => now);
    const client = new ApiClient(createTestApp(database, { SMTP_URL: sink.url }, { rateLimiter }).app, {
      onRequest: rememberPasswords,
      onAnswer: async (response) => expectNoSecrets(await response.clone().text()),
    });
    return { client, at: (seconds: number) => (now = new Date(start + seconds * 1000)) };
  }

  it("refuses the 61st login within a minute from one address with 429, a clear message and Retry-After", async () => {
    const { client } = onTheClock();
    const ip = "10.99.0.1";
    for (let i = 1; i <= 60; i++) {
      const answer = await client.post(
        "/api/v1/auth/login",
        { email: uniqueEmail("ip-limit"), password: "wrong-Secret-1" },
        { ip },
      );
      expect(answer.status, `attempt ${i}`).toBe(401);
    }
    const refused = await client.post(
      "/api/v1/auth/login",
      { email: uniqueEmail("ip-limit"), password: "wrong-Secret-1" },
      { ip },
    );
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(tooManyAttempts);
    expect(refused.headers.get("Retry-After") ?? "missing").toMatch(/^\d+$/);
    expect(refused.setCookies).toEqual([]);
    // Another address is not affected.
    expect((await client.post("/api/v1/auth/login", { email: uniqueEmail("ip-limit"), password: "wrong-Secret-1" })).status).toBe(
      401,
    );
  });

  it("lets 40 students behind one address (a school lab) sign up and log in within ten minutes", async () => {
    const { client, at } = onTheClock();
    const ip = "10.99.0.5";
    for (let i = 0; i < 40; i++) {
      at(i * 15);
      const email = uniqueEmail(`lab-${i}`);
      const password = `lab-Secret-${i}-pw`;
      const signup = await client.post(
        "/api/v1/auth/signup",
        { name1: `Lab Student ${i}`, email, phone: "9876543210", password, confirmPassword: password },
        { ip },
      );
      expect(signup.status, `sign-up ${i + 1}`).toBe(200);
      const login = await client.post("/api/v1/auth/login", { email, password }, { ip });
      expect(login.status, `login ${i + 1}`).toBe(200);
    }
  });

  it("stops a scripted flood from one address: 300 sign-ups and 300 logins in a minute", async () => {
    const { client } = onTheClock();
    const ip = "10.99.0.6";
    const flood = async (send: (i: number) => Promise<Answer>) => {
      const statuses: number[] = [];
      for (let batch = 0; batch < 300; batch += 30) {
        const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => send(batch + i)));
        statuses.push(...answers.map((a) => a.status));
      }
      return statuses;
    };
    const signups = await flood((i) =>
      client.post(
        "/api/v1/auth/signup",
        { name1: "Flood", email: uniqueEmail(`flood-${i}`), phone: "9876543210", password: "flood-Secret-1" },
        { ip },
      ),
    );
    expect(signups.filter((s) => s === 200)).toHaveLength(50);
    expect(signups.filter((s) => s === 429)).toHaveLength(250);
    const logins = await flood((i) =>
      client.post("/api/v1/auth/login", { email: uniqueEmail(`flood-login-${i}`), password: "wrong-Secret-1" }, { ip }),
    );
    expect(logins.filter((s) => s === 401)).toHaveLength(60);
    expect(logins.filter((s) => s === 429)).toHaveLength(240);
  });

  it("stops guessing one account: 10 failures from one address, 50 from all addresses, and successes do not count", async () => {
    // The limiter's clock is fixed: its 15-minute windows must not turn over between the attempts.
    const { client } = onTheClock();
    const logIn = (body: unknown, ip?: string) => client.post("/api/v1/auth/login", body, { ip });
    const account = await createStudent(api);
    const guesser = "10.98.1.1";
    for (let i = 1; i <= 10; i++) {
      const answer = await logIn({ email: account.email, password: "wrong-Secret-1" }, guesser);
      expect(answer.status, `attempt ${i}`).toBe(401);
    }
    const refused = await logIn({ email: account.email.toUpperCase(), password: account.password }, guesser);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(tooManyAttempts);
    // The owner, elsewhere, still gets in, as often as they like.
    for (let i = 0; i < 12; i++) expect((await logIn({ email: account.email, password: account.password })).status).toBe(200);
    // Many addresses together: 50 failures in all, then every address is refused, the right password too.
    for (let i = 11; i <= 50; i++) {
      expect((await logIn({ email: account.email, password: "wrong-Secret-1" })).status, `attempt ${i}`).toBe(401);
    }
    expect((await logIn({ email: account.email, password: account.password })).status).toBe(429);
    // Other accounts are not affected.
    const other = await createStudent(api);
    expect((await logIn({ email: other.email, password: other.password })).status).toBe(200);
  });

  it("checks no more than 10 of 50 wrong passwords sent at once for one account from one address", async () => {
    const { client } = onTheClock();
    const account = await createStudent(api);
    const ip = "10.98.4.4";
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.post("/api/v1/auth/login", { email: account.email, password: "wrong-Secret-1" }, { ip }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    // The owner, from their own address, still gets in: successes give their reservation back.
    for (let i = 0; i < 12; i++) {
      expect((await client.post("/api/v1/auth/login", { email: account.email, password: account.password })).status).toBe(200);
    }
  });

  it("takes the client address our proxy appended, not one the client wrote", async () => {
    const { client } = onTheClock();
    const account = await createStudent(api);
    for (let i = 1; i <= 10; i++) {
      const answer = await client.post(
        "/api/v1/auth/login",
        { email: account.email, password: "wrong-Secret-1" },
        { ip: `1.2.3.${i}, 10.98.2.2` },
      );
      expect(answer.status).toBe(401);
    }
    const refused = await client.post(
      "/api/v1/auth/login",
      { email: account.email, password: "wrong-Secret-1" },
      { ip: "9.9.9.9, 10.98.2.2" },
    );
    expect(refused.status).toBe(429);
  });

  it("checks a reset proof before hashing a new password, and limits new-password requests per address", async () => {
    const { client } = onTheClock();
    const ip = "10.98.3.3";
    for (let i = 1; i <= 20; i++) {
      const answer = await client.post(
        "/api/v1/auth/password/reset",
        { password: "brand-new-pass-1", confirmPassword: "brand-new-pass-1" },
        { cookie: "ignite_reset=made-up-proof", ip },
      );
      expect(answer.status).toBe(403);
    }
    const refused = await client.post(
      "/api/v1/auth/password/reset",
      { password: "brand-new-pass-1", confirmPassword: "brand-new-pass-1" },
      { cookie: "ignite_reset=made-up-proof", ip },
    );
    expect(refused.status).toBe(429);
  });

  it("turns away a burst of 100 wrong logins from one address quickly, while another student logs in", async () => {
    const { client } = onTheClock();
    const student = await createStudent(api);
    const ip = "10.99.0.3";
    const started = performance.now();
    const burst = Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        client.post("/api/v1/auth/login", { email: uniqueEmail(`burst-${i}`), password: "wrong-Secret-1" }, { ip }),
      ),
    );
    const during = await logIn({ email: student.email, password: student.password });
    const answers = await burst;
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(10_000);
    expect(during.status).toBe(200);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // Past the minute's 60, no password is checked at all.
    expect(statuses.filter((s) => s === 401)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const after = await logIn({ email: student.email, password: student.password });
    expect(after.status).toBe(200);
    expect((await me(cookieNamed(after, "ignite_session").pair)).status).toBe(200);
  });
});

describe("what answers never contain", () => {
  it("has checked every answer in this file for password hashes and plain passwords", async () => {
    // expectNoSecrets runs on every answer the client receives; this only makes sure it had passwords to look
    // for: those of the file's other tests and, so that it holds when run alone, eleven sign-ups and log-ins of its own.
    for (let i = 0; i < 11; i += 1) {
      const account = await createStudent(api, { name: `Scanned Student ${i}` });
      await loggedIn(account);
    }
    expect(passwordsSent.size).toBeGreaterThan(10);
  });

  it("shows the student's profile without any password or hash field", async () => {
    const account = await createStudent(api);
    const answer = await me(account.cookie);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(Object.keys(answer.body.data))).not.toMatch(/password|hash|token/i);
  });
});

describe("sweeping expired sessions and codes", () => {
  const DAY_MS = 86_400_000;
  const password = "sweep-Secret-1";
  let sweepDatabase: DatabaseHandle;
  let clock = new Date();
  /** The identity service on its own database, on a clock the test moves. */
  let identity: IdentityService;

  beforeAll(async () => {
    sweepDatabase = await openTestDatabase();
    identity = createIdentityService({
      db: sweepDatabase.db,
      // The codes themselves are not read here: their mail goes nowhere.
      mailer: { send: async () => {} },
      siteAddress: "http://localhost:3000",
      limiter: createDatabaseRateLimiter(sweepDatabase.db),
      log: createLogger("silent"),
      now: () => clock,
    });
  });
  afterAll(() => sweepDatabase.close());

  const sessionRows = (studentId: number) => sweepDatabase.db.select().from(sessions).where(eq(sessions.studentId, studentId));
  const codeRows = (studentId: number) =>
    sweepDatabase.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.studentId, studentId));
  const signUpAt = (name: string) =>
    identity.signUp(
      { name1: name, email: uniqueEmail(name), phone: "9876543210", password, confirmPassword: password },
      "10.60.0.1",
    );

  it("removes expired sessions and codes expired over a day ago, and keeps the live ones", async () => {
    const start = new Date();
    const at = (ms: number) => {
      clock = new Date(start.getTime() + ms);
    };

    at(0);
    const ravi = await signUpAt("Ravi Kumar"); // a 30-day session
    const oneDaySession = await identity.logIn({ email: ravi.student.email, password, exp_days: 1 }, "10.60.0.1");
    await identity.sendResetCode({ email: ravi.student.email }, "10.60.0.1"); // expires 10 minutes later
    const meera = await signUpAt("Meera Nair");
    const kavya = await signUpAt("Kavya Iyer");
    at(1.5 * DAY_MS);
    await identity.sendResetCode({ email: meera.student.email }, "10.60.0.2"); // expired half a day before the sweep
    at(2 * DAY_MS - 5 * 60_000);
    await identity.sendResetCode({ email: kavya.student.email }, "10.60.0.3"); // still live at the sweep
    expect(await sessionRows(ravi.student.studentId)).toHaveLength(2);
    expect(await codeRows(ravi.student.studentId)).toHaveLength(1);

    at(2 * DAY_MS);
    await identity.sweepExpired();

    const raviSessions = await sessionRows(ravi.student.studentId);
    expect(raviSessions.map((row) => row.tokenHash)).toEqual([sha256(ravi.token)]);
    expect(raviSessions.map((row) => row.tokenHash)).not.toContain(sha256(oneDaySession.token));
    expect((await identity.studentForSession(ravi.token))?.studentId).toBe(ravi.student.studentId);
    expect(await sessionRows(meera.student.studentId)).toHaveLength(1);
    expect(await sessionRows(kavya.student.studentId)).toHaveLength(1);

    expect(await codeRows(ravi.student.studentId)).toEqual([]);
    expect(await codeRows(meera.student.studentId)).toHaveLength(1);
    expect(await codeRows(kavya.student.studentId)).toHaveLength(1);
  });

  it("removes sessions unused for 14 days, however long their lifetime", async () => {
    const start = new Date();
    clock = start;
    const nisha = await signUpAt("Nisha Rao");
    clock = new Date(start.getTime() + 13 * DAY_MS);
    expect(await identity.studentForSession(nisha.token)).not.toBeNull(); // used on day 13: alive
    clock = new Date(start.getTime() + 26 * DAY_MS);
    await identity.sweepExpired();
    expect(await sessionRows(nisha.student.studentId)).toHaveLength(1);
    clock = new Date(start.getTime() + 28 * DAY_MS);
    await identity.sweepExpired();
    expect(await sessionRows(nisha.student.studentId)).toEqual([]);
  });

  it("runs on the server's own clock: createApp's identity sweeps what is past now", async () => {
    const sweepApi = new ApiClient(createTestApp(sweepDatabase).app);
    const leaving = await createStudent(sweepApi);
    const staying = await createStudent(sweepApi);
    const now = Date.now();
    await sweepDatabase.db
      .update(sessions)
      .set({ expiresAt: new Date(now - 1000) })
      .where(eq(sessions.tokenHash, sha256(leaving.sessionToken)));
    const code = (studentId: number, expiresAt: Date) => ({
      studentId,
      purpose: "password_reset" as const,
      codeHash: "0".repeat(64),
      salt: "0".repeat(32),
      createdAt: new Date(expiresAt.getTime() - 10 * 60_000),
      expiresAt,
    });
    await sweepDatabase.db
      .insert(oneTimeCodes)
      .values([code(leaving.studentId, new Date(now - 25 * 3_600_000)), code(staying.studentId, new Date(now - 23 * 3_600_000))]);

    await createTestApp(sweepDatabase).identity.sweepExpired();

    expect(await sessionRows(leaving.studentId)).toEqual([]);
    expect(await sessionRows(staying.studentId)).toHaveLength(1);
    expect((await sweepApi.get("/api/v1/students/me", { cookie: staying.cookie })).status).toBe(200);
    expect(await codeRows(leaving.studentId)).toEqual([]);
    expect(await codeRows(staying.studentId)).toHaveLength(1);
  });
});
