import { redirect } from "react-router";
import type { CurrentStudent } from "../../modules/identity/identity.ts";

/**
 * Screens that need a student send a visitor to /login with the spec's warning, remembering where
 * they were going; after login the student comes back there.
 */
export function requireStudent(request: Request, student: CurrentStudent | null): CurrentStudent {
  if (student) return student;
  // React Router 8 hands loaders the raw request: a client navigation asks for `/path.data?_routes=…`
  // (`/_.data` for `/`). The address to come back to is the page's.
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  for (const internal of ["_routes", "index"]) url.searchParams.delete(internal);
  const back = url.pathname + url.search;
  throw redirect(`/login?reason=login-required&redirectTo=${encodeURIComponent(back)}`);
}
