import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { invitationIcs, type SessionForMail } from "./mail.ts";

/**
 * The invitation read by a strict iCalendar parser (ical.js) and measured in octets (decision 0048): a
 * name cannot leave its quotes to name another attendee, and no line is longer than 75 octets.
 */
const session = (overrides: Partial<SessionForMail>): SessionForMail => ({
  id: 1,
  uid: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d@ignite",
  kind: "consultation-call",
  startsAt: new Date("2026-12-03T04:30:00Z"),
  endsAt: new Date("2026-12-03T05:00:00Z"),
  sequence: 0,
  cancelled: false,
  counsellor: "Asha Verma",
  counsellorEmail: "asha@ignite.test",
  attendee: "Priya Sharma",
  attendeeEmail: "priya@example.in",
  studentId: null,
  meetingLink: "https://meet.google.com/abc-defg-hij",
  ...overrides,
});

const attendeesOf = (ics: string) => {
  const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent");
  return (event?.getAllProperties("attendee") ?? []).map((p) => ({ value: p.getFirstValue(), cn: p.getParameter("cn") }));
};

describe("the invitation's attendee", () => {
  it("is the student's address, whatever their name says", () => {
    const ics = invitationIcs(session({ attendee: 'Mallory":mailto:attacker@evil.example;X="' }));
    expect(attendeesOf(ics)).toEqual([{ value: "mailto:priya@example.in", cn: "Mallory':mailto:attacker@evil.example;X='" }]);
    expect(ics).not.toContain('\\"');
  });

  it("keeps a name in Devanagari whole, on lines of at most 75 octets that a strict reader unfolds", () => {
    const name = "प्रियंका रामचंद्रन वेंकटसुब्रमण्यम अय्यर";
    const ics = invitationIcs(session({ attendee: name, counsellor: "अनन्या कृष्णमूर्ति शास्त्री" }));
    const lines = ics.split("\r\n");
    const longest = Math.max(...lines.map((line) => Buffer.byteLength(line, "utf8")));
    expect(longest).toBeLessThanOrEqual(75);
    expect(attendeesOf(ics)).toEqual([{ value: "mailto:priya@example.in", cn: name }]);
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent");
    expect(event?.getFirstProperty("organizer")?.getParameter("cn")).toBe("अनन्या कृष्णमूर्ति शास्त्री");
    expect(String(event?.getFirstPropertyValue("description"))).toContain("Consultation call with अनन्या कृष्णमूर्ति शास्त्री");
  });
});
