import { describe, expect, it } from "vitest";
import { statementKindOf } from "./statements.ts";

/** The statement an address names (decision 0072), whether the page is loaded or its data fetched after. */
describe("statementKindOf", () => {
  it("reads the letter of explanation from its address and from the address its data is fetched at", () => {
    expect(statementKindOf("/user/applications/12/letter-of-explanation")).toBe("loe");
    expect(statementKindOf("/user/applications/12/letter-of-explanation.data")).toBe("loe");
    expect(statementKindOf("/staff/applications/12/letter-of-explanation.data")).toBe("loe");
    expect(statementKindOf("/user/applications/12/sop")).toBe("sop");
    expect(statementKindOf("/user/applications/12/sop.data")).toBe("sop");
  });
});
