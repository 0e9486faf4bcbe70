import { Link, redirect } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { requireStudent } from "~/lib/login-required.server";
import { notify } from "~/lib/toast";
import { AppError } from "../../modules/errors.ts";
import { privacyMessages } from "../../vocabulary/privacy.ts";
import type { Route } from "./+types/delete-account";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Delete my account")} | Ignite` }];

export function loader({ request, context }: Route.LoaderArgs) {
  requireStudent(request, context.student);
  throw redirect("/profile/privacy");
}

/**
 * "Delete my account" (decision 0024): the password again, then the erasure; the session cookie is
 * cleared and the student lands on the home screen. A wrong password answers here, with the profile's link.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const form = await request.formData();
  const refused = await refusalOr(async () => {
    // The second step (decision 0051): the box ticked, checked here whatever the browser did.
    if (form.get("confirm") !== "yes")
      throw new AppError("invalid_input", privacyMessages.deleteNotConfirmed, { confirm: privacyMessages.deleteNotConfirmed });
    await context.privacy.eraseOwnAccount(student.studentId, { password: String(form.get("password") ?? "") });
    return null;
  });
  if (refused) return refused;
  return redirect("/", { headers: { "Set-Cookie": context.cookies.clearSession() } });
}

/** With scripts: the redirect home is told as a toast; a refusal shows here. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    const answer = await serverAction();
    if (answer && !answer.ok) notify("error", answer.message);
    return answer;
  } catch (answer) {
    if (answer instanceof Response) notify("success", privacyMessages.deleted);
    throw answer;
  }
}

export default function DeleteAccount({ actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <div className="container py-5" style={{ maxWidth: "32rem" }}>
      <h1 className="h3">{t(privacyMessages.deleteHeading)}</h1>
      <p className="alert alert-danger" role="alert">
        {t(actionData?.message ?? privacyMessages.deleteWrongPassword)}
      </p>
      <Link to="/profile/privacy">{t("Back to your profile")}</Link>
    </div>
  );
}
