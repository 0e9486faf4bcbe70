import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/form-fields";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { byIntent } from "~/lib/intents.server";
import { useActionToast } from "~/lib/use-action-toast";
import { codeSchema, newPasswordSchema, resetCodeRequestSchema } from "../../modules/identity/input.ts";
import { fieldRules } from "../../modules/validation.ts";
import { accountMessages, CODE_RESEND_SECONDS } from "../../vocabulary/accounts.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: `${t("Forgot password")} | Ignite` },
    { name: "description", content: t("Reset your Ignite password with a code sent to your e-mail.") },
  ];
};

type Step = "email" | "code" | "password" | "done";
const stepOfIntent: Record<string, Step> = { send: "email", resend: "code", verify: "code", reset: "password" };

export function loader() {
  return {
    rules: { ...fieldRules(resetCodeRequestSchema), ...fieldRules(codeSchema), ...fieldRules(newPasswordSchema) },
  };
}

/** Three steps (spec section 4): e-mail, then the e-mailed code, then the new password. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const email = String(form.get("email") ?? "");
  return refusalOr(
    async () => {
      const send = async () => {
        const result = await context.identity.sendResetCode({ email }, context.clientIp);
        // How long the wait is, not when it ends: the browser counts it on its own clock, which may disagree with ours.
        return {
          ok: true as const,
          step: "code" as Step,
          email: result.email,
          message: result.message,
          resendInSeconds: CODE_RESEND_SECONDS,
        };
      };
      return byIntent(
        intent,
        {
          send,
          resend: send,
          verify: async () => {
            const result = await context.identity.verifyResetCode(
              { email, entered_otp: String(form.get("entered_otp") ?? "") },
              context.clientIp,
            );
            return data(
              { ok: true as const, step: "password" as Step, email, message: result.message, resendInSeconds: 0 },
              { headers: { "Set-Cookie": context.cookies.resetProof(result.proof) } },
            );
          },
          // The new password, the last step.
          password: async () => {
            const result = await context.identity.resetPassword(
              context.resetProof,
              { password: String(form.get("password") ?? ""), confirmPassword: String(form.get("confirmPassword") ?? "") },
              context.clientIp,
            );
            return data(
              { ok: true as const, step: "done" as Step, email, message: result.message, resendInSeconds: 0 },
              { headers: { "Set-Cookie": context.cookies.clearResetProof() } },
            );
          },
        },
        { otherwise: "password" },
      );
    },
    { email, intent },
  );
}

/**
 * Seconds until Resend may be asked for. The wait starts when an answer says how long it is (a code was
 * sent, or the server refused a resend as too early) and runs on the browser's monotonic clock, so a
 * refused code check in between does not stop it and a wrong wall clock does not bend it.
 */
function useResendCountdown(waitSeconds: number | undefined, answer: unknown) {
  const [until, setUntil] = useState<number | undefined>(undefined);
  const [left, setLeft] = useState(0);
  // Each new answer (even with the same wait) restarts it.
  useEffect(() => {
    if (waitSeconds) setUntil(performance.now() + waitSeconds * 1000);
  }, [waitSeconds, answer]);
  useEffect(() => {
    if (until === undefined) return;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((until - performance.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, 250);
    tick();
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}

export default function ForgotPassword({ actionData, loaderData }: Route.ComponentProps) {
  const { rules } = loaderData;
  const { t } = useT();
  const navigation = useNavigation();
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const step: Step = !actionData
    ? "email"
    : actionData.ok
      ? actionData.step
      : (stepOfIntent[actionData.values.intent ?? ""] ?? "email");
  const email = actionData ? (actionData.ok ? actionData.email : (actionData.values.email ?? "")) : "";
  const wait = actionData?.ok ? actionData.resendInSeconds : actionData?.retryAfterSeconds;
  const secondsLeft = useResendCountdown(wait, actionData);
  const noAccount = actionData && !actionData.ok && actionData.status === 404;

  // One toast at a time for the whole reset (a newer replaces the older); when it is done the page
  // itself says the password has been updated, and the toast says what comes next.
  useActionToast(actionData, (answer) =>
    answer.ok
      ? answer.step === "done"
        ? { kind: "success", text: accountMessages.loginToContinue }
        : { kind: answer.step === "code" ? "info" : "success", text: answer.message }
      : { kind: answer.status === 400 || answer.status === 404 ? "warning" : "error", text: answer.message },
  );

  const busy = navigation.state === "submitting";
  const problem = actionData && !actionData.ok ? actionData : undefined;

  return (
    <div className="container py-5" style={{ maxWidth: "32rem" }}>
      <h1 className="h2 mb-3">{t("Forgot password")}</h1>
      {problem && (
        <noscript>
          <p className="alert alert-warning">{t(problem.message)}</p>
        </noscript>
      )}
      {step === "email" && (
        <Form method="post" noValidate>
          <p>{t("Enter the e-mail of your account and we will send you a 6-digit code.")}</p>
          <input type="hidden" name="intent" value="send" />
          <TextField
            className="mb-3"
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            rules={rules.email}
            defaultValue={email}
          />
          {noAccount && (
            <p className="alert alert-warning">
              {t(accountMessages.noAccount)}. <Link to="/signup">{t("Sign Up")}</Link> {t("to create one.")}
            </p>
          )}
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            {t("Send code")}
          </button>
        </Form>
      )}
      {step === "code" && (
        <>
          <Form method="post" noValidate>
            <p>
              {t("Enter the 6-digit code we sent to")} <strong>{email}</strong>. {t(accountMessages.codeHint)}
            </p>
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="email" value={email} />
            <TextField
              className="mb-3"
              name="entered_otp"
              label="One-time code"
              inputMode="numeric"
              autoComplete="one-time-code"
              rules={rules.entered_otp}
              error={problem?.fields.entered_otp}
            />
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {t("Verify code")}
            </button>
          </Form>
          <Form method="post" className="mt-3 text-center">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={email} />
            {scripted && secondsLeft > 0 ? (
              <p className="small text-body-secondary" aria-live="polite">
                {t(accountMessages.resendIn(secondsLeft))}
              </p>
            ) : (
              <button type="submit" className="btn btn-link" disabled={busy}>
                {t("Resend")}
              </button>
            )}
          </Form>
        </>
      )}
      {step === "password" && (
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="reset" />
          <TextField
            className="mb-3"
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            rules={rules.password}
            error={problem?.fields.password}
          />
          <TextField
            className="mb-3"
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            rules={rules.confirmPassword}
            error={problem?.fields.confirmPassword}
          />
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            {t("Update password")}
          </button>
        </Form>
      )}
      {step === "done" && (
        <div className="text-center">
          <p className="fs-5">{t(accountMessages.passwordUpdated)}</p>
          <Link to="/login" className="btn btn-primary">
            {t(accountMessages.loginToContinue)}
          </Link>
        </div>
      )}
      <p className="mt-4 text-center">
        <Link to="/login">{t("Back to login")}</Link>
      </p>
    </div>
  );
}
