import { useEffect } from "react";
import { useActionData } from "react-router";

/** What an answer carries for the focus: a refusal names the first field in error (form-result.server.ts). */
type MaybeRefusal = { ok?: boolean; focus?: string };

const focusOf = (answer: unknown): string | undefined => {
  const refusal = answer as MaybeRefusal | null | undefined;
  return refusal && refusal.ok === false && typeof refusal.focus === "string" ? refusal.focus : undefined;
};

/**
 * Without JavaScript: whether this field is the one a refused plain post names, so it is rendered with
 * `autofocus` and the browser puts the focus there (with its error, through aria-describedby).
 */
export function useAutoFocusOnRefusal(name: string): boolean {
  return focusOf(useActionData()) === name;
}

/**
 * With JavaScript: when a refusal arrives (a fetcher's answer or a form post's), the focus moves to the
 * first field in error, which is scrolled into view and announced with its message (the accessible
 * form pattern), instead of staying on the button far below it. A field in error is the one the screen
 * marks `aria-invalid`; without such a mark the first field of that name is taken, and without a field of
 * that name (an error of a group of fields) its message, `#<name>-error`.
 */
export function useFocusOnRefusal(answer: unknown): void {
  useEffect(() => {
    const name = focusOf(answer);
    if (!name) return;
    const named = [...document.getElementsByName(name)].filter(
      (element): element is HTMLElement => element instanceof HTMLElement && element.getClientRects().length > 0,
    );
    const field = named.find((element) => element.getAttribute("aria-invalid") === "true") ?? named[0];
    if (field) return field.focus();
    // An error of a group rather than of one field (a form's "qualifications"): its message takes the focus.
    const message = document.getElementById(`${name}-error`);
    if (!message) return;
    message.tabIndex = -1;
    message.focus();
  }, [answer]);
}
