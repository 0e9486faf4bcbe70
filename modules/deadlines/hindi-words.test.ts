import { describe, expect, it } from "vitest";
import hindi from "../../app/locales/hi.json" with { type: "json" };
import { deadlineKinds, deadlineWords, hindiWords } from "../../vocabulary/deadlines.ts";
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

  it("say where a deadline was read with the screens' Hindi for the day it was checked, its age and 'not checked' (decision 0105)", () => {
    const screens = hindi as Record<string, string>;
    const said = (ageDays: number) =>
      deadlineWords.hi.deadlineChecked({ source: "University website", checkedOn: "2026-10-20", ageDays });
    expect(said(40)).toContain(String(screens["checked on {day}"]).replace("{day}", deadlineWords.hi.date("2026-10-20")));
    expect(said(0)).toContain(`(${screens.today})`);
    expect(said(40)).toContain(`(${String(screens["{days} days ago"]).replace("{days}", "40")})`);
    expect(said(100)).toContain(`(${String(screens["{months} months ago"]).replace("{months}", "3")})`);
    expect(said(400)).toContain(`(${screens["over a year ago"]})`);
    expect(deadlineWords.hi.deadlineChecked({ source: null, checkedOn: null, ageDays: null })).toBe(
      `अंतिम तिथि का स्रोत: ${screens["not checked"]}।`,
    );
  });
});
