import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SelectField } from "~/components/form-fields";
import { StaffTasks } from "~/components/staff-tasks";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffWith } from "~/lib/staff.server";
import { loadTaskPanel, taskAction } from "~/lib/staff-tasks.server";
import { notify } from "~/lib/toast";
import { parseId } from "../../../modules/catalogue/inputs.ts";
import { canSeeLeads, canWorkLeads } from "../../../modules/staff/policies.ts";
import { consultationStatuses, leadMessages, lostReasons } from "../../../vocabulary/consultations.ts";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `${data.lead.firstName} ${data.lead.lastName}` : "Lead"} | Ignite` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeLeads);
  const lead = await orRouteError(context.staff.lead(member, parseId(params.leadId, "Lead")));
  const tasks = await loadTaskPanel(context.staff, member, { leadId: lead.id });
  return { lead: { ...lead, booked: inIndianTime(lead.createdAt).text }, mayWork: canWorkLeads(member), tasks };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canSeeLeads);
  const form = await request.formData();
  const taskDone = await taskAction(context.staff, member, form, { leadId: parseId(params.leadId, "Lead") });
  if (taskDone) return taskDone;
  const values = { status: String(form.get("status") ?? ""), lostReason: String(form.get("lostReason") ?? "") };
  return refusalOr(async () => {
    const lead = await context.staff.changeLeadStatus(member, parseId(params.leadId, "Lead"), values);
    return { ok: true as const, message: leadMessages.statusChanged(lead.status) };
  }, values);
}

export default function LeadScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, mayWork } = loaderData;
  const navigation = useNavigation();
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useEffect(() => {
    if (actionData) notify(actionData.ok ? "success" : "error", actionData.message);
  }, [actionData]);
  const facts: [string, string | null][] = [
    ["Booked (IST)", lead.booked],
    ["E-mail", lead.email],
    ["Phone", lead.phoneNumber],
    ["Study destination", lead.studyDestination],
    ["Type of study", lead.typeOfStudy],
    ["Preferred subject", lead.preferredSubject],
    ["Year of study", lead.yearOfStudy],
    ["State", lead.state],
    ["Qualification", lead.qualification],
    ["Counsellor", lead.assignedTo ?? "Nobody yet"],
    ["Status", lead.lostReason ? `${lead.status} (${lead.lostReason})` : lead.status],
    ["Student account", lead.studentId ? `#${lead.studentId}` : "None yet"],
  ];
  return (
    <>
      <p>
        <Link to="/staff/leads">← Leads</Link>
      </p>
      <h1 className="h3">
        {lead.firstName} {lead.lastName}
      </h1>
      <dl className="row">
        {facts.map(([label, value]) => (
          <div key={label} className="col-sm-6 col-lg-4 mb-2">
            <dt>{label}</dt>
            <dd className="mb-0">{value || "–"}</dd>
          </div>
        ))}
      </dl>
      {mayWork && (
        <Form method="post" className="row g-3 align-items-end" style={{ maxWidth: "40rem" }}>
          <SelectField
            name="status"
            label="New status"
            options={consultationStatuses}
            error={refusal?.fields.status}
            defaultValue={refusal?.values.status ?? lead.status}
          />
          <SelectField
            name="lostReason"
            label="Reason, if lost"
            options={lostReasons}
            error={refusal?.fields.lostReason}
            defaultValue={refusal?.values.lostReason ?? lead.lostReason ?? ""}
          />
          <div className="col-12">
            <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
              Change status
            </button>
          </div>
        </Form>
      )}
      <StaffTasks panel={loaderData.tasks} refusal={refusal} />
    </>
  );
}
