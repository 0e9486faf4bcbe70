import { useEffect, useId, useRef } from "react";
import { useFocusOnRefusal } from "./refusal-focus";
import { notify, type ToastKind } from "./toast";

/** What an action answers, as far as its toast goes. */
export type ActionAnswer = { ok: boolean; message: string };

/** Which toast an answer shows (null: none). */
export type ToastOf<A> = (answer: A) => { kind: ToastKind; text: string } | null;

const successOrError = (answer: ActionAnswer) => ({ kind: answer.ok ? "success" : "error", text: answer.message }) as const;

/**
 * The toast of an action's answer, shown once per answer: a screen's `actionData`, or a fetcher's
 * `data` once it is idle (`fetcher.state === "idle" ? fetcher.data : undefined`). By default a green
 * toast with the message when the answer is ok, a red one when refused; `toastOf` says otherwise
 * (another kind, another text, or none). The answers of one call site are one flow: a newer toast
 * replaces the older rather than piling up beside it (a corrected form shows only its success).
 * A refusal also moves the focus to its first field in error (`useFocusOnRefusal`).
 */
export function useActionToast<A extends ActionAnswer>(answer: A | null | undefined): void;
export function useActionToast<A extends object>(answer: A | null | undefined, toastOf: ToastOf<A>): void;
export function useActionToast<A extends object>(
  answer: A | null | undefined,
  toastOf: ToastOf<A> = successOrError as unknown as ToastOf<A>,
): void {
  const flow = useId();
  useFocusOnRefusal(answer);
  // `toastOf` is read when an answer comes, not watched: a screen's inline function must not toast again.
  const latest = useRef(toastOf);
  latest.current = toastOf;
  useEffect(() => {
    if (!answer) return;
    const toast = latest.current(answer);
    if (toast) notify(toast.kind, toast.text, flow);
  }, [answer, flow]);
}
