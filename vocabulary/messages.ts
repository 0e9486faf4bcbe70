/**
 * One conversation per student (decision 0037): the student and the staff who look after
 * them write to each other in it. Its limits, timings and the words its screens and mails use.
 */

/** Who wrote a message: the student, or a staff member (their counsellor, or an admin). */
export const messageAuthors = ["student", "staff"] as const;
export type MessageAuthor = (typeof messageAuthors)[number];

/** A message's length at most, in characters (a long letter; anything longer belongs in a document). */
export const MESSAGE_MAX_LENGTH = 4000;
/** After a mail about new messages, the next one to the same side waits at least this long (one mail a quiet period). */
export const MESSAGE_QUIET_MINUTES = 10;
/** Messages a student may write in an hour (a person typing; a script is stopped). */
export const MESSAGES_PER_HOUR = 60;
/** The newest messages shown in a conversation (the export holds all of them). */
export const CONVERSATION_SHOWN = 200;

export const messageMessages = {
  enterMessage: "Write a message.",
  tooLong: `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-IN")} characters.`,
  chooseDocument: "Choose one of your documents, or none.",
  sent: "Message sent.",
  /** A message sent with a document attached: says which, so the student knows it went with it. */
  sentWith: (name: string) => `Message sent with ${name} attached.`,
  /** A new file uploaded from the message form: it is not sent until the message is. */
  fileAttached: (name: string) => `${name} is attached. Send the message to share it with your counsellor.`,
  tooMany: "You have sent many messages in the last hour. Please wait a little and try again.",
  notYours: "You can write only to students you look after.",
  cannotRead: "Only admins and the student's counsellor read a conversation.",
  noCounsellorYet: "You do not have a counsellor yet. Write all the same: the team reads it and a counsellor answers.",
  mailToStudent: {
    subject: "New message from your counsellor on Ignite",
    body: (name: string, from: string, link: string) =>
      `Hello ${name},\n\n${from} wrote to you on Ignite. Read and reply on your profile:\n${link}\n\nWe send at most one such e-mail every ${MESSAGE_QUIET_MINUTES} minutes. The message itself stays on Ignite.`,
  },
  mailToStaff: {
    subject: (student: string) => `New message from ${student}`,
    body: (name: string, student: string, link: string) =>
      `Hello ${name},\n\n${student} wrote to you on Ignite. Read and answer on their record:\n${link}\n\nAt most one such e-mail every ${MESSAGE_QUIET_MINUTES} minutes per student.`,
  },
} as const;
