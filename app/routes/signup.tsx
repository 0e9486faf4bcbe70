import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { ContactChoices } from "~/components/contact-choices";
import { TextField } from "~/components/form-fields";
import { mergeComparisonAtSignIn } from "~/lib/comparison.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { safeRedirectTarget } from "~/lib/redirect-target";
import { useActionToast } from "~/lib/use-action-toast";
import { withWelcome } from "~/lib/welcome";
import { signupFormSchema } from "../../modules/identity/input.ts";
import { fieldRules } from "../../modules/validation.ts";
import { LANGUAGE_COOKIE, readCookie } from "../../platform/cookies.ts";
import { accountMessages } from "../../vocabulary/accounts.ts";
import { isLanguageCode } from "../../vocabulary/languages.ts";
import { consentWording } from "../../vocabulary/privacy.ts";
import { STUDENT_HOME_PATH } from "../../vocabulary/students.ts";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: `${t("Sign Up")} | Ignite` },
    {
      name: "description",
      content: t("Create a free Ignite account to save courses, keep your marks and documents, and follow your applications."),
    },
  ];
};

export function loader({ context }: Route.LoaderArgs) {
  if (context.student) throw redirect(STUDENT_HOME_PATH);
  return { rules: fieldRules(signupFormSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = {
    name1: String(form.get("name1") ?? ""),
    email: String(form.get("email") ?? ""),
    phone: String(form.get("phone") ?? ""),
    password: String(form.get("password") ?? ""),
    confirmPassword: String(form.get("confirmPassword") ?? ""),
    preferredContact: String(form.get("preferredContact") ?? ""),
    newsAndOffers: String(form.get("newsAndOffers") ?? ""),
  };
  return refusalOr(async () => {
    const session = await context.identity.signUp(values, context.clientIp, request.headers.get("User-Agent") ?? undefined);
    // What the visitor compared joins the account's comparison (decision 0043).
    const comparison = await mergeComparisonAtSignIn(request, context, session.student.studentId);
    // A language chosen before signing in is kept with the student: reminders and the feed follow it (decision 0086).
    const chosen = readCookie(request.headers.get("Cookie"), LANGUAGE_COOKIE);
    if (isLanguageCode(chosen)) await context.deadlines.rememberLanguage(session.student.studentId, chosen);
    const headers = new Headers({ "Set-Cookie": context.cookies.session(session.token, session.expiresAt) });
    for (const cookie of comparison.setCookies) headers.append("Set-Cookie", cookie);
    // The next screen welcomes the new student (and closes a warning the form showed before): decision 0051.
    return redirect(withWelcome(comparison.goTo ?? safeRedirectTarget(form.get("redirectTo"), STUDENT_HOME_PATH)), { headers });
  }, values);
}

const fields = [
  { name: "name1", label: "Full name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", inputMode: "tel" as const },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm password", type: "password", autoComplete: "new-password" },
];

export default function Signup({ actionData, loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const errors = actionData?.fields ?? {};
  const typed = actionData?.values ?? {};

  useActionToast(actionData, (answer) =>
    answer.status === 400
      ? { kind: "warning", text: answer.message }
      : answer.status === 429
        ? { kind: "error", text: answer.message }
        : { kind: "error", text: accountMessages.signupFailed },
  );

  return (
    <div className="container py-5" style={{ maxWidth: "32rem" }}>
      <h1 className="h2 mb-3">{t("Sign Up")}</h1>
      {actionData && (
        <noscript>
          <p className="alert alert-warning">{t(actionData.message)}</p>
        </noscript>
      )}
      {/* The server answers an incomplete form in the spec's words, so the browser's own bubbles stay off. */}
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? STUDENT_HOME_PATH} />
        {fields.map((field) => (
          <TextField
            className="mb-3"
            key={field.name}
            {...field}
            rules={loaderData.rules[field.name]}
            error={errors[field.name]}
            defaultValue={typed[field.name]}
          />
        ))}
        <p className="small text-body-secondary">{t(accountMessages.passwordRule)}</p>
        <div className="mb-3">
          <ContactChoices
            preferred={typed.preferredContact}
            news={typed.newsAndOffers === "on"}
            notice={consentWording.signup}
            error={errors.preferredContact}
          />
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={navigation.state === "submitting"}>
          {t("Sign Up")}
        </button>
      </Form>
      <p className="mt-3 text-center">
        {t("Already have an account?")} <Link to="/login">{t("Login")}</Link>
      </p>
    </div>
  );
}
