import { data, redirect } from "react-router";
import { safeRedirectTarget } from "~/lib/redirect-target";
import { isLanguageCode } from "../../vocabulary/languages.ts";
import type { Route } from "./+types/language";

/**
 * The language switch (decision 0029): a plain form post, so it works without JavaScript. The choice
 * is kept in a cookie for a year and the visitor goes back to the page they were on, now in it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  if (!isLanguageCode(language)) throw data({ message: "Choose English or Hindi." }, { status: 400 });
  // A signed-in student's choice is kept with them: their reminders and calendar feed follow it (decision 0086).
  if (context.student) await context.deadlines.rememberLanguage(context.student.studentId, language);
  return redirect(safeRedirectTarget(form.get("redirectTo")), {
    headers: { "Set-Cookie": context.cookies.language(language) },
  });
}

/** Nothing to show at this address: an address typed by hand goes home. */
export function loader() {
  return redirect("/");
}
