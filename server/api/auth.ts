import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { parseCompareList } from "../../modules/catalogue/compare.ts";
import type { IdentityService } from "../../modules/identity/identity.ts";
import {
  codeSchema,
  loginSchema,
  newPasswordSchema,
  resetCodeRequestSchema,
  signupSchema,
} from "../../modules/identity/input.ts";
import type { StudentService } from "../../modules/students/students.ts";
import { COMPARE_COOKIE, type CookieWriter, RESET_PROOF_COOKIE, readCookie } from "../../platform/cookies.ts";
import { accountMessages, CODE_RESEND_SECONDS } from "../../vocabulary/accounts.ts";
import type { ServerEnv } from "../context.ts";
import { answer, body, describe, failures, message, ref } from "./openapi-parts.ts";
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

  api.post(
    "/auth/signup",
    describe({
      operationId: "signUp",
      summary: "Create a student account and log in",
      requestBody: body(signupSchema),
      responses: { 200: answer("Signed up and logged in", ref("LoggedIn")), ...failures(400, 429) },
    }),
    async (c) => {
      const session = await identity.signUp(await readJson(c), c.var.clientIp, c.req.header("User-Agent"));
      c.header("Set-Cookie", cookies.session(session.token, session.expiresAt));
      await mergeComparison(c, session.student.studentId);
      return c.json(presentLogin(session, accountMessages.accountReady));
    },
  );

  api.post(
    "/auth/login",
    describe({
      operationId: "logIn",
      summary: "Log in (exp_days up to 30)",
      requestBody: body(loginSchema),
      responses: { 200: answer("Logged in", ref("LoggedIn")), ...failures(400, 401, 429) },
    }),
    async (c) => {
      const session = await identity.logIn(await readJson(c), c.var.clientIp, c.req.header("User-Agent"));
      c.header("Set-Cookie", cookies.session(session.token, session.expiresAt));
      await mergeComparison(c, session.student.studentId);
      return c.json(presentLogin(session, accountMessages.loggedIn));
    },
  );

  api.post(
    "/auth/logout",
    describe({
      operationId: "logOut",
      summary: "End this session and clear its cookie",
      responses: { 200: answer("Logged out", ref("Message")) },
    }),
    async (c) => {
      if (c.var.sessionToken) await identity.logOut(c.var.sessionToken);
      c.header("Set-Cookie", cookies.clearSession());
      return c.json({ message: accountMessages.loggedOut });
    },
  );

  api.post(
    "/auth/password/code",
    describe({
      operationId: "sendResetCode",
      summary: `E-mail a password reset code (at most one per ${CODE_RESEND_SECONDS} seconds)`,
      requestBody: body(resetCodeRequestSchema),
      responses: {
        200: answer("Code sent", z.toJSONSchema(message.extend({ email: z.string() }))),
        ...failures(400, 404, 429, 503),
      },
    }),
    async (c) => c.json(await identity.sendResetCode(await readJson(c), c.var.clientIp)),
  );

  api.post(
    "/auth/password/verify",
    describe({
      operationId: "verifyResetCode",
      summary: "Check the code; sets a one-time proof cookie (ignite_reset)",
      requestBody: body(codeSchema),
      responses: { 200: answer("Code verified", ref("Message")), ...failures(400, 429) },
    }),
    async (c) => {
      const result = await identity.verifyResetCode(await readJson(c), c.var.clientIp);
      c.header("Set-Cookie", cookies.resetProof(result.proof));
      return c.json({ message: result.message });
    },
  );

  api.post(
    "/auth/password/reset",
    describe({
      operationId: "resetPassword",
      summary: "Set the new password (needs the proof cookie); ends every session",
      requestBody: body(newPasswordSchema),
      responses: { 200: answer("Password has been updated", ref("Message")), ...failures(400, 429) },
    }),
    async (c) => {
      const proof = readCookie(c.req.header("Cookie"), RESET_PROOF_COOKIE);
      const result = await identity.resetPassword(proof, await readJson(c), c.var.clientIp);
      c.header("Set-Cookie", cookies.clearResetProof(), { append: true });
      c.header("Set-Cookie", cookies.clearSession(), { append: true });
      return c.json(result);
    },
  );

  return api;
}
