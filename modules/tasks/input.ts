import { z } from "zod";
import { TASK_TITLE_MAX_LENGTH, taskMessages } from "../../vocabulary/staff.ts";
import { blankToUndefined, calendarDay, tooLong } from "../fields.ts";

/** An optional id from a form or JSON (blank is absent). */
const optionalId = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(2_147_483_647).optional());

/** A new task: what, when (an IST calendar day), who, and about which student or lead (or neither). */
export const newTaskSchema = z
  .object({
    title: z
      .string({ error: taskMessages.enterTitle })
      .trim()
      .min(1, taskMessages.enterTitle)
      .max(TASK_TITLE_MAX_LENGTH, tooLong(TASK_TITLE_MAX_LENGTH))
      .regex(/^[^\p{Cc}]*$/u, "Use letters, digits and punctuation only"),
    dueOn: calendarDay(taskMessages.chooseDate),
    assigneeStaffId: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: taskMessages.chooseAssignee })
        .int(taskMessages.chooseAssignee)
        .min(1, taskMessages.chooseAssignee)
        .max(2_147_483_647, taskMessages.chooseAssignee),
    ),
    studentId: optionalId,
    leadId: optionalId,
  })
  .refine((v) => v.studentId === undefined || v.leadId === undefined, { message: taskMessages.oneSubject, path: ["leadId"] });

/** The task list's filters (from the address or the API's query), all optional. */
export const taskFiltersSchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(["open", "done", "all"], { error: "Choose open, done or all" }).default("open")),
  due: z.preprocess(
    blankToUndefined,
    z.enum(["overdue", "today", "upcoming", "any"], { error: "Choose overdue, today, upcoming or any" }).default("any"),
  ),
  mine: z.preprocess(blankToUndefined, z.enum(["true", "false"]).default("false")).transform((v) => v === "true"),
  studentId: optionalId,
  leadId: optionalId,
});
export type TaskFilters = z.infer<typeof taskFiltersSchema>;
