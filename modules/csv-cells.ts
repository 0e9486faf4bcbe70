/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) is
 * prefixed with an apostrophe, so an applicant's name can never become code on a counsellor's machine.
 */
export const safeCell = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};
