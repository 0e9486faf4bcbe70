import { z } from "zod";
import { MESSAGE_MAX_LENGTH, messageMessages } from "../../vocabulary/messages.ts";
import { blankToUndefined } from "../fields.ts";

/**
 * A message as the profile's form, the record's form and the API send it (one schema for all): plain
 * text, kept as typed (markup and script are words like any other, shown as text), trimmed at the ends;
 * optionally one of the student's own documents, named by its public id, attached to it.
 */
export const messageSchema = z.object({
  body: z
    .string({ error: messageMessages.enterMessage })
    .trim()
    .min(1, messageMessages.enterMessage)
    .max(MESSAGE_MAX_LENGTH, messageMessages.tooLong),
  attachment: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{24}$/, messageMessages.chooseDocument)
      .optional()
      .meta({ description: "The public id of one of the student's current documents to attach (students only)" }),
  ),
});

export type MessageInput = z.infer<typeof messageSchema>;
