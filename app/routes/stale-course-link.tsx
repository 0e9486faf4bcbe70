import { redirect } from "react-router";

/** The spec's stale /university/course link: a course has its own /courses/{id} page (DESIGN.md 6.1). */
export function loader() {
  return redirect("/search");
}
