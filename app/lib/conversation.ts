import type { ThreadMessage } from "~/components/conversation-thread";
import type { Conversation } from "../../modules/messages/messages.ts";

/**
 * A conversation as the screens show it (the profile's "My counsellor", a student's record): times
 * written on the server, attachments linked where this reader opens documents, and the messages that
 * were new for the reader (the last `newForReader` of the other side's) marked so.
 */
export function threadOf(
  conversation: Conversation,
  reader: "student" | "staff",
  when: (date: Date) => { iso: string; text: string },
  documentHref: (document: { publicId: string; url: string }) => string,
): ThreadMessage[] {
  const theirs = conversation.messages.filter((m) => m.author !== reader);
  const fresh = new Set(theirs.slice(theirs.length - conversation.newForReader).map((m) => m.id));
  return conversation.messages.map((m) => ({
    id: m.id,
    author: m.author,
    authorName: m.authorName,
    body: m.body,
    when: when(m.at),
    unread: conversation.newForReader > 0 && fresh.has(m.id),
    attachment: m.attachment
      ? { attachmentType: m.attachment.attachmentType, name: m.attachment.name, href: documentHref(m.attachment) }
      : null,
  }));
}
