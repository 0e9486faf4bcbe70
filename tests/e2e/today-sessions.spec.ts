import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { compiledServer, serverEnvironment, serverNodeFlags, serverReady } from "../../scripts/build-state.mjs";
import { expect, expectNoAxeViolations, hydrated, test, uniqueEmail } from "./fixtures.ts";
import { readInvitationLink } from "./mail.ts";

/**
 * A counsellor's Today lists their sessions of the day (decision 0051). A student books at least four
 * hours ahead (decision 0036), so whether a session can still fall "today" depends on when the suite
 * runs: this test starts a server of its own whose clock reads 08:55 India time on the next working day
 * (tests/e2e/clock-at.mjs), where the counsellor's default hours (10:00 to 18:00) leave slots that day.
 */

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

const IST_MS = 330 * 60_000;
const ADMIN = { email: "admin@today.test", password: "today-admin-Secret-1" };

/** The next 08:55 in India (03:25 UTC, the same calendar day there) that falls on a Monday to Friday. */
function nextWorkingMorning(from = Date.now()) {
  const at = new Date(from);
  at.setUTCHours(3, 25, 0, 0);
  while (at.getTime() < from || [0, 6].includes(new Date(at.getTime() + IST_MS).getUTCDay())) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let server: ChildProcess | undefined;
let dataDir = "";
let base = "";
let morning = new Date();

test.beforeAll(async () => {
  // Starting a server with the demo catalogue takes from 15 s on a quiet machine to over 30 s on a busy one.
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "ignite-today-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  morning = nextWorkingMorning();
  server = spawn(
    process.execPath,
    [...serverNodeFlags, "--import", path.join(import.meta.dirname, "clock-at.mjs"), compiledServer],
    {
      env: {
        ...serverEnvironment({}),
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED: "demo",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "warn",
        E2E_CLOCK_AT: morning.toISOString(),
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  await serverReady(base, { server });
});

test.afterAll(() => {
  server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

test("at 390 px a counsellor's Today lists the session a student booked for later that day, with the student's record a tap away", async ({
  browser,
  playwright,
}) => {
  const adminContext = await browser.newContext({ baseURL: base });
  const admin = await adminContext.newPage();
  await admin.goto("/staff/login");
  await hydrated(admin);
  await admin.getByLabel("Email").fill(ADMIN.email);
  await admin.getByLabel("Password").fill(ADMIN.password);
  await admin.getByRole("button", { name: "Sign in" }).click();
  await expect(admin.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const origin = { Origin: base };

  // The admin invites a counsellor, who sets a password through the e-mailed link.
  const counsellorEmail = uniqueEmail("today.counsellor");
  const since = Date.now();
  const invited = await admin.request.post("/api/v1/staff/invitations", {
    headers: origin,
    data: { email: counsellorEmail, fullName: "Meera Iyer", role: "counsellor" },
  });
  expect(invited.status()).toBe(200);
  const counsellorId = (await invited.json()).data.id as number;
  const link = await readInvitationLink(counsellorEmail, since, 10_000, dataDir);
  // Accepted from the counsellor's own client (accepting signs them in there).
  const counsellorClient = await playwright.request.newContext({ baseURL: base });
  const accepted = await counsellorClient.post("/api/v1/staff/invitations/accept", {
    headers: origin,
    data: {
      token: new URL(link, base).searchParams.get("token"),
      password: "counsellor-Secret-1",
      confirmPassword: "counsellor-Secret-1",
    },
  });
  expect(accepted.status()).toBe(200);
  await counsellorClient.dispose();

  // A student with a name in Devanagari signs up, and the admin gives them the counsellor.
  const studentContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
  const student = await studentContext.newPage();
  const signup = await student.request.post("/api/v1/auth/signup", {
    headers: origin,
    data: {
      name1: "प्रिया शर्मा",
      email: uniqueEmail("today.student"),
      phone: "9876512345",
      password: "student-password-1",
      confirmPassword: "student-password-1",
    },
  });
  expect(signup.status()).toBe(200);
  const studentId = (await signup.json()).student_id as number;
  const given = await admin.request.post(`/api/v1/staff/students/${studentId}/counsellor`, {
    headers: origin,
    data: { counsellorStaffId: counsellorId },
  });
  expect(given.status()).toBe(200);
  await adminContext.close();

  // The student books the first time offered: that morning's server clock leaves it on the same day.
  await student.goto("/profile/sessions?sessionKind=application-planning");
  await hydrated(student);
  const section = student.getByRole("region", { name: "Sessions" });
  const time = section.getByLabel("Time for Application planning");
  const first = (await time.locator("option").first().getAttribute("value")) ?? "";
  const startsAt = new Date(first);
  expect(new Date(startsAt.getTime() + IST_MS).toISOString().slice(0, 10)).toBe(
    new Date(morning.getTime() + IST_MS).toISOString().slice(0, 10),
  );
  await time.selectOption(first);
  await section.getByRole("button", { name: "Book session" }).click();
  await expect(section.getByTestId("student-session")).toContainText("with Meera Iyer");
  await studentContext.close();

  // The counsellor signs in on a phone and reads the day.
  const counsellorContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
  const counsellor = await counsellorContext.newPage();
  await counsellor.goto("/staff/login");
  await hydrated(counsellor);
  await counsellor.getByLabel("Email").fill(counsellorEmail);
  await counsellor.getByLabel("Password").fill("counsellor-Secret-1");
  await counsellor.getByRole("button", { name: "Sign in" }).click();
  await expect(counsellor.getByRole("heading", { name: "Welcome, Meera Iyer" })).toBeVisible();
  await counsellor.goto("/staff/today");
  const day = counsellor.getByRole("region", { name: /^Sessions today/ });
  await expect(day.getByRole("heading")).toHaveText("Sessions today (1)");
  const hhmm = (at: Date) => new Date(at.getTime() + IST_MS).toISOString().slice(11, 16);
  const ends = new Date(startsAt.getTime() + 45 * 60_000);
  await expect(day.getByTestId("todays-session")).toHaveText(
    `${hhmm(startsAt)}–${hhmm(ends)} Application planning with प्रिया शर्मा`,
  );
  await expect(day.getByRole("link", { name: "प्रिया शर्मा" })).toHaveAttribute("href", `/staff/students/${studentId}`);
  expect(await counsellor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(counsellor);

  // The student's name leads to their record.
  await day.getByRole("link", { name: "प्रिया शर्मा" }).click();
  await expect(counsellor.getByRole("heading", { level: 1 })).toContainText("प्रिया शर्मा");
  await counsellorContext.close();
});
