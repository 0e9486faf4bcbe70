import { Form, useNavigation } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { consoleSettingsSchema } from "../../../modules/console-settings.ts";
import { canManageSettings } from "../../../modules/policies.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { MAX_ACTIVE_APPLICATIONS_CEILING } from "../../../vocabulary/applications.ts";
import {
  leadAssignmentModeLabels,
  leadAssignmentModes,
  settingsMessages,
  socialNetworkNames,
  socialNetworks,
  weekdayNames,
} from "../../../vocabulary/consultations.ts";
import { privacyMessages } from "../../../vocabulary/privacy.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Ignite" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageSettings);
  return { settings: await context.staff.team.settings(member), rules: fieldRules(consoleSettingsSchema) };
}

/** Saves every setting at once (the form shows them all); the audit log keeps before and after. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageSettings);
  const form = await request.formData();
  return refusalOr(async () => {
    await context.staff.team.changeSettings(member, {
      leadAssignment: String(form.get("leadAssignment") ?? ""),
      firstResponseHours: String(form.get("firstResponseHours") ?? ""),
      workingHours: {
        days: form.getAll("days").map(String),
        start: String(form.get("start") ?? ""),
        end: String(form.get("end") ?? ""),
      },
      bookingRetentionMonths: String(form.get("bookingRetentionMonths") ?? ""),
      maxActiveApplications: String(form.get("maxActiveApplications") ?? ""),
      homeVideo: String(form.get("homeVideo") ?? ""),
      socialLinks: Object.fromEntries(socialNetworks.map((network) => [network, String(form.get(`social-${network}`) ?? "")])),
    });
    return { ok: true as const, message: settingsMessages.saved };
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, rules } = loaderData;
  const navigation = useNavigation();
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  // Monday first, as the working week is read here.
  const week = [1, 2, 3, 4, 5, 6, 0];
  return (
    <>
      <h1 className="h3 mb-3">Settings</h1>
      {refusal && (
        <p className="alert alert-danger" role="alert">
          {refusal.message}
        </p>
      )}
      <Form method="post" style={{ maxWidth: "40rem" }}>
        <fieldset className="mb-4">
          <legend className="h5">New leads</legend>
          {leadAssignmentModes.map((mode) => (
            <div key={mode} className="form-check">
              <input
                id={`mode-${mode}`}
                type="radio"
                name="leadAssignment"
                value={mode}
                className="form-check-input"
                defaultChecked={settings.leadAssignment === mode}
              />
              <label htmlFor={`mode-${mode}`} className="form-check-label">
                {leadAssignmentModeLabels[mode]}
              </label>
            </div>
          ))}
        </fieldset>
        <fieldset className="mb-4">
          <legend className="h5">First response</legend>
          <div className="mb-3">
            <label htmlFor="firstResponseHours" className="form-label">
              Target (working hours)
            </label>
            <input
              id="firstResponseHours"
              name="firstResponseHours"
              type="number"
              min={rules.firstResponseHours?.min}
              max={rules.firstResponseHours?.max}
              step={1}
              required={rules.firstResponseHours?.required}
              className="form-control"
              style={{ maxWidth: "8rem" }}
              defaultValue={settings.firstResponseHours}
            />
          </div>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Working days</legend>
            {week.map((day) => (
              <div key={day} className="form-check form-check-inline">
                <input
                  id={`day-${day}`}
                  type="checkbox"
                  name="days"
                  value={day}
                  className="form-check-input"
                  defaultChecked={settings.workingHours.days.includes(day)}
                />
                <label htmlFor={`day-${day}`} className="form-check-label">
                  {weekdayNames[day]}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="row g-3">
            <div className="col-6">
              <label htmlFor="start" className="form-label">
                Day starts (IST)
              </label>
              <input
                id="start"
                name="start"
                type="time"
                required
                className="form-control"
                defaultValue={settings.workingHours.start}
              />
            </div>
            <div className="col-6">
              <label htmlFor="end" className="form-label">
                Day ends (IST)
              </label>
              <input id="end" name="end" type="time" required className="form-control" defaultValue={settings.workingHours.end} />
            </div>
          </div>
        </fieldset>
        <fieldset className="mb-4">
          <legend className="h5">Applications</legend>
          <label htmlFor="maxActiveApplications" className="form-label">
            Most applications a student may have open before submission
          </label>
          <input
            id="maxActiveApplications"
            name="maxActiveApplications"
            type="number"
            min={1}
            max={MAX_ACTIVE_APPLICATIONS_CEILING}
            step={1}
            required
            className="form-control"
            style={{ maxWidth: "8rem" }}
            defaultValue={settings.maxActiveApplications}
            aria-describedby="applications-limit-hint"
          />
          <p id="applications-limit-hint" className="small text-body-secondary mt-1 mb-0">
            A student who has this many is told to withdraw one or ask their counsellor; counsellors can still add more.
          </p>
        </fieldset>
        <fieldset className="mb-4">
          <legend className="h5">Retention</legend>
          <label htmlFor="bookingRetentionMonths" className="form-label">
            {privacyMessages.retentionLabel}
          </label>
          <input
            id="bookingRetentionMonths"
            name="bookingRetentionMonths"
            type="number"
            min={rules.bookingRetentionMonths?.min}
            max={rules.bookingRetentionMonths?.max}
            step={1}
            required={rules.bookingRetentionMonths?.required}
            className="form-control"
            style={{ maxWidth: "8rem" }}
            defaultValue={settings.bookingRetentionMonths}
            aria-describedby="retention-hint"
          />
          <p id="retention-hint" className="small text-body-secondary mt-1 mb-0">
            Checked every night: such a booking's names, phone, e-mail and answers are deleted; the reports keep it as an
            anonymous count.
          </p>
        </fieldset>
        <fieldset className="mb-4">
          <legend className="h5">Public site</legend>
          <div className="mb-3">
            <label htmlFor="homeVideo" className="form-label">
              Home page video (YouTube address)
            </label>
            <input
              id="homeVideo"
              name="homeVideo"
              type="text"
              inputMode="url"
              className={`form-control${refusal?.fields?.homeVideo ? " is-invalid" : ""}`}
              defaultValue={settings.homeVideo ? `https://www.youtube.com/watch?v=${settings.homeVideo}` : ""}
              aria-describedby="homeVideo-hint"
              aria-invalid={refusal?.fields?.homeVideo ? true : undefined}
            />
            <p id="homeVideo-hint" className="small text-body-secondary mt-1 mb-0">
              {refusal?.fields?.homeVideo ??
                "Blank shows no video. Visitors see a poster; the video loads from youtube-nocookie.com only when they press play."}
            </p>
          </div>
          <fieldset aria-describedby="social-hint">
            <legend className="form-label fs-6">Footer links</legend>
            <p id="social-hint" className="small text-body-secondary">
              {refusal?.fields?.socialLinks ?? "Your own page on each network (https://). Only those filled in are shown."}
            </p>
            {socialNetworks.map((network) => (
              <div key={network} className="mb-2">
                <label htmlFor={`social-${network}`} className="form-label">
                  {socialNetworkNames[network]}
                </label>
                <input
                  id={`social-${network}`}
                  name={`social-${network}`}
                  type="url"
                  className="form-control"
                  defaultValue={settings.socialLinks[network] ?? ""}
                />
              </div>
            ))}
          </fieldset>
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
          Save settings
        </button>
      </Form>
    </>
  );
}
