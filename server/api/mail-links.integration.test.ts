import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { bookingDetails, createBooking } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Decision 0051: a link in a mail is absolute even where PUBLIC_URL is unset (a local trial): it is
 * built on the server's own listen address, so a counsellor's mail client opens the lead and an
 * invitee's opens the invitation, instead of a bare "/staff/leads/2".
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  // No PUBLIC_URL: the server listens on every interface, port 4321.
  testApp = createTestApp(database, {
    SMTP_URL: sink.url,
    HOST: "0.0.0.0",
    PORT: "4321",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-mail-links-")),
  });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "mail-links.test");
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

/** Anything in a mail's text that looks like a path on its own: "/staff/leads/2" with no scheme and host before it. */
const barePaths = (text: string) => text.match(/(?<![\w.:/])\/(?:staff|profile|user|signup|login|forgotpassword)\b\S*/g) ?? [];

describe("links in mail without PUBLIC_URL", () => {
  it("the staff invitation and the counsellor's new-lead mail link to the server's own address", async () => {
    const sent = sink.messages.length;
    const invited = await api.post(
      "/api/v1/staff/invitations",
      { email: "kavya.menon@mail-links.test", fullName: "Kavya Menon", role: "counsellor" },
      { cookie: team.admin.cookie },
    );
    expect(invited.status, invited.text).toBe(200);
    await sink.waitFor(sent + 1);
    const invitation = sink.messages.filter((m) => m.to.includes("kavya.menon@mail-links.test")).at(-1);
    expect(invitation?.text).toMatch(/^http:\/\/localhost:4321\/staff\/invitation\?token=[A-Za-z0-9_-]{43}$/m);

    const booking = await createBooking(
      api,
      bookingDetails({ firstName: "Meher", lastName: "Bakshi", studyDestination: "Australia" }),
    );
    expect(booking.status, booking.text).toBe(200);
    await testApp.consultations.settle();
    const id = booking.body.data.id as number;
    const leadMail = sink.messages.find((m) => m.text.includes(`/staff/leads/${id}`));
    expect(leadMail?.text).toContain(`Open the lead: http://localhost:4321/staff/leads/${id}`);

    const all = sink.messages.map((m) => m.text).join("\n");
    expect(all).toContain("http://localhost:4321/");
    expect(barePaths(all)).toEqual([]);
  });
});
