/**
 * For a route's `clientAction`: the server action's answer, or `failure` when no usable answer came
 * (network down, a proxy's error page, a server error), so the screen keeps what the person typed and
 * says so instead of giving way to the error screen. Redirects pass through for the router to follow.
 */
export async function orUnanswered<T, F>(serverAction: () => Promise<T>, failure: F): Promise<T | F> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    // biome-ignore lint/suspicious/noConsole: the spec logs a failed request in the browser console.
    console.warn("request failed", error);
    return failure;
  }
}
