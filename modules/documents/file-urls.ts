/**
 * Where a student's stored file is opened: the one home of these addresses for the server's answers and
 * the screens. Nothing is imported here, so a screen that links to a file brings no module code into the
 * browser.
 */

/** The student's own address for their file. */
export const fileUrl = (publicId: string) => `/files/${publicId}`;

/** Where staff open a student's file (each view audited): `inline` shows it in the browser, else it downloads. */
export const staffFileUrl = (publicId: string, options: { inline?: boolean } = {}) =>
  `/staff/files/${publicId}${options.inline ? "?inline=1" : ""}`;
