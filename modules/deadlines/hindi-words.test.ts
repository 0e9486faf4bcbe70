import { describe, expect, it } from "vitest";
import hindi from "../../app/locales/hi.json" with { type: "json" };
import { deadlineKinds, hindiWords } from "../../vocabulary/deadlines.ts";
import { APPLICATION_FEE_ITEM, attachmentTypes } from "../../vocabulary/documents.ts";

/**
 * The reminders and the feed say an item in Hindi with the word the screens use (decision 0086): the
 * deadlines' Hindi words equal the Hindi catalogue's, and every standard package item and kind has one.
 */
describe("the Hindi words of reminders and the feed", () => {
  it("are the screens' own, for every document type, the fee and each kind of dated thing", () => {
    const screens = hindi as Record<string, string>;
    for (const [english, words] of Object.entries(hindiWords)) expect(words, english).toBe(screens[english]);
    for (const english of [...attachmentTypes, APPLICATION_FEE_ITEM, ...Object.values(deadlineKinds)])
      expect(hindiWords[english], english).toMatch(/[\u0900-\u097F]/);
  });
});
