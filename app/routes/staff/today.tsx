import { Link } from "react-router";
import { TaskList } from "~/components/staff-tasks";
import { inIndianTime } from "~/lib/indian-time";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { taskIntents, taskView } from "~/lib/staff-tasks.server";
import { useActionToast } from "~/lib/use-action-toast";
import { canSeeLeads, canSeeTasks, canWorkTasks } from "../../../modules/policies.ts";
import type { Route } from "./+types/today";

export const meta: Route.MetaFunction = () => [{ title: "Today | Ignite" }, { name: "robots", content: "noindex" }];

/**
 * A counsellor's day: the leads they see whose first response is overdue, and their open tasks that
 * are overdue or due today (IST), each with its subject.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeTasks);
  const { today, overdue, dueToday } = await context.staff.today(member);
  const leads = canSeeLeads(member) ? await context.staff.overdueLeads(member) : [];
  return {
    today,
    overdueLeads: leads.map((lead) => ({
      id: lead.id,
      name: `${lead.firstName} ${lead.lastName}`,
      destination: lead.studyDestination,
      due: inIndianTime(lead.firstResponseDue),
      assignedTo: lead.assignedTo,
    })),
    overdue: overdue.map((t) => taskView(t, today)),
    dueToday: dueToday.map((t) => taskView(t, today)),
    mayWork: canWorkTasks(member),
  };
}

/** "Mark done" posts here (`intent=task-done`, the tasks panel's contract). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canSeeTasks);
  const form = await request.formData();
  return byIntent(
    form.get("intent"),
    { ...taskIntents(context.staff, member, form, {}), nothing: () => ({ ok: false as const, message: "Nothing to do." }) },
    { otherwise: "nothing" },
  );
}

export default function Today({ loaderData, actionData }: Route.ComponentProps) {
  const { today, overdueLeads, overdue, dueToday, mayWork } = loaderData;
  useActionToast(actionData);
  const sections = [
    { id: "overdue-tasks", title: `Overdue tasks (${overdue.length})`, tasks: overdue, empty: "Nothing overdue." },
    { id: "due-today", title: `Due today (${dueToday.length})`, tasks: dueToday, empty: "Nothing due today." },
  ];
  return (
    <>
      <h1 className="h3 mb-3">
        Today, <time dateTime={today}>{today}</time>
      </h1>
      <section aria-labelledby="overdue-leads" className="mb-4">
        <h2 id="overdue-leads" className="h5">
          Overdue first responses ({overdueLeads.length})
        </h2>
        {overdueLeads.length ? (
          <ul className="list-unstyled">
            {overdueLeads.map((lead) => (
              <li key={lead.id} className="mb-1" data-testid="overdue-lead">
                <span className="badge text-bg-danger me-2">Overdue</span>
                <Link to={`/staff/leads/${lead.id}`}>{lead.name}</Link>
                <span className="small">
                  {" "}
                  · {lead.destination} · due <time dateTime={lead.due.iso}>{lead.due.text}</time>
                  {lead.assignedTo ? ` · ${lead.assignedTo}` : ""}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary">Every new lead has had its first response in time.</p>
        )}
      </section>
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
