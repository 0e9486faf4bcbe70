import { type MouseEvent, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { notify } from "~/lib/toast";
import { accountMessages } from "../../vocabulary/accounts.ts";

export const LOGOUT_QUESTION = "Are you sure you want to logout?";

/**
 * Sign Out asks first (spec section 2). With JavaScript a dialog asks; without it the link opens the
 * /logout screen, which asks the same and posts the answer.
 */
export function SignOut() {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  function ask(event: MouseEvent) {
    event.preventDefault();
    dialog.current?.showModal();
  }

  async function logout() {
    setBusy(true);
    try {
      const response = await fetch("/api/v1/auth/logout", { method: "POST", headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`logout answered ${response.status}`);
      localStorage.removeItem("userData");
      dialog.current?.close();
      await navigate("/");
      await revalidator.revalidate();
      notify("success", accountMessages.loggedOut);
    } catch {
      notify("error", "Could not sign you out. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Link to="/logout" className="btn btn-outline-primary" onClick={ask}>
        Sign Out
      </Link>
      <dialog ref={dialog} className="border-0 rounded shadow p-4" aria-labelledby="logout-question">
        <p id="logout-question" className="fs-5">
          {LOGOUT_QUESTION}
        </p>
        <div className="d-flex gap-2 justify-content-end">
          <button type="button" className="btn btn-outline-secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={logout} disabled={busy}>
            Logout
          </button>
        </div>
      </dialog>
    </>
  );
}
