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
 * Whether `target`, as written and fully decoded, is a path on this site: it starts with one slash (a
 * second would name another host), holds no control character or backslash, and a URL parser keeps it
 * on this origin with a path that does not itself start with two slashes once its dot segments are
 * resolved (`/.//evil.example` becomes `//evil.example`).
 */
function isSitePath(target: string): boolean {
  const decoded = fullyDecoded(target);
  if (decoded === undefined) return false;
  for (const form of [target, decoded]) {
    if (unsafeCharacters.test(form) || !form.startsWith("/") || form.startsWith("//")) return false;
    if (!URL.canParse(form, HOME)) return false;
    const url = new URL(form, HOME);
    if (url.origin !== HOME || url.pathname.startsWith("//")) return false;
  }
  return true;
}

/**
 * Where to go after login, sign-up or a language change: only a path on this site, never another
 * origin (open redirect). The input is parsed and the path the parser gives is what is answered, so
 * the check runs on that final path as well as on the input: a parser collapses dot segments
 * (`/.//evil.example`, `/staff/../..//evil.example`) into a network path (`//evil.example`) that a
 * browser opens as another site. Anything that fails either check falls back to `fallback`.
 */
export function safeRedirectTarget(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_TARGET_LENGTH) return fallback;
  if (!isSitePath(value)) return fallback;
  const url = new URL(value, HOME);
  const target = url.pathname + url.search + url.hash;
  return isSitePath(target) ? target : fallback;
}
