import type { StaffService } from "../../modules/console/console.ts";
import { AppError } from "../../modules/errors.ts";
import { parseId } from "../../modules/ids.ts";
import { canWorkTasks, type StaffMember } from "../../modules/policies.ts";
import { newTaskSchema } from "../../modules/tasks/input.ts";
import type { Task } from "../../modules/tasks/tasks.ts";
import { fieldRules } from "../../modules/validation.ts";
import { taskMessages } from "../../vocabulary/staff.ts";
import { refusalOr } from "./form-result.server";

/**
 * The server half of the tasks panel (app/components/staff-tasks.tsx), shared by every screen that
 * shows one (the lead page, the student record, Today). A screen's loader calls `loadTaskPanel`; its
 * action spreads `taskIntents` among the handlers it dispatches by intent (`byIntent`):
 *
 *   const form = await request.formData();
 *   return byIntent(form.get("intent"), { ...taskIntents(context.staff, member, form, { leadId }), ... });
 *
 * Forms posted by the panel: `intent=task-create` with `taskTitle`, `taskDueOn` (YYYY-MM-DD, IST) and
 * `taskAssignee` (a staff id); `intent=task-done` with `taskId`. The subject (student or lead) comes
 * from the screen's own address, never from the form.
 */

/** What a task is about, as the screen knows it from its address. */
export type TaskSubject = { studentId: number } | { leadId: number } | Record<string, never>;

/** A task as the panel shows it (plain values, ready for the page). */
export interface TaskView {
  id: number;
  title: string;
  dueOn: string;
  overdue: boolean;
  assignee: string;
  done: boolean;
  subject: { kind: "student" | "lead"; id: number; name: string } | null;
}

export const taskView = (task: Task, today: string): TaskView => ({
  id: task.id,
  title: task.title,
  dueOn: task.dueOn,
  overdue: !task.doneAt && task.dueOn < today,
  assignee: task.assignee,
  done: task.doneAt !== null,
  subject: task.studentId
    ? { kind: "student", id: task.studentId, name: task.studentName ?? `Student #${task.studentId}` }
    : task.leadId
      ? { kind: "lead", id: task.leadId, name: task.leadName ?? `Lead #${task.leadId}` }
      : null,
});

/** The panel's data for one subject: its tasks (open and done), who may be given one, and what the member may do. */
export async function loadTaskPanel(staff: StaffService, member: StaffMember, subject: TaskSubject) {
  const [tasks, assignees, { today }] = await Promise.all([
    staff.tasks.list(member, { ...subject, status: "all" }),
    staff.tasks.assignableStaff(member),
    staff.tasks.today(member),
  ]);
  return {
    tasks: tasks.map((t) => taskView(t, today)),
    assignees: assignees.map((a) => ({ id: String(a.staffId), name: a.fullName })),
    me: String(member.staffId),
    today,
    mayWork: canWorkTasks(member),
    rules: fieldRules(newTaskSchema),
  };
}

export type TaskPanel = Awaited<ReturnType<typeof loadTaskPanel>>;

const formNames: Record<string, string> = { title: "taskTitle", dueOn: "taskDueOn", assigneeStaffId: "taskAssignee" };

/**
 * The panel's intents (`task-create`, `task-done`) as handlers for `byIntent`, to spread beside the
 * screen's own: `byIntent(form.get("intent"), { ...taskIntents(context.staff, member, form, { leadId }), ... })`.
 */
export function taskIntents(staff: StaffService, member: StaffMember, form: FormData, subject: TaskSubject) {
  return {
    "task-done": () =>
      refusalOr(async () => {
        const task = await staff.tasks.markDone(member, parseId(form.get("taskId"), "Task"));
        return { ok: true as const, message: taskMessages.done(task.title) };
      }),
    "task-create": () => createTask(staff, member, form, subject),
  };
}

function createTask(staff: StaffService, member: StaffMember, form: FormData, subject: TaskSubject) {
  const values = {
    taskTitle: String(form.get("taskTitle") ?? ""),
    taskDueOn: String(form.get("taskDueOn") ?? ""),
    taskAssignee: String(form.get("taskAssignee") ?? ""),
  };
  return refusalOr(async () => {
    try {
      const task = await staff.tasks.create(member, {
        title: values.taskTitle,
        dueOn: values.taskDueOn,
        assigneeStaffId: values.taskAssignee,
        ...subject,
      });
      return { ok: true as const, message: taskMessages.created(task.title) };
    } catch (error) {
      if (!AppError.is(error) || !error.fields) throw error;
      // The schema's field names, as the panel's form names them.
      const renamed: Record<string, string> = {};
      for (const [key, message] of Object.entries(error.fields)) renamed[formNames[key] ?? key] = message;
      throw new AppError(error.kind, error.message, renamed);
    }
  }, values);
}
