import { createMiddleware } from "hono/factory";
import { AppError } from "../modules/errors.ts";
import type { CurrentStudent } from "../modules/identity/identity.ts";
import { accountMessages } from "../vocabulary/accounts.ts";
import type { ServerEnv } from "./context.ts";

/** What a handler behind `requireStudent` sees: the student is there, typed non-null. */
export type StudentEnv = { Variables: Omit<ServerEnv["Variables"], "student"> & { student: CurrentStudent } };

/**
 * Put in front of a handler whose every answer is about the logged-in student: a visitor gets 401
 * with the spec's words; the handler receives `c.var.student` without a cast. The owner of what it
 * reads or writes always comes from here, never from the request.
 */
export const requireStudent = createMiddleware<StudentEnv>(async (c, next) => {
  if (!(c.var as ServerEnv["Variables"]).student) throw new AppError("unauthenticated", accountMessages.loginRequired);
  await next();
});
