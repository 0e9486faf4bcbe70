import { describe, expect, it } from "vitest";
import { firstFieldInError } from "./form-result.server.ts";

describe("the field a refused form puts the focus on", () => {
  it("is the first posted field in error, in the form's order, not the error's", () => {
    const fields = { email: "Enter a valid email", phoneNumber: "Enter a valid phone number" };
    const posted = { firstName: "Rahul", phoneNumber: "12345", email: "x", intent: "book" };
    expect(firstFieldInError(fields, posted)).toBe("phoneNumber");
  });

  it("is the first error's field when no field in error was posted (an unchosen radio group)", () => {
    expect(firstFieldInError({ preferredContact: "Choose one" }, { firstName: "Rahul" })).toBe("preferredContact");
  });

  it("is none when the refusal names no field", () => {
    expect(firstFieldInError({}, { email: "a@b.in" })).toBeUndefined();
  });
});
