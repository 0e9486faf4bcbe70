import { Form, Link, redirect, useNavigation } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../../modules/ids.ts";
import { canManageScholarships } from "../../../modules/policies.ts";
import { scholarshipInput } from "../../../modules/scholarships/editing.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { monthNames } from "../../../vocabulary/applications.ts";
import { courseLevels } from "../../../vocabulary/catalogue.ts";
import { dayLabel, scholarshipMessages as m } from "../../../vocabulary/scholarships.ts";
import type { Route } from "./+types/scholarship";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data?.scholarship?.name ?? "New scholarship"} | Console | Ignite` },
  { name: "robots", content: "noindex" },
];

/** Staff add a scholarship (/staff/scholarships/new) or correct one, and withdraw or restore it (decision 0025). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageScholarships);
  const scholarship = params.scholarshipId
    ? await context.staff.scholarships.get(member, parseId(params.scholarshipId, "Scholarship"))
    : null;
  // India's day by the console's clock: a new scholarship's "checked on" starts today, the day the check holds it to (decision 0109).
  return {
    scholarship,
    added: new URL(request.url).searchParams.has("added"),
    today: context.staff.today(),
    rules: fieldRules(scholarshipInput),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageScholarships);
  const formData = await request.formData();
  const form = Object.fromEntries([...formData].map(([k, v]) => [k, String(v)]));
  const levels = formData.getAll("levels").map(String);
  return refusalOr(
    async () => {
      if (!params.scholarshipId) {
        const created = await context.staff.scholarships.create(member, { ...form, levels });
        throw redirect(`/staff/scholarships/${created.id}?added`);
      }
      const id = parseId(params.scholarshipId, "Scholarship");
      const setRetired = async (retired: boolean) => {
        const saved = await context.staff.scholarships.setRetired(member, id, retired);
        return { ok: true as const, message: saved.retired ? m.retired(saved.name) : m.restored(saved.name) };
      };
      return byIntent(
        form.intent,
        {
          retire: () => setRetired(true),
          restore: () => setRetired(false),
          edit: async () => {
            const saved = await context.staff.scholarships.edit(member, id, { ...form, levels });
            return { ok: true as const, message: m.saved(saved.name) };
          },
        },
        { otherwise: "edit" },
      );
    },
    { ...form, levels: levels.join(",") },
  );
}

/** Limits and `required` come from the schema (`scholarshipInput`); `own` for a field it reads as a list. */
type TextField = { name: string; label: string; long?: boolean; hint?: string; type?: string; own?: { maxLength: number } };
const textFields: TextField[] = [
  { name: "name", label: "Name" },
  { name: "provider", label: "Provider" },
  {
    name: "destinations",
    label: "Destinations",
    // Parsed into a list of countries: the schema bounds the list, the field bounds what is typed.
    own: { maxLength: 2000 },
    hint: "Country names separated by commas, as the site spells them (e.g. United Kingdom); empty for any country.",
  },
  { name: "amount", label: "Amount", long: true },
  { name: "eligibility", label: "Eligibility", long: true },
  { name: "officialUrl", label: "Official page", type: "url" },
];

export default function StaffScholarship({ loaderData, actionData }: Route.ComponentProps) {
  const { scholarship, added, today, rules } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  const current: Record<string, string> = scholarship
    ? {
        name: scholarship.name,
        provider: scholarship.provider,
        destinations: scholarship.destinations.join(", "),
        levels: scholarship.levels.join(","),
        amount: scholarship.amount,
        eligibility: scholarship.eligibility,
        officialUrl: scholarship.officialUrl,
        deadlineMonth: scholarship.deadlineMonth ? String(scholarship.deadlineMonth) : "",
        deadlineDay: scholarship.deadlineDay ? String(scholarship.deadlineDay) : "",
        deadlineNote: scholarship.deadlineNote ?? "",
        minimumPercentage: scholarship.minimumPercentage === null ? "" : String(scholarship.minimumPercentage),
        checkedOn: scholarship.checkedOn,
      }
    : { checkedOn: today };
  const value = (name: string) => refusal?.values[name] ?? current[name] ?? "";
  const error = (name: string) => refusal?.fields[name];
  const attrs = (name: string) => ({
    id: `sc-${name}`,
    name,
    defaultValue: value(name),
    "aria-invalid": error(name) ? true : undefined,
    "aria-describedby": error(name) ? `sc-${name}-error` : undefined,
  });
  const feedback = (name: string) =>
    error(name) && (
      <div id={`sc-${name}-error`} className="invalid-feedback d-block">
        {error(name)}
      </div>
    );
  const chosenLevels = value("levels").split(",");
  const formKey = scholarship ? `${scholarship.id}|${scholarship.updatedAt}` : "new";
  return (
    <>
      <p className="small">
        <Link to="/staff/scholarships">Scholarships</Link>
      </p>
      <h1 className="h3 mb-3">{scholarship ? scholarship.name : "New scholarship"}</h1>
      {added && scholarship && (
        <p className="alert alert-success py-2" role="status">
          {m.created(scholarship.name)}
        </p>
      )}
      {scholarship && (
        <p>
          {scholarship.retired ? "Withdrawn: not on the site." : "Shown on the site."} Facts checked on{" "}
          {dayLabel(scholarship.checkedOn)}.
        </p>
      )}
      <Form method="post" className="row g-3 mb-4" style={{ maxWidth: "48rem" }} key={formKey}>
        {textFields.map((f) => (
          <div className="col-12" key={f.name}>
            <label htmlFor={`sc-${f.name}`} className="form-label">
              {f.label}
            </label>
            {f.long ? (
              <textarea
                {...attrs(f.name)}
                rows={3}
                maxLength={f.own?.maxLength ?? rules[f.name]?.maxLength}
                required={f.own ? undefined : rules[f.name]?.required}
                className={`form-control${error(f.name) ? " is-invalid" : ""}`}
              />
            ) : (
              <input
                {...attrs(f.name)}
                type={f.type ?? "text"}
                maxLength={f.own?.maxLength ?? rules[f.name]?.maxLength}
                required={f.own ? undefined : rules[f.name]?.required}
                className={`form-control${error(f.name) ? " is-invalid" : ""}`}
              />
            )}
            {f.hint && <div className="form-text">{f.hint}</div>}
            {feedback(f.name)}
          </div>
        ))}
        <fieldset className="col-12">
          <legend className="form-label fs-6">Levels</legend>
          {courseLevels.map((level) => (
            <div className="form-check form-check-inline" key={level}>
              <input
                id={`sc-level-${level}`}
                type="checkbox"
                name="levels"
                value={level}
                defaultChecked={chosenLevels.includes(level)}
                className="form-check-input"
              />
              <label htmlFor={`sc-level-${level}`} className="form-check-label">
                {level}
              </label>
            </div>
          ))}
          {feedback("levels")}
        </fieldset>
        <div className="col-sm-4">
          <label htmlFor="sc-deadlineMonth" className="form-label">
            Deadline month
          </label>
          <select {...attrs("deadlineMonth")} className={`form-select${error("deadlineMonth") ? " is-invalid" : ""}`}>
            <option value="">Varies</option>
            {monthNames.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
          {feedback("deadlineMonth")}
        </div>
        <div className="col-sm-3">
          <label htmlFor="sc-deadlineDay" className="form-label">
            Deadline day
          </label>
          <input
            {...attrs("deadlineDay")}
            type="number"
            min={rules.deadlineDay?.min}
            max={rules.deadlineDay?.max}
            className={`form-control${error("deadlineDay") ? " is-invalid" : ""}`}
          />
          {feedback("deadlineDay")}
        </div>
        <div className="col-12">
          <label htmlFor="sc-deadlineNote" className="form-label">
            How the provider words the deadline
          </label>
          <input
            {...attrs("deadlineNote")}
            maxLength={rules.deadlineNote?.maxLength}
            className={`form-control${error("deadlineNote") ? " is-invalid" : ""}`}
          />
          {feedback("deadlineNote")}
        </div>
        <div className="col-sm-5">
          <label htmlFor="sc-minimumPercentage" className="form-label">
            Lowest percentage asked (optional)
          </label>
          <input
            {...attrs("minimumPercentage")}
            type="number"
            min={rules.minimumPercentage?.min}
            max={rules.minimumPercentage?.max}
            step="any"
            className={`form-control${error("minimumPercentage") ? " is-invalid" : ""}`}
          />
          <div className="form-text">
            In the qualification before the level: 12th for a bachelor's, the bachelor's for a master's.
          </div>
          {feedback("minimumPercentage")}
        </div>
        <div className="col-sm-4">
          <label htmlFor="sc-checkedOn" className="form-label">
            Facts checked on
          </label>
          <input
            {...attrs("checkedOn")}
            type="date"
            max={today}
            required={rules.checkedOn?.required}
            className={`form-control${error("checkedOn") ? " is-invalid" : ""}`}
          />
          {feedback("checkedOn")}
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {scholarship ? "Save" : "Add the scholarship"}
          </button>
        </div>
      </Form>
      {scholarship && (
        <Form method="post">
          <input type="hidden" name="intent" value={scholarship.retired ? "restore" : "retire"} />
          <button type="submit" className="btn btn-outline-secondary" disabled={busy}>
            {scholarship.retired ? "Show on the site again" : "Withdraw from the site"}
          </button>
        </Form>
      )}
    </>
  );
}
