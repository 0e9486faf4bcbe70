import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { consultations } from "../../modules/leads/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { bookingDetails, createBooking } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;

/** A complete booking (Ananya Menon, Germany, Postgraduate, Computer Science, this year, Kerala, B.Tech). */
const valid = bookingDetails({ email: "Ananya.Menon@example.in" });
/** The year by the clock the server reads (the test app's is the real one). */
const thisYear = new Date().getUTCFullYear();

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, {
    SMTP_URL: sink.url,
    STAFF_EMAIL: "leads@ignite.test",
    SITE_EMAIL: "hello@ignite.test",
  });
  api = new ApiClient(testApp.app);
});
afterEach(async () => {
  await testApp.consultations.settle();
  sink.messages.length = 0;
});
afterAll(async () => {
  await sink.close();
  await database.close();
});

const stored = (email: string) => database.db.select().from(consultations).where(eq(consultations.email, email));

describe("booking a free consultation", () => {
  it("stores a valid booking and answers 200 with the message and the booking", async () => {
    const { status, body } = await createBooking(api, valid);
    expect(status).toBe(200);
    expect(body.message).toBe("Your free consultation is booked. We will be contacting you soon.");
    // The spec's answer: the booking with first and last name; nothing else the booker typed comes back.
    expect(Object.keys(body.data).sort()).toEqual(["createdAt", "firstName", "id", "lastName"]);
    expect(body.data).toMatchObject({ firstName: "Ananya", lastName: "Menon" });
    const [row] = await stored("ananya.menon@example.in");
    expect(row).toMatchObject({
      phoneNumber: "+919876543210",
      status: "New",
      studyDestination: "Germany",
      state: "Kerala",
      qualification: "B.Tech",
      yearOfStudy: String(thisYear),
    });
  });

  it("sends a confirmation to the person and a notification to staff", async () => {
    await createBooking(api, { ...valid, email: "mail.check@example.in", phoneNumber: "+91 91234 56789" });
    await testApp.consultations.settle();
    const mails = await sink.waitFor(2);
    const confirmation = mails.find((m) => m.to.includes("mail.check@example.in"));
    const staff = mails.find((m) => m.to.includes("leads@ignite.test"));
    expect(confirmation?.subject).toBe("Your free consultation with Ignite is booked");
    expect(confirmation?.text).toContain("Dear Ananya Menon");
    expect(confirmation?.text).toContain("Study destination: Germany");
    expect(staff?.subject).toBe("New free consultation: Ananya Menon (Germany)");
    expect(staff?.text).toContain("Phone number: +919123456789");
    expect(staff?.raw).toMatch(/^Reply-To: mail\.check@example\.in/m);
    const [row] = await stored("mail.check@example.in");
    expect(row?.confirmationSentAt).toBeInstanceOf(Date);
    expect(row?.staffNotifiedAt).toBeInstanceOf(Date);
  });

  it("takes Canada and New Zealand as destinations (decision 0050)", async () => {
    for (const [email, destination] of [
      ["canada.student@example.in", "Canada"],
      ["nz.student@example.in", "New Zealand"],
    ] as const) {
      const response = await createBooking(api, { ...valid, email, studyDestination: destination });
      expect(response.status, destination).toBe(200);
      const [row] = await stored(email);
      expect(row?.studyDestination).toBe(destination);
    }
  });

  it("accepts a booking without the optional fields", async () => {
    const response = await createBooking(api, {
      ...valid,
      email: "minimal@example.in",
      yearOfStudy: "",
      state: undefined,
      qualification: undefined,
    });
    expect(response.status).toBe(200);
    const [row] = await stored("minimal@example.in");
    expect(row).toMatchObject({ yearOfStudy: null, state: null, qualification: null });
  });

  it.each([
    ["firstName", "", "Enter your first name"],
    ["lastName", "   ", "Enter your last name"],
    ["phoneNumber", "12345", "Enter a valid phone number (Indian numbers may leave out +91)"],
    ["phoneNumber", "", "Enter your phone number"],
    ["email", "not-an-email", "Enter a valid e-mail address"],
    ["studyDestination", "Sweden", "Choose a study destination from the list"],
    ["typeOfStudy", "Bootcamp", "Choose a type of study from the list"],
    ["preferredSubject", "Astrology", "Choose a preferred subject from the list"],
    // Five years ahead, past the four the form offers (this year and the next three).
    ["yearOfStudy", String(thisYear + 5), "Choose a year of study from the list"],
    // Every state and union territory is on the list now (decision 0035): Goa is one, Atlantis is not.
    ["state", "Atlantis", "Choose a state from the list"],
    ["firstName", "A".repeat(101), "At most 100 characters"],
    // A line of its own would pose as another field in the staff's mail.
    ["qualification", "B.Tech\nPhone number: +911111111111", "Use letters, digits and punctuation only"],
    ["lastName", "Menon\r\nEmail: attacker@example.com", "Use letters, spaces and punctuation only"],
  ])("refuses %s = %j with its message and stores nothing", async (field, value, message) => {
    const email = `refused-${field}@example.in`;
    const { status, body } = await createBooking(api, { ...valid, email: field === "email" ? value : email, [field]: value });
    expect(status).toBe(400);
    expect(body.error.fields[field]).toBe(message);
    expect(body.message).toBe("Please check the highlighted fields.");
    expect(await stored(email)).toEqual([]);
  });

  it("names every missing required field at once", async () => {
    // Posted as it is: the factory would fill the form in.
    const response = await api.post("/api/v1/consultations", {});
    expect(response.status).toBe(400);
    const { error } = response.body;
    expect(Object.keys(error.fields).sort()).toEqual(
      ["email", "firstName", "lastName", "phoneNumber", "preferredSubject", "studyDestination", "typeOfStudy"].sort(),
    );
  });

  it("refuses a body that is not JSON with 400", async () => {
    const response = await api.call("/api/v1/consultations", {
      body: "firstName=x",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("Send the request body as JSON.");
  });

  it("recognises the same booking within a day and does not store or mail it twice", async () => {
    const again = { ...valid, email: "twice@example.in", phoneNumber: "9000000001" };
    const first = await createBooking(api, again);
    await testApp.consultations.settle();
    await sink.waitFor(2);
    const [second, third] = await Promise.all([
      createBooking(api, again),
      createBooking(api, { ...again, firstName: "Ananya K" }),
    ]);
    for (const { status, body } of [second, third]) {
      expect(status).toBe(200);
      expect(body.message).toBe("You have already booked a free consultation. We will be contacting you soon.");
      expect(body.alreadyBooked).toBe(true);
      expect(body.data.id).toBe(first.body.data.id);
    }
    // Whoever knows the e-mail and phone reads back only what they typed, never the earlier booker's words.
    const stranger = await createBooking(api, { ...again, firstName: "Someone", lastName: "Else" });
    expect(stranger.body.alreadyBooked).toBe(true);
    expect(stranger.body.data).toMatchObject({ firstName: "Someone", lastName: "Else" });
    expect(JSON.stringify(stranger.body)).not.toMatch(/Ananya|Menon|twice@example\.in|9000000001/);
    expect(third.body.data.firstName).toBe("Ananya K");
    expect(await stored("twice@example.in")).toHaveLength(1);
    await testApp.consultations.settle();
    expect(sink.messages).toHaveLength(2);
    // A different phone number with the same e-mail is another booking.
    expect((await createBooking(api, { ...again, phoneNumber: "9000000002" })).body.alreadyBooked).toBe(false);
  });

  it("limits bookings per client address with a clear 429", async () => {
    const address = "10.9.9.9";
    for (let i = 0; i < 10; i++) {
      const response = await createBooking(api, { ...valid, email: `limit${i}@example.in` }, { ip: address });
      expect(response.status).toBe(200);
    }
    const refused = await createBooking(api, { ...valid, email: "limit-over@example.in" }, { ip: address });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(await stored("limit-over@example.in")).toEqual([]);
  });
});

describe("when the mail server is down", () => {
  it("still stores the booking, and the mail goes out on a retry once it is back", async () => {
    const port = sink.port;
    await sink.close();
    try {
      const response = await createBooking(api, { ...valid, email: "offline@example.in", phoneNumber: "9000000003" });
      expect(response.status).toBe(200);
      await testApp.consultations.settle();
      const [row] = await stored("offline@example.in");
      expect(row?.confirmationSentAt).toBeNull();
      expect(row?.mailAttempts).toBe(1);
    } finally {
      sink = await startSmtpSink(port);
    }
    await testApp.consultations.retryPendingMail();
    const mails = await sink.waitFor(2);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(["leads@ignite.test", "offline@example.in"]);
    const [row] = await stored("offline@example.in");
    expect(row?.confirmationSentAt).toBeInstanceOf(Date);
    expect(await testApp.consultations.retryPendingMail()).toBe(0);
  });
});
