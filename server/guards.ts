import { createMiddleware } from "hono/factory";
import { AppError } from "../modules/errors.ts";
import type { CurrentStudent } from "../modules/identity/identity.ts";
import type { StaffMember } from "../modules/policies.ts";
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

/** What a handler behind `requireStaff` sees: the staff member is there, typed non-null. */
export type StaffEnv = { Variables: Omit<ServerEnv["Variables"], "staff"> & { staff: StaffMember } };

/**
 * In front of every staff call but sign-in: without a staff session (a visitor, or a student) the path
 * does not exist (404), so the staff side cannot even be discovered from outside.
 */
export const requireStaff = createMiddleware<StaffEnv>(async (c, next) => {
  if (!(c.var as ServerEnv["Variables"]).staff) throw new AppError("not_found", "No such API path");
  await next();
});
