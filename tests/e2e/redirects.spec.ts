import { hostileTargets } from "../support/hostile-targets.ts";
import { expect, httpClient, signUpStudent, test, uniqueEmail } from "./fixtures.ts";

test.describe("the return target after login and sign-up is only ever a path on this site", () => {
  test("a logged-in student opening /login with a hostile target goes to their home", async () => {
    const student = await httpClient();
    await signUpStudent(student);
    for (const target of hostileTargets) {
      const response = await student.get(`/login?redirectTo=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      expect(response.status(), target).toBe(302);
      // The student's own home (decision 0062): a path on this site.
      expect(response.headers().location, target).toBe("/home");
    }
    const saved = await student.get(`/login?redirectTo=${encodeURIComponent("/user/saved-courses")}`, { maxRedirects: 0 });
    expect(saved.headers().location).toBe("/user/saved-courses");
    await student.dispose();
  });

  test("logging in or signing up with a hostile target goes to the student's home", async () => {
    const first = await httpClient();
    const { email, password } = await signUpStudent(first);
    await first.dispose();
    for (const target of hostileTargets) {
      // A client of its own each time, so the per-address login and sign-up limits stay out of the way.
      const visitor = await httpClient();
      const login = await visitor.post("/login", { form: { email, password, redirectTo: target }, maxRedirects: 0 });
      expect(login.status(), target).toBe(302);
      expect(login.headers().location, target).toBe("/home");
      const signup = await visitor.post("/signup", {
        form: {
          name1: "Isha Kapoor",
          email: uniqueEmail("redirect"),
          phone: "9876501236",
          password,
          confirmPassword: password,
          redirectTo: target,
        },
        maxRedirects: 0,
      });
      expect(signup.status(), target).toBe(302);
      // The student's home (decision 0062), with the sign-up's welcome (decision 0051): still a path on this site.
      expect(signup.headers().location, target).toBe("/home?welcome=1");
      await visitor.dispose();
    }
  });

  test("changing the language with a hostile target goes home", async () => {
    const visitor = await httpClient();
    for (const target of hostileTargets) {
      const response = await visitor.post("/language", { form: { language: "hi", redirectTo: target }, maxRedirects: 0 });
      expect(response.status(), target).toBe(302);
      expect(response.headers().location, target).toBe("/");
    }
    const back = await visitor.post("/language", {
      form: { language: "en", redirectTo: "/universities?page=2" },
      maxRedirects: 0,
    });
    expect(back.headers().location).toBe("/universities?page=2");
    await visitor.dispose();
  });

  test("a protected screen sends a visitor to login with its own path, and login brings them back to it", async () => {
    const visitor = await httpClient();
    const { email, password } = await signUpStudent(visitor);
    await visitor.post("/api/v1/auth/logout");
    const refused = await visitor.get("/user/saved-courses?sort=new", { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    const location = new URL(refused.headers().location ?? "", "http://x");
    expect(location.pathname).toBe("/login");
    const target = location.searchParams.get("redirectTo");
    expect(target).toBe("/user/saved-courses?sort=new");
    const login = await visitor.post("/login", { form: { email, password, redirectTo: target ?? "" }, maxRedirects: 0 });
    expect(login.headers().location).toBe("/user/saved-courses?sort=new");
    await visitor.dispose();
  });
});
