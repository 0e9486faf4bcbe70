/** Students' records in the console: their words, and the e-mail templates a counsellor starts from. */

export const recordMessages = {
  noSuchStudent: "No such student.",
  enterNote: "Write the note",
  noteAdded: "Note added.",
  chooseTemplate: "Choose a template from the list",
  enterSubject: "Enter the subject",
  enterBody: "Write the message",
  emailed: (email: string) => `E-mail sent to ${email}.`,
  emailFailed: "The e-mail could not be sent. Please try again.",
  counsellorChanged: (name: string) => `${name} now looks after this student.`,
  chooseCounsellor: "Choose an active counsellor",
} as const;

/** Students per page in the console's list. */
export const STUDENTS_PAGE_SIZE = 50;

/**
 * E-mails a counsellor sends from a student's record: the template fills the subject and the message,
 * which the counsellor may change before sending. {name} is the student's name, {counsellor} the sender's.
 */
export const emailTemplates = {
  "Documents needed": {
    subject: "Documents needed for your application",
    body: "Dear {name},\n\nTo move your application forward we need some documents from you. Please upload them on your Ignite profile.\n\nBest regards,\n{counsellor}\nIgnite",
  },
  "Consultation follow-up": {
    subject: "Following up on your consultation",
    body: "Dear {name},\n\nThank you for talking to us about studying abroad. Here is a summary of what we discussed and the next steps.\n\nBest regards,\n{counsellor}\nIgnite",
  },
  "Application update": {
    subject: "An update on your application",
    body: "Dear {name},\n\nHere is an update on your application.\n\nBest regards,\n{counsellor}\nIgnite",
  },
  "Blank message": { subject: "", body: "Dear {name},\n\n\n\nBest regards,\n{counsellor}\nIgnite" },
} as const;
export type EmailTemplate = keyof typeof emailTemplates;
export const emailTemplateNames = Object.keys(emailTemplates) as [EmailTemplate, ...EmailTemplate[]];

export const fillTemplate = (text: string, values: { name: string; counsellor: string }) =>
  text.replaceAll("{name}", values.name).replaceAll("{counsellor}", values.counsellor);
