import type { StaffDeps } from "../deps.ts";
import type { StaffMember } from "../policies.ts";
import {
  conversationForStaff,
  studentConversation,
  unreadForStaff,
  unreadForStudent,
  writeAsStaff,
  writeAsStudent,
} from "./conversation.ts";
import type { MessageDeps } from "./deps.ts";
import { mailWaiting } from "./notices.ts";

/**
 * One conversation per student (decision 0037): the student writes to their counsellor from
 * the profile, the counsellor answers from the student's record. The conversation belongs to the
 * student, so it follows them to a new counsellor; admins read every one, a counsellor their students'.
 */
export {
  type Conversation,
  type ConversationMessage,
  conversationForExport,
  messagesPerStudent,
  type UnreadConversation,
  unreadForStudent,
} from "./conversation.ts";
export type { MessageDeps } from "./deps.ts";
export { type MessageInput, messageSchema } from "./input.ts";

/** The job that mails what waited through its quiet period (every two minutes, once across instances). */
export const messageJobs = { mailWaiting: "messages-mail-waiting" } as const;

/** The student's side: the signed-in student's own conversation (the id always comes from the session). */
export function createMessageService(deps: MessageDeps) {
  return {
    conversation: (studentId: number) => studentConversation(deps, studentId),
    write: (studentId: number, raw: unknown) => writeAsStudent(deps, studentId, raw),
    unread: (studentId: number) => unreadForStudent(deps.db, studentId),
  };
}

export type MessageService = ReturnType<typeof createMessageService>;

/** The console's side: read (audited) and answer a student's conversation, the unread ones, and the quiet period's mail. */
export const messagesConsole = (deps: StaffDeps) => ({
  conversation: (actor: StaffMember, studentId: number) => conversationForStaff(deps, actor, studentId),
  write: (actor: StaffMember, studentId: number, raw: unknown) => writeAsStaff(deps, actor, studentId, raw),
  unread: (actor: StaffMember) => unreadForStaff(deps, actor),
  mailWaiting: () => mailWaiting(deps),
});
