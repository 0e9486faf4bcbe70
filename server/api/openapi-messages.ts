import { messageSchema } from "../../modules/messages/messages.ts";
import { MESSAGE_QUIET_MINUTES } from "../../vocabulary/messages.ts";
import { answer, body, dataOf, failures, idParam, messageAnswer, operation, ref, write } from "./openapi-parts.ts";

/** One conversation per student (decision 0037), for the OpenAPI document. */

const mailNote = `The other side is mailed at most once every ${MESSAGE_QUIET_MINUTES} minutes (a student only when they chose e-mail as their way to be contacted).`;

export const messagePaths = () => ({
  "/api/v1/staff/messages/unread": {
    get: operation({
      operationId: "listUnreadConversations",
      summary:
        "Students whose messages wait for this member: those they look after (admins also those without a counsellor), the oldest wait first",
      staff: true,
      responses: { 200: answer("Unread conversations", dataOf(ref("UnreadConversations"))) },
    }),
  },
  "/api/v1/staff/students/{studentId}/messages": {
    get: operation({
      operationId: "readStudentConversation",
      summary:
        "A student's conversation (admins any, a counsellor their students'); each reading is audited and listed in the student's access log",
      staff: true,
      parameters: [idParam("studentId")],
      responses: { 200: answer("The conversation", dataOf(ref("Conversation"))), ...failures(403) },
    }),
    post: write({
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
  },
});
