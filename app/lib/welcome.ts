import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { accountMessages } from "../../vocabulary/accounts.ts";
import { notifyAfresh } from "./toast";

/** The sign-up's redirect carries `?welcome=1` (decision 0051); the screen it lands on shows the welcome. */
export const WELCOME_PARAM = "welcome";

/** The address with the welcome mark, before any fragment. */
export function withWelcome(target: string): string {
  const [path = "", fragment] = target.split("#", 2);
  const joined = `${path}${path.includes("?") ? "&" : "?"}${WELCOME_PARAM}=1`;
  return fragment === undefined ? joined : `${joined}#${fragment}`;
}

/**
 * A new student's welcome, once, by name: it closes whatever toast the sign-up form left (a refused first
 * try's "Passwords doesn't match" must not greet them), and the mark leaves the address.
 */
export function useWelcome(fullName: string | undefined) {
  const [params, setParams] = useSearchParams();
  const welcome = params.get(WELCOME_PARAM) === "1";
  useEffect(() => {
    if (!welcome) return;
    if (fullName) notifyAfresh("success", accountMessages.welcome(fullName));
    const next = new URLSearchParams(params);
    next.delete(WELCOME_PARAM);
    setParams(next, { replace: true, preventScrollReset: true });
  }, [welcome, fullName, params, setParams]);
}
