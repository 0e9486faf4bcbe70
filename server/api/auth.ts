import type { Context } from "hono";
import { Hono } from "hono";
import { parseCompareList } from "../../modules/catalogue/compare.ts";
import type { IdentityService } from "../../modules/identity/identity.ts";
import type { StudentService } from "../../modules/students/students.ts";
import { COMPARE_COOKIE, type CookieWriter, RESET_PROOF_COOKIE, readCookie } from "../../platform/cookies.ts";
import { accountMessages } from "../../vocabulary/accounts.ts";
import type { ServerEnv } from "../context.ts";
import { presentLogin } from "./presenters.ts";
import { readJson } from "./read-json.ts";

/** Accounts under /api/v1: the same rules as the screens (they call the same service). */
export function authApi(identity: IdentityService, cookies: CookieWriter, students: StudentService) {
  const api = new Hono<ServerEnv>();

  /** What the visitor compared joins the account's comparison, and the cookie is cleared (decision 0043). */
  const mergeComparison = async (c: Context<ServerEnv>, studentId: number) => {
    const cookie = readCookie(c.req.header("Cookie"), COMPARE_COOKIE);
    if (cookie === undefined) return;
    const visitor = parseCompareList(cookie);
    if (visitor.length) await students.mergeComparedCourses(studentId, visitor);
    c.header("Set-Cookie", cookies.compare(""), { append: true });
  };

  api.post("/auth/signup", async (c) => {
    const session = await identity.signUp(await readJson(c), c.var.clientIp, c.req.header("User-Agent"));
    c.header("Set-Cookie", cookies.session(session.token, session.expiresAt));
    await mergeComparison(c, session.student.studentId);
    return c.json(presentLogin(session, accountMessages.accountReady));
  });

  api.post("/auth/login", async (c) => {
    const session = await identity.logIn(await readJson(c), c.var.clientIp, c.req.header("User-Agent"));
    c.header("Set-Cookie", cookies.session(session.token, session.expiresAt));
    await mergeComparison(c, session.student.studentId);
    return c.json(presentLogin(session, accountMessages.loggedIn));
  });

  api.post("/auth/logout", async (c) => {
    if (c.var.sessionToken) await identity.logOut(c.var.sessionToken);
    c.header("Set-Cookie", cookies.clearSession());
    return c.json({ message: accountMessages.loggedOut });
  });

  api.post("/auth/password/code", async (c) => c.json(await identity.sendResetCode(await readJson(c), c.var.clientIp)));

  api.post("/auth/password/verify", async (c) => {
    const result = await identity.verifyResetCode(await readJson(c), c.var.clientIp);
    c.header("Set-Cookie", cookies.resetProof(result.proof));
    return c.json({ message: result.message });
  });

  api.post("/auth/password/reset", async (c) => {
    const proof = readCookie(c.req.header("Cookie"), RESET_PROOF_COOKIE);
    const result = await identity.resetPassword(proof, await readJson(c), c.var.clientIp);
    c.header("Set-Cookie", cookies.clearResetProof(), { append: true });
    c.header("Set-Cookie", cookies.clearSession(), { append: true });
    return c.json(result);
  });

  return api;
}
