import { describe, expect, it } from "vitest";
import { leadHistoryWords } from "./history.ts";

/** Decision 0035: a lead's history says each change in words, never `lead.status_changed {"status":...}`. */
describe("a lead's history in words", () => {
  const said = (action: string, before: unknown, after: unknown) => {
    const { shape, values } = leadHistoryWords({ action, before, after });
    return shape.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
  };

  it("says each kind of change as a sentence with its values", () => {
    expect(said("lead.created", null, { source: "Website form", assignedStaffId: 3 })).toBe("Booked on the website");
    expect(said("lead.created", null, { source: "Walk-in", assignedStaffId: null })).toBe("Entered by hand (source: Walk-in)");
    expect(
      said(
        "lead.status_changed",
        { status: "Contacted", lostReason: null, studentId: null },
        { status: "Converted", lostReason: null, studentId: 42 },
      ),
    ).toBe("Status changed from Contacted to Converted: became student #42");
    expect(said("lead.status_changed", { status: "New" }, { status: "Lost", lostReason: "Chose another agency" })).toBe(
      "Status changed from New to Lost: Chose another agency",
    );
    expect(said("lead.status_changed", { status: "New" }, { status: "Contacted", lostReason: null, studentId: null })).toBe(
      "Status changed from New to Contacted",
    );
    expect(said("lead.assigned", { assignedStaffId: null, assignedTo: null }, { assignedStaffId: 5, assignedTo: "Farah" })).toBe(
      "Assigned to Farah",
    );
    expect(said("lead.assigned", { assignedStaffId: 4, assignedTo: "Ravi" }, { assignedStaffId: 5, assignedTo: "Farah" })).toBe(
      "Reassigned from Ravi to Farah",
    );
    expect(said("lead.invited_to_sign_up", null, null)).toBe("Invited to sign up (e-mail sent)");
    expect(said("lead.assignee_mailed", null, { assignedStaffId: 5, assignedTo: "Farah" })).toBe("Farah told of it by e-mail");
    expect(
      said(
        "lead.merged",
        { mergedLeadId: null },
        { mergedLeadId: 9, merged: { name: "Asha Rao", email: "a@x.in", status: "New" } },
      ),
    ).toBe("Lead #9 (Asha Rao, a@x.in) merged into this one");
    expect(said("bookings.erased", null, { reason: "Asked by e-mail", bookings: 2 })).toBe(
      "Bookings erased (2): Asked by e-mail",
    );
  });

  it("never shows JSON, even for a change it does not know", () => {
    expect(said("lead.something_new", null, { a: 1 })).toBe("Changed (lead.something_new)");
    for (const action of ["lead.created", "lead.status_changed", "lead.assigned", "lead.merged", "bookings.erased"])
      expect(said(action, { x: 1 }, { y: 2 })).not.toMatch(/[{}"]/);
  });
});
