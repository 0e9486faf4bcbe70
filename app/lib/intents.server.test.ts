import { describe, expect, it } from "vitest";
import { AppError } from "../../modules/errors.ts";
import { byIntent } from "./intents.server.ts";

describe("byIntent", () => {
  const handlers = { note: () => "noted", email: () => "sent" };

  it("runs the handler the form's intent names, and only that one", () => {
    let calls = 0;
    const answer = byIntent("email", {
      note: () => {
        calls += 1;
        return "noted";
      },
      email: () => "sent",
    });
    expect(answer).toBe("sent");
    expect(calls).toBe(0);
  });

  it("runs `otherwise` for a form without an intent or with one it does not know", () => {
    expect(byIntent(null, handlers, { otherwise: "note" })).toBe("noted");
    expect(byIntent("nonsense", handlers, { otherwise: "note" })).toBe("noted");
  });

  it("refuses an unknown intent with a 400 when there is no `otherwise`", () => {
    for (const intent of [null, "", "nonsense", "toString", "__proto__"]) {
      let refused: unknown;
      try {
        byIntent(intent, handlers);
      } catch (error) {
        refused = error;
      }
      expect(AppError.is(refused) && refused.status).toBe(400);
      expect(AppError.is(refused) && refused.message).toBe("Unknown action");
    }
    expect(() => byIntent("x", handlers, { unknown: "Choose add or remove" })).toThrow("Choose add or remove");
  });
});
