/**
 * Dates as students and staff in India read them (IST), written on the server so a page reads the same
 * wherever it renders: the text, and the ISO form for a <time> element. The audit log shows seconds.
 */
const formats = {
  minutes: new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" }),
  seconds: new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "medium", timeZone: "Asia/Kolkata" }),
};

export const inIndianTime = (date: Date, precision: keyof typeof formats = "minutes") => ({
  iso: date.toISOString(),
  text: formats[precision].format(date),
});
