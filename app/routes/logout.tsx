import { Form, Link, redirect } from "react-router";
import { metaT, useT } from "~/lib/i18n";
import { notify } from "~/lib/toast";
import { orUnanswered, revalidateUnlessUnanswered } from "~/lib/unanswered";
import { accountMessages } from "../../vocabulary/accounts.ts";
import type { Route } from "./+types/logout";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Sign Out")} | Ignite` }];

export function loader({ context }: Route.LoaderArgs) {
  if (!context.student) throw redirect("/");
  return null;
}

/** Ends the session on the server and clears the cookie (the page version of the navbar dialog). */
export async function action({ context }: Route.ActionArgs) {
  if (context.sessionToken) await context.identity.logOut(context.sessionToken);
  return redirect("/", { headers: { "Set-Cookie": context.cookies.clearSession() } });
}

/**
 * With JavaScript (the navbar's dialog posts here): the answer is a redirect home, told as a toast here,
 * since the navbar's Sign Out is gone by the time the home screen shows. A request that gets no answer
 * keeps the student where they are, told so.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const signOut = async () => {
    try {
      return await serverAction();
    } catch (answer) {
      if (answer instanceof Response) notify("success", accountMessages.loggedOut);
      throw answer;
    }
  };
  return orUnanswered(signOut, { ok: false as const, message: accountMessages.logoutFailed });
}

export const shouldRevalidate = revalidateUnlessUnanswered;

export default function Logout() {
  const { t } = useT();
  return (
    <div className="container py-5" style={{ maxWidth: "32rem" }}>
      <h1 className="h3">{t(accountMessages.logoutQuestion)}</h1>
      <Form method="post" className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary">
          {t("Logout")}
        </button>
        <Link to="/" className="btn btn-outline-secondary">
          {t("Cancel")}
        </Link>
      </Form>
    </div>
  );
}
