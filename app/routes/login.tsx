import { useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { ruleAttributes } from "~/components/form-fields";
import { mergeComparisonAtSignIn } from "~/lib/comparison.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { safeRedirectTarget } from "~/lib/redirect-target";
import { notify } from "~/lib/toast";
import { useActionToast } from "~/lib/use-action-toast";
import { loginSchema } from "../../modules/identity/input.ts";
import { fieldRules } from "../../modules/validation.ts";
import { LANGUAGE_COOKIE, readCookie } from "../../platform/cookies.ts";
import { accountMessages } from "../../vocabulary/accounts.ts";
import { isLanguageCode } from "../../vocabulary/languages.ts";
import { STUDENT_HOME_PATH } from "../../vocabulary/students.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: `${t("Login")} | Ignite` },
    { name: "description", content: t("Login to see your saved courses, applications and documents on Ignite.") },
  ];
};

export function loader({ request, context }: Route.LoaderArgs) {
  if (context.student) throw redirect(safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"), STUDENT_HOME_PATH));
  return { rules: fieldRules(loginSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return refusalOr(async () => {
    const session = await context.identity.logIn(
      { email: form.get("email"), password: form.get("password"), exp_days: 30 },
      context.clientIp,
      request.headers.get("User-Agent") ?? undefined,
    );
    // What the visitor compared joins the account's comparison (decision 0043).
    const comparison = await mergeComparisonAtSignIn(request, context, session.student.studentId);
    // A language chosen before signing in is kept with the student: reminders and the feed follow it (decision 0086).
    const chosen = readCookie(request.headers.get("Cookie"), LANGUAGE_COOKIE);
    if (isLanguageCode(chosen)) await context.deadlines.rememberLanguage(session.student.studentId, chosen);
    const headers = new Headers({ "Set-Cookie": context.cookies.session(session.token, session.expiresAt) });
    for (const cookie of comparison.setCookies) headers.append("Set-Cookie", cookie);
    return redirect(comparison.goTo ?? safeRedirectTarget(form.get("redirectTo"), STUDENT_HOME_PATH), { headers });
  });
}

/** The warning a protected screen sends along, as a toast (and as text when scripts are off). */
function useLoginRequiredWarning() {
  const [params, setParams] = useSearchParams();
  const required = params.get("reason") === "login-required";
  useEffect(() => {
    if (!required) return;
    notify("warning", accountMessages.loginRequired);
    const next = new URLSearchParams(params);
    next.delete("reason");
    setParams(next, { replace: true, preventScrollReset: true });
  }, [required, params, setParams]);
  return required;
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const { rules } = loaderData;
  const { t } = useT();
  const required = useLoginRequiredWarning();
  const [params] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  const navigation = useNavigation();
  const errors: Record<string, string> = actionData?.fields ?? {};

  useActionToast(actionData, (answer) =>
    answer.status === 401 || answer.status === 429
      ? { kind: "error", text: answer.message }
      : answer.status === 400
        ? { kind: "warning", text: accountMessages.pleaseFillTheForm }
        : { kind: "error", text: accountMessages.loginFailed },
  );

  return (
    <div className="container py-5" style={{ maxWidth: "32rem" }}>
      <h1 className="h2 mb-3">{t("Login")}</h1>
      {required && (
        <noscript>
          <p className="alert alert-warning">{t(accountMessages.loginRequired)}</p>
        </noscript>
      )}
      {actionData && (
        <noscript>
          <p className="alert alert-danger">{t(actionData.message)}</p>
        </noscript>
      )}
      {/* The server answers an empty or wrong form in the spec's words, so the browser's own bubbles stay off. */}
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? STUDENT_HOME_PATH} />
        <div className="mb-3">
          <label htmlFor="email" className="form-label">
            {t("Email")}
          </label>
          <input
            id="email"
            name="email"
            type="email"
            className={`form-control${errors.email ? " is-invalid" : ""}`}
            autoComplete="email"
            // biome-ignore lint/a11y/noAutofocus: asked for by submitting; the field a refusal names (refusal-focus.ts)
            autoFocus={actionData?.focus === "email"}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "email-error" : undefined}
            {...ruleAttributes("email", rules.email)}
          />
          {errors.email && (
            <div id="email-error" className="invalid-feedback d-block">
              {t(errors.email)}
            </div>
          )}
        </div>
        <div className="mb-2">
          <label htmlFor="password" className="form-label">
            {t("Password")}
          </label>
          <div className="input-group">
            <input
              id="password"
              name="password"
              type={showPassword ? "text" : "password"}
              className={`form-control${errors.password ? " is-invalid" : ""}`}
              autoComplete="current-password"
              // biome-ignore lint/a11y/noAutofocus: asked for by submitting; the field a refusal names (refusal-focus.ts)
              autoFocus={actionData?.focus === "password"}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? "password-error" : undefined}
              {...ruleAttributes("password", rules.password)}
            />
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-controls="password"
              aria-pressed={showPassword}
            >
              {showPassword ? t("Hide") : t("Show")}
              <span className="visually-hidden"> {t("password")}</span>
            </button>
          </div>
          {errors.password && (
            <div id="password-error" className="invalid-feedback d-block">
              {t(errors.password)}
            </div>
          )}
        </div>
        <p className="text-end small">
          <Link to="/forgotpassword">{t("Forgot password?")}</Link>
        </p>
        <button type="submit" className="btn btn-primary w-100" disabled={navigation.state === "submitting"}>
          {t("Login")}
        </button>
      </Form>
      <p className="mt-3 text-center">
        {t("New to Ignite?")}{" "}
        <Link
          to={`/signup${params.get("redirectTo") ? `?redirectTo=${encodeURIComponent(params.get("redirectTo") ?? "")}` : ""}`}
        >
          {t("Sign Up")}
        </Link>
      </p>
    </div>
  );
}
