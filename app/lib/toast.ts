/**
 * Toasts, top right, closing after 2500 ms (spec sections 1 and 9). The toast library and its
 * styles load only when the first toast is shown, so no page pays for them up front.
 */
export type ToastKind = "success" | "error" | "warning" | "info";
/** `flow`: toasts of one flow (one form's answers, say) replace each other rather than pile up. */
export type ToastMessage = { kind: ToastKind; text: string; flow?: string; afresh?: boolean };

type Listener = (message: ToastMessage) => void;
let listener: Listener | undefined;
const pending: ToastMessage[] = [];

export function notify(kind: ToastKind, text: string, flow?: string): void {
  const message = flow ? { kind, text, flow } : { kind, text };
  if (listener) listener(message);
  else {
    // Not shown yet: a newer toast of the same flow takes the older's place in the queue.
    const older = flow ? pending.findIndex((m) => m.flow === flow) : -1;
    if (older >= 0) pending.splice(older, 1);
    pending.push(message);
  }
  for (const wake of wakers) wake();
}

/**
 * A toast that closes every other one first: news that makes the earlier toasts wrong (a welcome after
 * a sign-up whose first try was refused, decision 0051).
 */
export function notifyAfresh(kind: ToastKind, text: string): void {
  pending.length = 0;
  if (listener) listener({ kind, text, afresh: true });
  else pending.push({ kind, text, afresh: true });
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
