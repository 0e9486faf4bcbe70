import { Form, Link, redirect, useNavigation } from "react-router";
import { EraseForm } from "~/components/erase-form";
import { SelectField } from "~/components/form-fields";
import { StaffTasks } from "~/components/staff-tasks";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { useT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { loadTaskPanel, taskIntents } from "~/lib/staff-tasks.server";
import { useActionToast } from "~/lib/use-action-toast";
import { erasureRequestSchema } from "../../../modules/erasure-request.ts";
import { parseId } from "../../../modules/ids.ts";
import {
  canAssignLeads,
  canChooseCounsellor,
  canEraseStudents,
  canMergeLeads,
  canSeeLeads,
  canWorkLeads,
} from "../../../modules/policies.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { firstResponseLabels, leadMessages, leadStatuses, lostReasons } from "../../../vocabulary/consultations.ts";
import { contactChannelLabels, privacyMessages } from "../../../vocabulary/privacy.ts";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data ? `${data.lead.firstName} ${data.lead.lastName}` : "Lead"} | Ignite` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeLeads);
  const details = await orRouteError(context.staff.leads.details(member, parseId(params.leadId, "Lead")));
  const { lead } = details;
  const mayAssign = canAssignLeads(member);
  const summary = (l: typeof lead) => ({
    id: l.id,
    name: `${l.firstName} ${l.lastName}`,
    email: l.email,
    phone: l.phoneNumber,
    status: l.status,
    assignedTo: l.assignedTo,
    booked: inIndianTime(l.createdAt).text,
    mayMerge: canWorkLeads(member) && canMergeLeads(member, [lead, l]) && !lead.mergedIntoId,
  });
  return {
    eraseRules: fieldRules(erasureRequestSchema),
    lead: {
      ...lead,
      booked: inIndianTime(lead.createdAt).text,
      due: inIndianTime(lead.firstResponseDue).text,
      firstContacted: lead.firstContactedAt ? inIndianTime(lead.firstContactedAt).text : null,
    },
    duplicates: details.duplicates.map(summary),
    hiddenDuplicates: details.hiddenDuplicates,
    merged: details.merged.map(summary),
    history: details.history.map((entry) => ({
      id: entry.id,
      at: inIndianTime(entry.at),
      actor: entry.actorLabel,
      words: entry.words,
      subjectId: entry.subjectId,
    })),
    mayWork: canWorkLeads(member) && !lead.mergedIntoId,
    // A lead that became a student is erased from the student's record, with everything else of theirs.
    // A converted lead not linked to an account: an admin links it to the account with its e-mail (decision 0034).
    mayLink: canChooseCounsellor(member) && lead.status === "Converted" && !lead.studentId && !lead.mergedIntoId,
    mayErase: canEraseStudents(member) && !lead.studentId,
    counsellors: mayAssign ? (await context.staff.leads.counsellors(member)).filter((c) => c.active) : [],
    tasks: await loadTaskPanel(context.staff, member, { leadId: lead.id }),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canSeeLeads);
  const id = parseId(params.leadId, "Lead");
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  return byIntent(
    form.get("intent"),
    {
      ...taskIntents(context.staff, member, form, { leadId: id }),
      assign: () =>
        refusalOr(async () => {
          const result = await context.staff.leads.assign(member, { leadIds: [id], staffId: text("staffId") });
          return { ok: true as const, message: result.message };
        }),
      erase: () => {
        const values = { reason: text("reason"), confirmEmail: text("confirmEmail") };
        return refusalOr(async () => {
          const erased = await context.staff.leads.erase(member, id, values);
          throw redirect(`/staff/leads?erased=${erased.bookings}`);
        }, values);
      },
      link: () =>
        refusalOr(async () => {
          await context.staff.leads.linkToStudent(member, id, { counsellor: form.get("counsellor") === "on" });
          return { ok: true as const, message: leadMessages.linked };
        }),
      merge: () =>
        refusalOr(async () => {
          await context.staff.leads.merge(member, id, { duplicateId: text("duplicateId") });
          return { ok: true as const, message: leadMessages.merged(Number(text("duplicateId"))) };
        }),
      // The status form, the page's main one (posted with or without `intent=status`).
      status: () => {
        const values = { status: text("status"), lostReason: text("lostReason") };
        return refusalOr(async () => {
          const lead = await context.staff.leads.changeStatus(member, id, values);
          return { ok: true as const, message: leadMessages.statusChanged(lead.status) };
        }, values);
      },
    },
    { otherwise: "status" },
  );
}

export default function LeadScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, mayWork, mayLink, mayErase, duplicates, hiddenDuplicates, merged, history, counsellors } = loaderData;
  // The history's words are kept in both languages (decision 0035); the rest of the console is in English (decision 0029).
  const { t } = useT();
  const navigation = useNavigation();
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const busy = navigation.state === "submitting";
  useActionToast(actionData);
  const response = lead.firstResponse ? firstResponseLabels[lead.firstResponse] : "Not recorded";
  const facts: [string, string | null][] = [
    ["Booked (IST)", lead.booked],
    ["Source", lead.source],
    ["E-mail", lead.email],
    ["Phone", lead.phoneNumber],
    ["Study destination", lead.studyDestination],
    ["Type of study", lead.typeOfStudy],
    ["Preferred subject", lead.preferredSubject],
    ["Year of study", lead.yearOfStudy],
    ["State", lead.state],
    ["Qualification", lead.qualification],
    ["Prefers to be contacted by", contactChannelLabels[lead.preferredContact]],
    ["News and offers", lead.newsAndOffers ? "Agreed" : "Not agreed"],
    ["Consent", lead.consentVersion ? `Version ${lead.consentVersion} on the booking form` : "Entered by staff"],
    ["Counsellor", lead.assignedTo ?? leadMessages.unassigned],
    ["Status", lead.lostReason ? `${lead.status} (${lead.lostReason})` : lead.status],
    ["First response due (IST)", lead.due],
    ["First response", lead.firstContacted ? `${response}: ${lead.firstContacted}` : response],
  ];
  return (
    <>
      <p>
        <Link to="/staff/leads">← Leads</Link>
      </p>
      <h1 className="h3">
        {lead.firstName} {lead.lastName}{" "}
        {lead.firstResponse === "overdue" && <span className="badge text-bg-danger fs-6">Overdue</span>}{" "}
        <span className="badge text-bg-info fs-6" data-testid="preferred-contact">
          Prefers {contactChannelLabels[lead.preferredContact]}
        </span>
      </h1>
      <p className="alert alert-warning py-2 small" role="note" data-testid="contact-warning">
        {privacyMessages.prefersWarning(contactChannelLabels[lead.preferredContact])}
        {!lead.newsAndOffers && <> {privacyMessages.noNewsConsent}</>}
      </p>
      {lead.mergedIntoId && (
        <p className="alert alert-secondary">
          {leadMessages.alreadyMerged(lead.mergedIntoId)} <Link to={`/staff/leads/${lead.mergedIntoId}`}>Open it</Link>
        </p>
      )}
      {lead.studentId && (
        <p>
          <Link to={`/staff/students/${lead.studentId}`}>Open the student's record</Link>
        </p>
      )}
      <dl className="row">
        {facts.map(([label, value]) => (
          <div key={label} className="col-sm-6 col-lg-4 mb-2">
            <dt>{label}</dt>
            <dd className="mb-0">{value || "–"}</dd>
          </div>
        ))}
      </dl>
      {mayWork && (
        <Form method="post" className="row g-3 align-items-end mb-4" style={{ maxWidth: "40rem" }}>
          <input type="hidden" name="intent" value="status" />
          <SelectField
            name="status"
            label="New status"
            options={leadStatuses}
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
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Change status
            </button>
          </div>
        </Form>
      )}
      {mayLink && (
        <Form method="post" className="mb-4" style={{ maxWidth: "40rem" }}>
          <input type="hidden" name="intent" value="link" />
          <p className="small mb-2">
            Converted, but not linked to a student account. If one has this e-mail, link the lead to it; converting never does
            when the lead's counsellor does not already look after that student.
          </p>
          {lead.assignedTo && (
            <div className="form-check mb-2">
              <input className="form-check-input" type="checkbox" id="link-counsellor" name="counsellor" />
              <label className="form-check-label" htmlFor="link-counsellor">
                and let {lead.assignedTo} look after the student
              </label>
            </div>
          )}
          <button type="submit" className="btn btn-outline-primary" disabled={busy}>
            Link to the student account
          </button>
        </Form>
      )}
      {counsellors.length > 0 && !lead.mergedIntoId && (
        <Form method="post" className="row g-3 align-items-end mb-4" style={{ maxWidth: "40rem" }}>
          <input type="hidden" name="intent" value="assign" />
          <div className="col-md-6">
            <label htmlFor="assign-to" className="form-label">
              Assign to
            </label>
            <select id="assign-to" name="staffId" className="form-select" required defaultValue={lead.assignedStaffId ?? ""}>
              <option value="">Choose a counsellor…</option>
              {counsellors.map((c) => (
                <option key={c.staffId} value={c.staffId}>
                  {c.fullName}
                </option>
              ))}
            </select>
          </div>
          <div className="col-md-6">
            <button type="submit" className="btn btn-outline-primary" disabled={busy}>
              Assign
            </button>
          </div>
        </Form>
      )}

      <h2 className="h5">Possible duplicates</h2>
      {duplicates.length === 0 && hiddenDuplicates === 0 ? (
        <p className="small">No other lead has this e-mail or phone number.</p>
      ) : (
        <ul className="list-unstyled">
          {duplicates.map((d) => (
            <li key={d.id} className="d-flex flex-wrap align-items-center gap-2 mb-2" data-testid="duplicate">
              <Link to={`/staff/leads/${d.id}`}>{d.name}</Link>
              <span className="small">
                {d.email} · {d.phone} · {d.status} · {d.assignedTo ?? leadMessages.unassigned} · booked {d.booked}
              </span>
              {d.mayMerge && (
                <Form method="post">
                  <input type="hidden" name="intent" value="merge" />
                  <input type="hidden" name="duplicateId" value={d.id} />
                  <button type="submit" className="btn btn-sm btn-outline-secondary" disabled={busy}>
                    Merge into this lead
                    <span className="visually-hidden">
                      {" "}
                      ({d.name}, lead #{d.id})
                    </span>
                  </button>
                </Form>
              )}
            </li>
          ))}
          {hiddenDuplicates > 0 && (
            <li className="small">
              {hiddenDuplicates} more with another counsellor; an admin can merge {hiddenDuplicates === 1 ? "it" : "them"}.
            </li>
          )}
        </ul>
      )}

      {merged.length > 0 && (
        <>
          <h2 className="h5">Merged into this lead</h2>
          <ul>
            {merged.map((m) => (
              <li key={m.id} data-testid="merged-lead">
                <Link to={`/staff/leads/${m.id}`}>{m.name}</Link> (lead #{m.id}, booked {m.booked})
              </li>
            ))}
          </ul>
        </>
      )}

      <h2 className="h5">History</h2>
      {history.length === 0 ? (
        <p className="small">Nothing yet.</p>
      ) : (
        <ul className="list-unstyled small">
          {history.map((entry) => (
            <li key={entry.id} className="mb-1" data-testid="lead-history">
              <time dateTime={entry.at.iso}>{entry.at.text}</time> · {entry.actor} · {t(entry.words.shape, entry.words.values)}
              {entry.subjectId !== String(lead.id) && ` (lead #${entry.subjectId})`}
            </li>
          ))}
        </ul>
      )}

      <StaffTasks panel={loaderData.tasks} refusal={refusal} />
      {mayErase && (
        <EraseForm
          heading={privacyMessages.eraseLeadHeading}
          hint={privacyMessages.eraseLeadHint}
          busy={busy}
          refusal={refusal && "values" in refusal && refusal.values.confirmEmail !== undefined ? refusal : undefined}
          rules={loaderData.eraseRules}
        />
      )}
    </>
  );
}
