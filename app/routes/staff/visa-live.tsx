import { redirect } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { requireStaffWith } from "~/lib/staff.server";
import { parseId } from "../../../modules/ids.ts";
import { canCoachVisas } from "../../../modules/policies.ts";
import type { Route } from "./+types/visa-live";

/**
 * A live mock visa interview (a counselling session of that kind, decision 0040) ends with the practice's
 * rubric (decision 0040): its practice is made on first use, with the questions to ask chosen from the
 * student's file, and the counsellor scores it on the review page.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canCoachVisas);
  const practiceId = await orRouteError(
    (async () => context.staff.visas.startLivePractice(member, parseId(params.sessionId, "Session")))(),
  );
  return redirect(`/staff/visas/practices/${practiceId}`);
}

/** Reached by address: the calendar's button posts here. */
export function loader() {
  return redirect("/staff/calendar");
}
