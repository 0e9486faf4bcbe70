import { useEffect } from "react";
import { TaskList } from "~/components/staff-tasks";
import { requireStaffWith } from "~/lib/staff.server";
import { taskAction, taskView } from "~/lib/staff-tasks.server";
import { notify } from "~/lib/toast";
import { canSeeTasks, canWorkTasks } from "../../../modules/staff/policies.ts";
import type { Route } from "./+types/today";

export const meta: Route.MetaFunction = () => [{ title: "Today | Ignite" }, { name: "robots", content: "noindex" }];

/**
 * A counsellor's day: their open tasks that are overdue or due today (IST), each with its subject.
 * More sections (overdue leads, ...) are loaded here beside `tasks` and rendered as another <section>
 * below (see `sections` in the component).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeTasks);
  const { today, overdue, dueToday } = await context.staff.today(member);
  return {
    today,
    overdue: overdue.map((t) => taskView(t, today)),
    dueToday: dueToday.map((t) => taskView(t, today)),
    mayWork: canWorkTasks(member),
  };
}

/** "Mark done" posts here (`intent=task-done`, the tasks panel's contract). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canSeeTasks);
  return (
    (await taskAction(context.staff, member, await request.formData(), {})) ?? { ok: false as const, message: "Nothing to do." }
  );
}

export default function Today({ loaderData, actionData }: Route.ComponentProps) {
  const { today, overdue, dueToday, mayWork } = loaderData;
  useEffect(() => {
    if (actionData) notify(actionData.ok ? "success" : "error", actionData.message);
  }, [actionData]);
  const sections = [
    { id: "overdue-tasks", title: `Overdue tasks (${overdue.length})`, tasks: overdue, empty: "Nothing overdue." },
    { id: "due-today", title: `Due today (${dueToday.length})`, tasks: dueToday, empty: "Nothing due today." },
  ];
  return (
    <>
      <h1 className="h3 mb-3">
        Today, <time dateTime={today}>{today}</time>
      </h1>
      {sections.map((s) => (
        <section key={s.id} aria-labelledby={s.id} className="mb-4">
          <h2 id={s.id} className="h5">
            {s.title}
          </h2>
          {s.tasks.length ? (
            <TaskList tasks={s.tasks} mayWork={mayWork} showSubject />
          ) : (
            <p className="text-body-secondary">{s.empty}</p>
          )}
        </section>
      ))}
    </>
  );
}
