import { createEvent } from "ics";

/**
 * A meeting link as the invitation will carry it, or undefined when no invitation could: an https
 * address in the URL standard's form (scheme and host in lower case, an international host in
 * punycode, spaces escaped), which the calendar library (ics) must then accept as the event's URL and
 * location. The console checks a link by this rule before saving it, and the invitation reads a stored
 * link through it, so a link the console took never stops a mail (decision 0048). `ics` refuses
 * capitals in the host ("https://Meet.Google.com/..."), which the URL standard folds away
 * (https://url.spec.whatwg.org/#host-parsing, read 2026-11-27).
 */
export function calendarMeetingLink(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:") return undefined;
  const link = url.href;
  const { error } = createEvent({
    start: 0,
    startInputType: "utc",
    duration: { minutes: 30 },
    title: "meeting link check",
    url: link,
    location: link,
  });
  return error ? undefined : link;
}
