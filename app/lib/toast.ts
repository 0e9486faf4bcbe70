/**
 * Toasts, top right, closing after 2500 ms (spec sections 1 and 9). The toast library and its
 * styles load only when the first toast is shown, so no page pays for them up front.
 */
export type ToastKind = "success" | "error" | "warning" | "info";
export type ToastMessage = { kind: ToastKind; text: string };

type Listener = (message: ToastMessage) => void;
let listener: Listener | undefined;
const pending: ToastMessage[] = [];

export function notify(kind: ToastKind, text: string): void {
  if (listener) listener({ kind, text });
  else pending.push({ kind, text });
  for (const wake of wakers) wake();
}

const wakers = new Set<() => void>();

/** For the toast host: called when the first toast is wanted. */
export function onFirstToast(wake: () => void): () => void {
  if (pending.length > 0) queueMicrotask(wake);
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** For the loaded toast container: receives queued and future toasts. */
export function attachToastListener(next: Listener): () => void {
  listener = next;
  for (const message of pending.splice(0)) next(message);
  return () => {
    if (listener === next) listener = undefined;
  };
}
