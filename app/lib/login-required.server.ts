import { redirect } from "react-router";
import type { CurrentStudent } from "../../modules/identity/identity.ts";

/**
 * Screens that need a student send a visitor to /login with the spec's warning, remembering where
 * they were going; after login the student comes back there.
 */
export function requireStudent(request: Request, student: CurrentStudent | null): CurrentStudent {
  if (student) return student;
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(`/login?reason=login-required&redirectTo=${encodeURIComponent(back)}`);
}
