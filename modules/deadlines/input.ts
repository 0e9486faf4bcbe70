import { z } from "zod";

/** The student's choice about deadline reminders (decision 0059). */
export const reminderChoiceSchema = z.object({
  on: z.boolean({ error: "Say whether deadline reminders are on (true) or off (false)" }),
});
