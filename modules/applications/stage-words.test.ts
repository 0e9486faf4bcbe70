import { describe, expect, it } from "vitest";
import { applicationStages, applicationStatuses, type WaitingOn, waitingOnLabels } from "../../vocabulary/applications.ts";

/** Decision 0035: whom a stage waits on, written for each audience rather than made by string surgery. */
describe("whom a stage waits on, in each audience's words", () => {
  const waits = Object.keys(waitingOnLabels.student) as WaitingOn[];

  it("the student reads 'you' and 'your counsellor'; staff read 'the student' and 'the counsellor'", () => {
    expect(waitingOnLabels.student.student).toBe("Waiting on you");
    expect(waitingOnLabels.student.counsellor).toBe("Waiting on your counsellor");
    expect(waitingOnLabels.staff.student).toBe("Waiting on the student");
    expect(waitingOnLabels.staff.counsellor).toBe("Waiting on the counsellor");
  });

  it("no staff label speaks to the student, and every stage's wait has a label for both", () => {
    for (const wait of waits) expect(waitingOnLabels.staff[wait]).not.toMatch(/\byou(r)?\b|studentr/i);
    for (const status of applicationStatuses) {
      const { waitingOn } = applicationStages[status];
      expect(waitingOnLabels.student[waitingOn]).toBeTruthy();
      expect(waitingOnLabels.staff[waitingOn]).toBeTruthy();
    }
  });
});
