import { describe, expect, it } from "vitest";
import { lettersInPackage } from "./letters.ts";

/** "N of M letters submitted" on the package's LOR row and the letters page (decision 0076). */
describe("lettersInPackage", () => {
  const otherItems = [
    { item: "Passport", state: "Approved" },
    { item: "SOP", state: "Waiting for review" },
  ];

  it("counts the letters handed in: through the portal, or uploaded and approved or waiting for review", () => {
    const checklist = [
      ...otherItems,
      { item: "LOR", state: "Letter submitted" },
      { item: "LOR 2", state: "Approved" },
      { item: "LOR 3", state: "Waiting for review" },
    ];
    expect(lettersInPackage(checklist)).toEqual({ required: 3, submitted: 3 });
  });

  it("does not count an upload sent back for correction as submitted", () => {
    const checklist = [
      ...otherItems,
      { item: "LOR", state: "Letter submitted" },
      { item: "LOR 2", state: "Correction requested" },
    ];
    expect(lettersInPackage(checklist)).toEqual({ required: 2, submitted: 1 });
  });

  it("leaves a letter staff waived out of those asked, so the last letter makes it complete", () => {
    const checklist = [
      ...otherItems,
      { item: "LOR", state: "Letter submitted" },
      { item: "LOR 2", state: "Approved" },
      { item: "LOR 3", state: "Waived" },
    ];
    expect(lettersInPackage(checklist)).toEqual({ required: 2, submitted: 2 });
    expect(lettersInPackage([...otherItems, { item: "LOR", state: "Missing" }, { item: "LOR 2", state: "Waived" }])).toEqual({
      required: 1,
      submitted: 0,
    });
  });
});
