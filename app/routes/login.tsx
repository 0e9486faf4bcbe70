import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { notify } from "~/lib/toast";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Login | Ignite" }];

export const LOGIN_REQUIRED = "Please login or sign-up before continuing";

/** The warning a protected screen sends along, as a toast (and as text when scripts are off). */
export function useLoginRequiredWarning() {
  const [params, setParams] = useSearchParams();
  const required = params.get("reason") === "login-required";
  useEffect(() => {
    if (!required) return;
    notify("warning", LOGIN_REQUIRED);
    const next = new URLSearchParams(params);
    next.delete("reason");
    setParams(next, { replace: true, preventScrollReset: true });
  }, [required, params, setParams]);
  return required;
}

export default function Login() {
  const required = useLoginRequiredWarning();
  return (
    <div className="container py-5" style={{ maxWidth: "32rem" }}>
      <h1 className="h2">Login</h1>
      {required && (
        <noscript>
          <p className="alert alert-warning">{LOGIN_REQUIRED}</p>
        </noscript>
      )}
      <p>Student accounts are opening soon: you will log in here to see universities, courses and your applications.</p>
      <p>
        Meanwhile, our counsellors can help you today: <Link to="/services/free-consultation">book a free consultation</Link>.
      </p>
    </div>
  );
}
