import { Form, Link, useFetcher } from "react-router";
import { TextField } from "~/components/form-fields";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { canKeepCalendar, canManageCalendars } from "../../../modules/policies.ts";
import { sessionMessages } from "../../../vocabulary/counselling.ts";
import type { Route } from "./+types/calendar-hours";

export const meta: Route.MetaFunction = () => [{ title: "Working hours | Ignite" }, { name: "robots", content: "noindex" }];

/** Whose calendar: the member's own, or (admins) the one named by `?staffId=`. */
const whoseOf = (request: Request) => {
  const id = Number.parseInt(new URL(request.url).searchParams.get("staffId") ?? "", 10);
  return Number.isFinite(id) && id > 0 ? id : undefined;
};

/** A member's weekly hours in IST, their exceptions (leave, a day's changed hours) and their meeting link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canKeepCalendar);
  const settings = await orRouteError(context.staff.counselling.settings(member, whoseOf(request)));
  return { settings, own: settings.staffId === member.staffId, mayManageOthers: canManageCalendars(member) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canKeepCalendar);
  const whose = whoseOf(request);
  const form = await request.formData();
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const counselling = context.staff.counselling;
  return byIntent(form.get("intent"), {
    hours: () =>
      refusalOr(async () => {
        const days = Array.from({ length: 7 }, (_, d) => ({
          works: values[`works-${d}`] ?? "",
          starts: values[`starts-${d}`] ?? "",
          ends: values[`ends-${d}`] ?? "",
        }));
        await counselling.saveHours(member, { days }, whose);
        return { ok: true as const, message: sessionMessages.hoursSaved };
      }, values),
    "add-exception": () =>
      refusalOr(async () => {
        await counselling.addException(member, values, whose);
        return {
          ok: true as const,
          message: sessionMessages.exceptionAdded(values.kind === "hours" ? "hours" : "leave", values.day ?? ""),
        };
      }, values),
    "remove-exception": () =>
      refusalOr(async () => {
        await counselling.removeException(member, Number.parseInt(values.exceptionId ?? "", 10) || 0, whose);
        return { ok: true as const, message: sessionMessages.exceptionRemoved };
      }, values),
    link: () =>
      refusalOr(async () => {
        await counselling.saveMeetingLink(member, values, whose);
        return { ok: true as const, message: sessionMessages.linkSaved };
      }, values),
  });
}

type Answer = { ok: boolean; message: string; fields?: Record<string, string> };

export default function CalendarHours({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, own } = loaderData;
  useActionToast(actionData as Answer | undefined);
  const remover = useFetcher<Answer>();
  useActionToast(remover.state === "idle" ? remover.data : undefined);
  const fields = (actionData && !actionData.ok ? actionData.fields : undefined) ?? {};
  return (
    <>
      <p className="mb-1">
        <Link to="/staff/calendar">Calendar</Link>
      </p>
      <h1 className="h3 mb-3">{own ? "Your working hours" : `Working hours of ${settings.fullName}`}</h1>
      <p className="text-body-secondary small">
        India time (IST). Students and visitors book the free times in these hours, from 4 hours ahead to 14 days ahead.
      </p>

      <section aria-labelledby="week-heading" className="mb-4">
        <h2 id="week-heading" className="h5">
          Every week
        </h2>
        <Form method="post" className="mb-2">
          <input type="hidden" name="intent" value="hours" />
          <div className="table-responsive" style={{ overflowX: "auto" }}>
            <table className="table table-sm align-middle">
              <caption className="visually-hidden">Working hours by weekday</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Works</th>
                  <th scope="col">From</th>
                  <th scope="col">Until</th>
                </tr>
              </thead>
              <tbody>
                {settings.week.map((d) => (
                  <tr key={d.weekday}>
                    <th scope="row">{d.name}</th>
                    <td>
                      <input
                        type="checkbox"
                        className="form-check-input"
                        name={`works-${d.weekday}`}
                        aria-label={`Works on ${d.name}`}
                        defaultChecked={d.works}
                      />
                    </td>
                    <td>
                      <input
                        type="time"
                        className="form-control form-control-sm"
                        name={`starts-${d.weekday}`}
                        aria-label={`${d.name} from`}
                        defaultValue={d.starts}
                      />
                    </td>
                    <td>
                      <input
                        type="time"
                        className="form-control form-control-sm"
                        name={`ends-${d.weekday}`}
                        aria-label={`${d.name} until`}
                        defaultValue={d.ends}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {Object.keys(fields).some((k) => k.startsWith("days")) ? (
            <p className="text-danger small">{sessionMessages.enterTimes}</p>
          ) : null}
          <button type="submit" className="btn btn-primary">
            Save working hours
          </button>
        </Form>
      </section>

      <section aria-labelledby="exceptions-heading" className="mb-4">
        <h2 id="exceptions-heading" className="h5">
          Leave and changed days
        </h2>
        {settings.exceptions.length === 0 ? (
          <p className="small text-body-secondary">None from today on.</p>
        ) : (
          <ul className="list-unstyled mb-3">
            {settings.exceptions.map((e) => (
              <li
                key={e.id}
                className="border rounded p-2 mb-2 d-flex justify-content-between align-items-center gap-2"
                data-testid="calendar-exception"
              >
                <span>
                  <time dateTime={e.day}>{e.day}</time>: {e.leave ? "Leave" : `${e.starts}–${e.ends}`}
                  {e.note ? ` (${e.note})` : ""}
                </span>
                <remover.Form method="post">
                  <input type="hidden" name="intent" value="remove-exception" />
                  <input type="hidden" name="exceptionId" value={e.id} />
                  <button type="submit" className="btn btn-sm btn-outline-danger" aria-label={`Remove the exception on ${e.day}`}>
                    Remove
                  </button>
                </remover.Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="row g-2 align-items-end">
          <input type="hidden" name="intent" value="add-exception" />
          <TextField name="day" label="Day" type="date" rules={{ required: true }} error={fields.day} className="col-sm-3" />
          <div className="col-sm-3">
            <label htmlFor="kind" className="form-label">
              Kind
            </label>
            <select id="kind" name="kind" className="form-select">
              <option value="leave">Leave (the whole day)</option>
              <option value="hours">Changed hours</option>
            </select>
          </div>
          <TextField name="starts" label="From" type="time" error={fields.starts} className="col-sm-2" />
          <TextField name="ends" label="Until" type="time" error={fields.ends} className="col-sm-2" />
          <div className="col-sm-2">
            <button type="submit" className="btn btn-outline-primary">
              Add
            </button>
          </div>
          <TextField name="note" label="Note (optional)" rules={{ maxLength: 200 }} error={fields.note} className="col-12" />
        </Form>
      </section>

      <section aria-labelledby="link-heading">
        <h2 id="link-heading" className="h5">
          Meeting link
        </h2>
        <Form method="post" className="row g-2 align-items-end">
          <input type="hidden" name="intent" value="link" />
          <TextField
            name="meetingLink"
            label="Link for every session (a session may have its own)"
            type="url"
            defaultValue={settings.meetingLink ?? ""}
            error={fields.meetingLink}
            className="col-sm-9"
          />
          <div className="col-sm-3">
            <button type="submit" className="btn btn-outline-primary">
              Save link
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
