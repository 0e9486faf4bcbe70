import { expect, httpClient, test } from "./fixtures.ts";
import { ADMIN } from "./staff-fixtures.ts";

/**
 * Decision 0034: a NUL byte typed into the sign-in forms (student and staff, posted
 * as a browser without scripts posts them) or put in a console list's search is a 400, never a 500.
 */
test("a NUL byte in the sign-in forms and in a console search answers 400, not 500", async () => {
  const client = await httpClient();
  try {
    for (const [path, form] of [
      ["/login", { email: "someone@example.in", password: "pass\u0000word", redirectTo: "/" }],
      ["/login", { email: "some\u0000one@example.in", password: "password-1", redirectTo: "/" }],
      ["/staff/login", { email: ADMIN.email, password: "e2e\u0000admin" }],
      ["/staff/login", { email: "admin\u0000@ignite.test", password: ADMIN.password }],
    ] as const) {
      const answer = await client.post(path, { form, maxRedirects: 0 });
      expect(answer.status(), `${path} ${JSON.stringify(form)}`).toBe(400);
    }
    // The console's list searches, signed in as the admin.
    const signedIn = await client.post("/api/v1/staff/session", { data: { email: ADMIN.email, password: ADMIN.password } });
    expect(signedIn.status()).toBe(200);
    for (const path of ["/staff/leads?q=abc%00def", "/staff/students?q=abc%00def", "/search?q=abc%00def"]) {
      const answer = await client.get(path, { headers: { Accept: "text/html" } });
      expect(answer.status(), path).toBe(400);
      // The screen's own 400 page, not the API's JSON error.
      expect(answer.headers()["content-type"], path).toContain("text/html");
      expect(await answer.text(), path).toContain("invisible control characters");
    }
  } finally {
    await client.dispose();
  }
});
