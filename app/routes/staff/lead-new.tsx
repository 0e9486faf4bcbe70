import { Form, redirect, useNavigation } from "react-router";
import { SelectField, TextField } from "~/components/form-fields";
import { refusalOr } from "~/lib/form-result.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { newLeadSchema } from "../../../modules/leads/input.ts";
import { canCreateLeads, leadVisibleTo } from "../../../modules/policies.ts";
import { fieldRules } from "../../../modules/validation.ts";
import {
  indianStates,
  leadMessages,
  preferredSubjects,
  staffLeadSources,
  studyDestinations,
  typesOfStudy,
  yearsOfStudyFrom,
} from "../../../vocabulary/consultations.ts";
import type { Route } from "./+types/lead-new";

export const meta: Route.MetaFunction = () => [{ title: "New lead | Ignite" }, { name: "robots", content: "noindex" }];

const fields = [
  "firstName",
  "lastName",
  "phoneNumber",
  "email",
  "studyDestination",
  "typeOfStudy",
  "preferredSubject",
  "yearOfStudy",
  "state",
  "qualification",
  "source",
] as const;

export function loader({ context }: Route.LoaderArgs) {
  requireStaffWith(context.staffMember, canCreateLeads);
  return { rules: fieldRules(newLeadSchema), years: yearsOfStudyFrom(new Date().getUTCFullYear()) };
}

/** A lead entered by hand: assigned as a booking is; its page opens when it is one the member may see. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canCreateLeads);
  const form = await request.formData();
  const values = Object.fromEntries(fields.map((name) => [name, String(form.get(name) ?? "")]));
  return refusalOr(async () => {
    const lead = await context.staff.leads.create(member, values);
    if (leadVisibleTo(member, lead)) throw redirect(`/staff/leads/${lead.id}`);
    return { ok: true as const, message: leadMessages.created(`${lead.firstName} ${lead.lastName}`) };
  }, values);
}

export default function NewLead({ loaderData, actionData }: Route.ComponentProps) {
  const { rules } = loaderData;
  const navigation = useNavigation();
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  const common = (name: (typeof fields)[number]) => ({
    name,
    rules: rules[name],
    markRequired: true,
    error: refusal?.fields[name],
    defaultValue: refusal?.values[name],
  });
  return (
    <>
      <h1 className="h3 mb-3">New lead</h1>
      <p className="small text-body-secondary">
        For a lead who called, walked in or wrote to us. Fields marked * are required. No mail is sent to the person.
      </p>
      <Form method="post" className="row g-3" style={{ maxWidth: "48rem" }}>
        <SelectField {...common("source")} label="Source" options={staffLeadSources} />
        <TextField {...common("firstName")} label="First name" />
        <TextField {...common("lastName")} label="Last name" />
        <TextField {...common("phoneNumber")} label="Phone number" type="tel" inputMode="tel" />
        <TextField {...common("email")} label="Email" type="email" />
        <SelectField {...common("studyDestination")} label="Study destination" options={studyDestinations} />
        <SelectField {...common("typeOfStudy")} label="Type of study" options={typesOfStudy} />
        <SelectField {...common("preferredSubject")} label="Preferred subject" options={preferredSubjects} />
        <SelectField {...common("yearOfStudy")} label="Year of study" options={loaderData.years} />
        <SelectField {...common("state")} label="State" options={indianStates} />
        <TextField {...common("qualification")} label="Qualification" />
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
            Create lead
          </button>
        </div>
      </Form>
    </>
  );
}
