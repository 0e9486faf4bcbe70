/**
 * For a route's `clientAction`: the server action's answer, or `failure` when no usable answer came
 * (network down, a proxy's error page, a server error), so the screen keeps what the person typed and
 * says so instead of giving way to the error screen. Redirects pass through for the router to follow.
 */
export async function orUnanswered<T, F extends object>(
  serverAction: () => Promise<T>,
  failure: F,
): Promise<T | (F & { unanswered: true })> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    // biome-ignore lint/suspicious/noConsole: the spec logs a failed request in the browser console.
    console.warn("request failed", error);
    return { ...failure, unanswered: true };
  }
}

/**
 * For `shouldRevalidate` (root and screens with such an action): after an action that got no answer
 * nothing changed on the server, and reloading the screen's data over the same broken connection
 * would replace the screen with the error screen.
 */
export function revalidateUnlessUnanswered({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  if ((actionResult as { unanswered?: boolean } | undefined)?.unanswered) return false;
  return defaultShouldRevalidate;
}
