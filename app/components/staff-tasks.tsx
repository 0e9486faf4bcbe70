import { Form, Link } from "react-router";
import { SelectField, TextField } from "~/components/form-fields";
import type { Refusal } from "~/lib/form-result.server";
import type { TaskPanel, TaskView } from "~/lib/staff-tasks.server";

/**
 * The tasks panel of a student or a lead: its tasks, "Mark done", and a form to add one.
 *
 * Contract for a screen that shows it (the lead page does; the student record can):
 * - loader: `tasks: await loadTaskPanel(context.staff, member, { leadId })` (or `{ studentId }`),
 *   from `~/lib/staff-tasks.server`;
 * - action: `...taskIntents(context.staff, member, form, { leadId })` among the handlers of its
 *   `byIntent` (the panel posts `intent=task-create` and `intent=task-done`);
 * - render: `<StaffTasks panel={loaderData.tasks} refusal={refusal} />`, where `refusal` is the
 *   action's refusal, if any (the form shows its field errors and keeps what was typed).
 * Field ids are prefixed `task`, so the panel sits beside the screen's other forms.
 */
export function StaffTasks({ panel, refusal }: { panel: TaskPanel; refusal?: Refusal }) {
  const open = panel.tasks.filter((t) => !t.done);
  const done = panel.tasks.filter((t) => t.done);
  const mine = refusal?.values.taskTitle !== undefined ? refusal : undefined;
  return (
    <section aria-labelledby="tasks-heading" className="mt-4">
      <h2 id="tasks-heading" className="h4">
        Tasks
      </h2>
      {open.length === 0 ? (
        <p className="text-body-secondary">No open tasks.</p>
      ) : (
        <TaskList tasks={open} mayWork={panel.mayWork} />
      )}
      {done.length > 0 && (
        <details className="mb-3">
          <summary>Done ({done.length})</summary>
          <TaskList tasks={done} mayWork={false} />
        </details>
      )}
      {panel.mayWork && (
        <Form method="post" className="row g-3 align-items-end" style={{ maxWidth: "48rem" }}>
          <input type="hidden" name="intent" value="task-create" />
          <TextField
            className="col-md-6"
            name="taskTitle"
            label="New task"
            rules={panel.rules.title}
            error={mine?.fields.taskTitle}
            defaultValue={mine?.values.taskTitle}
          />
          <TextField
            className="col-md-3"
            name="taskDueOn"
            label="Due on"
            type="date"
            rules={panel.rules.dueOn}
            error={mine?.fields.taskDueOn}
            defaultValue={mine?.values.taskDueOn ?? panel.today}
          />
          <SelectField
            className="col-md-3"
            name="taskAssignee"
            label="For"
            options={panel.assignees.map((a) => a.id)}
            optionLabels={Object.fromEntries(panel.assignees.map((a) => [a.id, a.name]))}
            rules={{ required: true }}
            error={mine?.fields.taskAssignee}
            defaultValue={mine?.values.taskAssignee ?? panel.me}
          />
          <div className="col-12">
            <button type="submit" className="btn btn-primary">
              Add task
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** Where a task's subject lives in the console. */
export const taskSubjectHref = (subject: NonNullable<TaskView["subject"]>) =>
  subject.kind === "lead" ? `/staff/leads/${subject.id}` : `/staff/students/${subject.id}`;

/** A list of tasks, each with its due day, person, subject link (when `showSubject`) and a "Mark done" button. */
export function TaskList({
  tasks,
  mayWork,
  showSubject = false,
}: {
  tasks: TaskView[];
  mayWork: boolean;
  showSubject?: boolean;
}) {
  return (
    <ul className="list-group mb-3">
      {tasks.map((task) => (
        <li key={task.id} className="list-group-item d-flex flex-wrap align-items-center gap-2" data-testid="task">
          <span className={task.done ? "text-decoration-line-through" : "fw-semibold"}>{task.title}</span>
          <span className={`small ${task.overdue ? "text-danger fw-semibold" : "text-body-secondary"}`}>
            {task.overdue ? "Overdue, due " : "Due "}
            <time dateTime={task.dueOn}>{task.dueOn}</time> · {task.assignee}
          </span>
          {showSubject && task.subject && (
            <Link className="small" to={taskSubjectHref(task.subject)}>
              {task.subject.kind === "lead" ? "Lead" : "Student"}: {task.subject.name}
            </Link>
          )}
          {mayWork && !task.done && (
            <Form method="post" className="ms-auto">
              <input type="hidden" name="intent" value="task-done" />
              <input type="hidden" name="taskId" value={task.id} />
              <button type="submit" className="btn btn-sm btn-outline-success" aria-label={`Mark done: ${task.title}`}>
                Mark done
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
