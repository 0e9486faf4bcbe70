import { Hono } from "hono";
import { z } from "zod";
import type { StaffService } from "../../modules/console/console.ts";
import { parseId } from "../../modules/ids.ts";
import {
  type Conversation,
  type ConversationMessage,
  type MessageService,
  messageSchema,
} from "../../modules/messages/messages.ts";
import { MESSAGE_QUIET_MINUTES, messageAuthors, messageMessages } from "../../vocabulary/messages.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff, requireStudent } from "../guards.ts";
import { answer, body, component, dataOf, describe, failures, idParam, messageAnswer, ref } from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";

const at = z.iso.datetime();

const conversationMessageSchema = component(
  "ConversationMessage",
  z.object({
    id: z.int(),
    author: z.enum(messageAuthors).meta({ description: "Who wrote it: the student, or a staff member" }),
    authorName: z.string(),
    body: z.string().meta({ description: "Plain text as typed (never HTML): show it as text" }),
    at,
    readAt: at.nullable().meta({ description: "When the other side read it; null while unread" }),
    attachment: z
      .object({ attachmentType: z.string(), name: z.string() })
      .nullable()
      .meta({ description: "One of the student's documents attached to it, opened as the student's documents are" }),
  }),
);
const conversationSchema = component(
  "Conversation",
  z.object({
    studentId: z.int(),
    studentName: z.string(),
    counsellor: z.string().nullable().meta({ description: "The counsellor who looks after the student now, or null" }),
    newForReader: z.int().meta({ description: "Messages to the reader that were unread until this call" }),
    messages: z.array(conversationMessageSchema).meta({ description: "The newest 200, oldest first" }),
  }),
);
component(
  "UnreadConversations",
  z.object({
    total: z.int(),
    students: z.array(z.object({ studentId: z.int(), fullName: z.string(), unread: z.int(), lastAt: at })),
  }),
);

const presentMessage = (m: ConversationMessage): z.infer<typeof conversationMessageSchema> => ({
  id: m.id,
  author: m.author,
  authorName: m.authorName,
  body: m.body,
  at: m.at.toISOString(),
  readAt: m.readAt?.toISOString() ?? null,
  attachment: m.attachment ? { attachmentType: m.attachment.attachmentType, name: m.attachment.name } : null,
});
const presentConversation = (c: Conversation): z.infer<typeof conversationSchema> => ({
  studentId: c.studentId,
  studentName: c.studentName,
  counsellor: c.counsellor?.fullName ?? null,
  newForReader: c.newForReader,
  messages: c.messages.map(presentMessage),
});

const mailNote = `The other side is mailed at most once every ${MESSAGE_QUIET_MINUTES} minutes (a student only when they chose e-mail as their way to be contacted).`;

/** The signed-in student's conversation with their counsellor (decision 0037), under /api/v1/students/me. */
export function messagesApi(messages: MessageService) {
  const api = new Hono<ServerEnv>();
  api.get(
    "/students/me/messages",
    describe({
      operationId: "readMyConversation",
      summary: "The student's conversation with their counsellor; what staff wrote is now read",
      student: true,
      responses: { 200: answer("The conversation", dataOf(ref("Conversation"))) },
    }),
    requireStudent,
    async (c) => c.json({ data: presentConversation(await messages.conversation(c.var.student.studentId)) }),
  );
  api.post(
    "/students/me/messages",
    describe({
      operationId: "writeToMyCounsellor",
      summary: `Write to the counsellor (plain text, optionally with one of the student's current documents attached). ${mailNote}`,
      student: true,
      requestBody: body(messageSchema),
      responses: { 201: messageAnswer("Sent", ref("ConversationMessage")), ...failures(400, 429) },
    }),
    requireStudent,
    async (c) => {
      const written = await messages.write(c.var.student.studentId, await readJson(c));
      return c.json({ message: messageMessages.sent, data: presentMessage(written) }, 201);
    },
  );
  return api;
}

/** A student's conversation as staff read (audited) and answer it, and the conversations waiting for the member. */
export function staffMessagesApi(staff: StaffService) {
  const api = new Hono<ServerEnv>();
  api.get(
    "/messages/unread",
    describe({
      operationId: "listUnreadConversations",
      summary:
        "Students whose messages wait for this member: those they look after (admins also those without a counsellor), the oldest wait first",
      staff: true,
      responses: { 200: answer("Unread conversations", dataOf(ref("UnreadConversations"))) },
    }),
    requireStaff,
    async (c) => {
      const unread = await staff.messages.unread(c.var.staff);
      return c.json({
        data: { total: unread.total, students: unread.students.map((s) => ({ ...s, lastAt: s.lastAt.toISOString() })) },
      });
    },
  );
  api.get(
    "/students/:studentId/messages",
    describe({
      operationId: "readStudentConversation",
      summary:
        "A student's conversation (admins any, a counsellor their students'); each reading is audited and listed in the student's access log",
      staff: true,
      parameters: [idParam("studentId")],
      responses: { 200: answer("The conversation", dataOf(ref("Conversation"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => {
      const conversation = await staff.messages.conversation(c.var.staff, parseId(c.req.param("studentId"), "Student"));
      return c.json({ data: presentConversation(conversation) });
    },
  );
  api.post(
    "/students/:studentId/messages",
    describe({
      operationId: "writeToStudent",
      summary: `Write to a student (admins any, a counsellor their own: else 403); audited. ${mailNote}`,
      staff: true,
      parameters: [idParam("studentId")],
      requestBody: body(messageSchema.omit({ attachment: true })),
      responses: {
        201: messageAnswer("Sent", { type: "object", required: ["id"], properties: { id: { type: "integer" } } }),
        ...failures(400),
      },
    }),
    requireStaff,
    async (c) => {
      const written = await staff.messages.write(c.var.staff, parseId(c.req.param("studentId"), "Student"), await readJson(c));
      return c.json({ message: messageMessages.sent, data: written }, 201);
    },
  );
  return api;
}
