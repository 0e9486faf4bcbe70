/**
 * Dates as students and staff in India read them (IST), written on the server so a page reads the same
 * wherever it renders: the text, and the ISO form for a <time> element. The audit log shows seconds.
 * `locale` is the visitor's language's (decision 0029): en-IN unless a screen passes hi-IN.
 */
const styles = {
  minutes: { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" },
  seconds: { dateStyle: "medium", timeStyle: "medium", timeZone: "Asia/Kolkata" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const formats = new Map<string, Intl.DateTimeFormat>();

export const inIndianTime = (date: Date, precision: keyof typeof styles = "minutes", locale = "en-IN") => {
  const key = `${locale} ${precision}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, styles[precision]);
    formats.set(key, format);
  }
  return { iso: date.toISOString(), text: format.format(date) };
};

const relatives = new Map<string, Intl.RelativeTimeFormat>();

/**
 * How long ago, in the largest whole unit up to days, in the visitor's language: "just now", "5 minutes
 * ago", "2 hours ago", "yesterday", "12 days ago"; "अब", "2 घंटे पहले", "कल" in Hindi.
 */
export function timeAgo(date: Date, now: Date = new Date(), locale = "en-IN"): string {
  let relative = relatives.get(locale);
  if (!relative) {
    relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    relatives.set(locale, relative);
  }
  const minutes = Math.round((date.getTime() - now.getTime()) / 60_000);
  if (minutes === 0) return locale.startsWith("en") ? "just now" : relative.format(0, "second");
  if (Math.abs(minutes) < 60) return relative.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, "hour");
  return relative.format(Math.round(hours / 24), "day");
}
