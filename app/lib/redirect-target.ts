/** A stand-in origin: a target is safe only if a URL parser keeps it on this origin. */
const HOME = "http://ignite.invalid";
/** Control characters (C0, DEL, C1) and backslashes, which browsers read as slashes or drop. */
const unsafeCharacters = /[\p{Cc}\\]/u;
const MAX_TARGET_LENGTH = 500;

/** `value` percent-decoded until it stops changing (at most a few rounds), or undefined if it is not valid. */
function fullyDecoded(value: string): string | undefined {
  let current = value;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * Where to go after login or sign-up: only a path on this site, never another origin (open redirect).
 * Anything a URL parser would send elsewhere, or that holds control characters or backslashes, raw
 * or percent-encoded, falls back to `fallback`. The answer is the parsed path, so what the browser
 * follows is exactly what was checked.
 */
export function safeRedirectTarget(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_TARGET_LENGTH) return fallback;
  const decoded = fullyDecoded(value);
  if (decoded === undefined) return fallback;
  for (const form of [value, decoded]) {
    if (unsafeCharacters.test(form) || !form.startsWith("/") || form.startsWith("//")) return fallback;
  }
  if (!URL.canParse(value, HOME)) return fallback;
  const url = new URL(value, HOME);
  if (url.origin !== HOME) return fallback;
  return url.pathname + url.search + url.hash;
}
