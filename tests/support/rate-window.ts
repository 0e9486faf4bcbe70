import { setTimeout as sleep } from "node:timers/promises";

/**
 * Rate limits count in fixed windows (decision 0005): a minute's window starts on the minute, and a test
 * that reaches a limit by N requests must send them within one window, or the count starts again half way.
 * Resolves at once when the window now running has `neededSeconds` left, else when the next one begins:
 * a wait of up to `neededSeconds`, so the test that calls it needs a timeout of that plus its own work
 * (`it(name, { timeout }, fn)`); the suite's default of 20 s is not enough for a wait of 60.
 */
export async function withinOneWindow(windowSeconds: number, neededSeconds = 15): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededSeconds * 1000) await sleep(left + 50);
}
