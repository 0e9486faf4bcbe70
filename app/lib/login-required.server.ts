import { redirect } from "react-router";

/**
 * Screens that need a student send a visitor to /login with the spec's warning, remembering where
 * they were going. Student accounts arrive with the accounts issue; until then every caller is a visitor.
 */
export function requireStudent(request: Request): never {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(`/login?reason=login-required&redirectTo=${encodeURIComponent(back)}`);
}
