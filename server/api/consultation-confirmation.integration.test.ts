import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createBooking, uniqueEmail } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Decision 0035: the booking's confirmation says what will happen in the way the person
 * chose to be contacted on the form, never "A counsellor will call you" to someone who chose WhatsApp.
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, { SMTP_URL: sink.url, STAFF_EMAIL: "leads@ignite.test", SITE_EMAIL: "hello@ignite.test" });
  api = new ApiClient(testApp.app);
});
afterAll(async () => {
  await sink.close();
  await database.close();
});

async function confirmationFor(preferredContact: string | undefined) {
  const email = uniqueEmail("channel");
  const booked = await createBooking(api, {
    email,
    phoneNumber: "98765 43210",
    ...(preferredContact ? { preferredContact } : {}),
  });
  expect(booked.status, booked.text).toBe(200);
  await testApp.consultations.settle();
  const until = Date.now() + 15_000;
  let mail = sink.messages.find((m) => m.to.includes(email));
  while (!mail && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    mail = sink.messages.find((m) => m.to.includes(email));
  }
  if (!mail) throw new Error(`no confirmation to ${email} yet`);
  return mail.text.replace(/\s+/g, " ") ?? "";
}

describe("the consultation's confirmation e-mail", () => {
  it("promises a WhatsApp message on the number given to someone who chose WhatsApp, and no call", async () => {
    const text = await confirmationFor("whatsapp");
    expect(text).toContain("A counsellor will message you on WhatsApp at +919876543210 soon.");
    expect(text).not.toMatch(/call you/);
  });

  it("promises a call to someone who chose a voice call", async () => {
    expect(await confirmationFor("phone")).toContain("A counsellor will call you at +919876543210 soon.");
  });

  it("promises an e-mail to someone who chose e-mail, or chose nothing (the least intrusive way)", async () => {
    for (const choice of ["email", undefined]) {
      const text = await confirmationFor(choice);
      expect(text).toMatch(/A counsellor will write to you at channel\.[\w.]+@example\.in soon\./);
      expect(text).not.toMatch(/call you|WhatsApp/);
    }
  });
});
