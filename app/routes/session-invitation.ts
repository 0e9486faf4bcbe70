import { data } from "react-router";
import { requireStudent } from "~/lib/login-required.server";
import { sessionMessages } from "../../vocabulary/counselling.ts";
import type { Route } from "./+types/session-invitation";

/**
 * One of the student's own sessions as a calendar file (its latest state): the way to a calendar when
 * the invitation's mail could not be sent, and for anyone who would rather add it by hand (decision 0048).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const id = Number.parseInt(params.sessionId, 10);
  const file = Number.isSafeInteger(id) ? await context.counselling.invitationFile(student.studentId, id) : undefined;
  if (!file) throw data({ message: sessionMessages.noSuchSession }, { status: 404 });
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
