import { describe, expect, it } from "vitest";
import { applicationTicked, invitationFormValues } from "./letter-invitation";

function posted(entries: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("the refused invitation form", () => {
  it("keeps every application ticked and the waiver chosen, not only the screen's application", () => {
    const values = invitationFormValues(
      posted([
        ["intent", "invite"],
        ["fullName", "डॉ. सुनीता शर्मा"],
        ["email", "sunita.sharma@iitb,ac.in"],
        ["role", "Associate Professor"],
        ["institution", "IIT Bombay"],
        ["relation", "Teacher"],
        ["applicationIds", "12"],
        ["applicationIds", "31"],
        ["waiver", "waive"],
      ]),
    );
    expect(values).toMatchObject({ fullName: "डॉ. सुनीता शर्मा", email: "sunita.sharma@iitb,ac.in", waiver: "waive" });
    expect([12, 31, 40].map((id) => applicationTicked(values, id, 12))).toEqual([true, true, false]);
  });

  it("shows none ticked when none was, and no waiver when none was chosen", () => {
    const values = invitationFormValues(posted([["fullName", "Ravi Kumar"]]));
    expect(applicationTicked(values, 12, 12)).toBe(false);
    expect(values.waiver).toBeUndefined();
  });

  it("ticks only the screen's application before anything was posted", () => {
    expect(applicationTicked(undefined, 12, 12)).toBe(true);
    expect(applicationTicked(undefined, 31, 12)).toBe(false);
  });
});
