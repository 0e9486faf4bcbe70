import { type FormEvent, useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/form-fields";
import { refusalOr } from "~/lib/form-result.server";
import { notify } from "~/lib/toast";
import { accountMessages, CODE_RESEND_SECONDS } from "../../vocabulary/accounts.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [{ title: "Forgot password | Ignite" }];

type Step = "email" | "code" | "password" | "done";
const stepOfIntent: Record<string, Step> = { send: "email", resend: "code", verify: "code", reset: "password" };

/** Three steps (spec section 4): e-mail, then the e-mailed code, then the new password. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const email = String(form.get("email") ?? "");
  return refusalOr(
    async () => {
      if (intent === "send" || intent === "resend") {
        const result = await context.identity.sendResetCode({ email }, context.clientIp);
        return { ok: true as const, step: "code" as Step, email: result.email, message: result.message, sentAt: Date.now() };
      }
      if (intent === "verify") {
        const result = await context.identity.verifyResetCode(
          { email, entered_otp: String(form.get("entered_otp") ?? "") },
          context.clientIp,
        );
        return data(
          { ok: true as const, step: "password" as Step, email, message: result.message, sentAt: 0 },
          { headers: { "Set-Cookie": context.cookies.resetProof(result.proof) } },
        );
      }
      const result = await context.identity.resetPassword(
        context.resetProof,
        { password: String(form.get("password") ?? ""), confirmPassword: String(form.get("confirmPassword") ?? "") },
        context.clientIp,
      );
      return data(
        { ok: true as const, step: "done" as Step, email, message: result.message, sentAt: 0 },
        { headers: { "Set-Cookie": context.cookies.clearResetProof() } },
      );
    },
    { email, intent },
  );
}

function useCountdown(startedAt: number | undefined) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!startedAt) return;
    const tick = () => setLeft(Math.max(0, CODE_RESEND_SECONDS - Math.floor((Date.now() - startedAt) / 1000)));
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  return left;
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const step: Step = !actionData
    ? "email"
    : actionData.ok
      ? actionData.step
      : (stepOfIntent[actionData.values.intent ?? ""] ?? "email");
  const email = actionData ? (actionData.ok ? actionData.email : (actionData.values.email ?? "")) : "";
  const sentAt = actionData?.ok && actionData.sentAt ? actionData.sentAt : undefined;
  const secondsLeft = useCountdown(sentAt);
  const noAccount = actionData && !actionData.ok && actionData.status === 404;

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      if (actionData.step === "done") {
        notify("success", accountMessages.passwordUpdated);
        notify("info", accountMessages.loginToContinue);
      } else notify(actionData.step === "code" ? "info" : "success", actionData.message);
      return;
    }
    if (actionData.status === 400 || actionData.status === 404) notify("warning", actionData.message);
    else notify("error", actionData.message);
  }, [actionData]);

  function check(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const intent = String(form.get("intent"));
    if (intent === "send" && !String(form.get("email") ?? "").trim()) {
      event.preventDefault();
      notify("warning", accountMessages.enterEmail);
    }
    if (intent === "reset" && form.get("password") !== form.get("confirmPassword")) {
      event.preventDefault();
      notify("warning", accountMessages.resetPasswordsDoNotMatch);
    }
  }

  const busy = navigation.state === "submitting";
  const problem = actionData && !actionData.ok ? actionData : undefined;

  return (
    <div className="container py-5" style={{ maxWidth: "32rem" }}>
      <h1 className="h2 mb-3">Forgot password</h1>
      {problem && (
        <noscript>
          <p className="alert alert-warning">{problem.message}</p>
        </noscript>
      )}
      {step === "email" && (
        <Form method="post" onSubmit={check} noValidate>
          <p>Enter the e-mail of your account and we will send you a 6-digit code.</p>
          <input type="hidden" name="intent" value="send" />
          <TextField
            className="mb-3"
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={email}
          />
          {noAccount && (
            <p className="alert alert-warning">
              {accountMessages.noAccount}. <Link to="/signup">Sign up</Link> to create one.
            </p>
          )}
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            Send code
          </button>
        </Form>
      )}
      {step === "code" && (
        <>
          <Form method="post" onSubmit={check}>
            <p>
              Enter the 6-digit code we sent to <strong>{email}</strong>. {accountMessages.codeHint}
            </p>
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="email" value={email} />
            <TextField
              className="mb-3"
              name="entered_otp"
              label="One-time code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              pattern="\d{6}"
              error={problem?.fields.entered_otp}
            />
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              Verify code
            </button>
          </Form>
          <Form method="post" className="mt-3 text-center">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={email} />
            {scripted && secondsLeft > 0 ? (
              <p className="small text-body-secondary" aria-live="polite">
                {accountMessages.resendIn(secondsLeft)}
              </p>
            ) : (
              <button type="submit" className="btn btn-link" disabled={busy}>
                Resend
              </button>
            )}
          </Form>
        </>
      )}
      {step === "password" && (
        <Form method="post" onSubmit={check} noValidate>
          <input type="hidden" name="intent" value="reset" />
          <TextField
            className="mb-3"
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            error={problem?.fields.password}
          />
          <TextField
            className="mb-3"
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            error={problem?.fields.confirmPassword}
          />
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            Update password
          </button>
        </Form>
      )}
      {step === "done" && (
        <div className="text-center">
          <p className="fs-5">{accountMessages.passwordUpdated}</p>
          <Link to="/login" className="btn btn-primary">
            {accountMessages.loginToContinue}
          </Link>
        </div>
      )}
      <p className="mt-4 text-center">
        <Link to="/login">Back to login</Link>
      </p>
    </div>
  );
}
