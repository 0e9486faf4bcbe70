import { type MouseEvent, useId, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { useT } from "~/lib/i18n";
import { useActionToast } from "~/lib/use-action-toast";
import { accountMessages } from "../../vocabulary/accounts.ts";
import type { clientAction } from "../routes/logout";

/**
 * Sign Out asks first (spec section 2). With JavaScript a dialog asks and a fetcher posts the answer to
 * the /logout screen's action; without it the link opens that screen, which asks the same and posts.
 */
export function SignOut() {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== "idle";
  // The header and the phone menu each hold a Sign Out: each dialog names its own question.
  const question = useId();

  // A sign-out that got no answer: the student is still here and is told so (a signed-out student has
  // left this component behind; the logout screen's clientAction says goodbye).
  useActionToast(fetcher.state === "idle" ? fetcher.data : undefined, (answer) =>
    answer.ok ? null : { kind: "error", text: answer.message },
  );

  function ask(event: MouseEvent) {
    event.preventDefault();
    dialog.current?.showModal();
  }

  return (
    <>
      <Link to="/logout" className="btn btn-outline-primary" onClick={ask}>
        {t("Sign Out")}
      </Link>
      <dialog ref={dialog} className="border-0 rounded shadow p-4" aria-labelledby={question}>
        <p id={question} className="fs-5">
          {t(accountMessages.logoutQuestion)}
        </p>
        <fetcher.Form method="post" action="/logout" className="d-flex gap-2 justify-content-end">
          <button type="button" className="btn btn-outline-secondary" onClick={() => dialog.current?.close()}>
            {t("Cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("Logout")}
          </button>
        </fetcher.Form>
      </dialog>
    </>
  );
}
