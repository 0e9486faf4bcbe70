import { describe, expect, it, vi } from "vitest";
import type { AppError } from "./errors.ts";
import { codeSchema, loginSchema, signupFormSchema, signupSchema } from "./identity/input.ts";
import { consultationInputSchema } from "./leads/input.ts";
import { profileSchema } from "./students/input.ts";
import { fieldRules, parseInput } from "./validation.ts";

describe("the browser's checks come from the schema the server parses with", () => {
  it("reads required fields, lengths and patterns of the sign-up screen", () => {
    const rules = fieldRules(signupFormSchema);
    expect(rules.name1).toMatchObject({ required: true, maxLength: 100 });
    expect(rules.email).toMatchObject({ required: true, maxLength: 254 });
    expect(rules.password).toEqual({ required: true, minLength: 8, maxLength: 200 });
    expect(rules.confirmPassword).toMatchObject({ required: true, maxLength: 200 });
    // The API may leave the confirmation out; the screen may not.
    expect(fieldRules(signupSchema).confirmPassword?.required).toBeUndefined();
  });

  it("reads ranges of the marks, optional fields, and the reset code's pattern without its anchors", () => {
    const profile = fieldRules(profileSchema);
    expect(profile["qualifications.percentage"]).toEqual({ min: 0, max: 100 });
    expect(profile["qualifications.cgpa"]).toEqual({ min: 0, max: 10 });
    expect(profile.address).toMatchObject({ maxLength: 500 });
    expect(profile.address?.required).toBeUndefined();
    expect(profile.passport_no?.pattern).toBe("[A-Za-z0-9]{6,12}");
    expect(fieldRules(codeSchema).entered_otp).toEqual({ required: true, pattern: "\\d{6}" });
    expect(fieldRules(loginSchema).password).toEqual({ required: true, maxLength: 200 });
  });

  it("marks the booking's required choices and leaves the optional ones free", () => {
    const rules = fieldRules(consultationInputSchema);
    for (const name of ["firstName", "lastName", "phoneNumber", "email", "studyDestination", "typeOfStudy", "preferredSubject"])
      expect(rules[name]?.required, name).toBe(true);
    for (const name of ["yearOfStudy", "state", "qualification"]) expect(rules[name]?.required, name).toBeUndefined();
  });
});

describe("parsing input", () => {
  it("summarises with the blank-form message when a refused field was left empty, else the first field's", () => {
    const blank = () =>
      parseInput(signupSchema, { name1: "Asha", email: "", phone: "9876543210", password: "x" }, undefined, {
        whenBlank: "Fill the form",
      });
    expect(blank).toThrow("Fill the form");
    const wrong = () =>
      parseInput(signupSchema, { name1: "Asha", email: "a@b.in", phone: "9876543210", password: "short" }, undefined, {
        whenBlank: "Fill the form",
      });
    expect(wrong).toThrow("Use at least 8 characters");
  });

  it("puts the spec's order of checks first: passwords that differ are told before a wrong phone number", () => {
    const input = { name1: "Asha", email: "a@b.in", phone: "12345", password: "long-enough-1", confirmPassword: "long-enough-2" };
    const refusal = (() => {
      try {
        parseInput(signupSchema, input, undefined, { whenBlank: "Fill the form", first: ["confirmPassword"] });
      } catch (error) {
        return error as AppError;
      }
    })();
    expect(refusal?.message).toBe("Passwords doesn't match");
    expect(refusal?.fields).toMatchObject({
      confirmPassword: "Passwords doesn't match",
      phone: "Enter a valid phone number (Indian numbers may leave out +91)",
    });
  });
});

describe("a date of birth", () => {
  it("may be India's today at 02:00 IST, when the UTC day is still yesterday (decision 0109), and not tomorrow", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // 02:00 on 29 November in India is 20:30 on the 28th in UTC.
      vi.setSystemTime(new Date("2026-11-28T20:30:00Z"));
      const profile = { name1: "अनन्या शर्मा", phone: "9876512345" };
      expect(profileSchema.safeParse({ ...profile, dob: "2026-11-29" }).success).toBe(true);
      const tomorrow = profileSchema.safeParse({ ...profile, dob: "2026-11-30" });
      expect(tomorrow.error?.issues.map((issue) => issue.message)).toEqual(["Enter a date of birth in the past"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
