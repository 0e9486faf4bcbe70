import { useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { EraseForm } from "~/components/erase-form";
import { StaffTasks } from "~/components/staff-tasks";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffWith } from "~/lib/staff.server";
import { loadTaskPanel, taskAction } from "~/lib/staff-tasks.server";
import { notify } from "~/lib/toast";
import { parseId } from "../../../modules/catalogue/inputs.ts";
import { AppError } from "../../../modules/errors.ts";
import {
  canEraseStudents,
  canManageStaff,
  canReviewDocuments,
  canSeeStudents,
  canWorkStudents,
} from "../../../modules/staff/policies.ts";
import { applicationMessages, applicationStatusTones, intakeYearsFrom } from "../../../vocabulary/applications.ts";
import { intakeLabel } from "../../../vocabulary/catalogue.ts";
import { contactChannelLabels, privacyMessages } from "../../../vocabulary/privacy.ts";
import { emailTemplateNames, recordMessages } from "../../../vocabulary/records.ts";
import { IntakeMonthYear } from "../../components/intake-month-year.tsx";
import type { Route } from "./+types/student";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data ? data.record.fullName : "Student"} | Ignite` },
  { name: "robots", content: "noindex" },
];

const staffFile = (publicId: string) => `/staff/files/${publicId}?inline=1`;

/** One student's record: profile, marks, documents, saved courses, applications, notes, e-mail and the timeline. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const studentId = parseId(params.studentId, "Student");
  const record = await orRouteError(context.staff.student(member, studentId));
  const url = new URL(request.url);
  const template = emailTemplateNames.find((name) => name === url.searchParams.get("template")) ?? emailTemplateNames[0];
  const courseTerm = url.searchParams.get("course")?.trim().slice(0, 100) ?? "";
  const found = courseTerm ? (await context.catalogue.searchCourses(courseTerm.toLowerCase(), 1)).items.slice(0, 10) : [];
  const year = new Date().getUTCFullYear();
  const courseChoices = [
    ...record.savedCourses.map((c) => ({ id: c.courseId, text: `${c.course}, ${c.university} (${c.country}) — saved` })),
    ...found.map((c) => ({ id: c.id, text: `${c.name}, ${c.university.name} (${c.university.country.name})` })),
  ];
  // A course with upcoming intakes is applied to for one of them (decision 0019); the others keep month and year.
  const intakes = await context.catalogue.upcomingIntakes(courseChoices.map((c) => c.id));
  return {
    record: {
      ...record,
      since: inIndianTime(record.createdAt).text,
      documents: record.documents.map((d) => ({ ...d, uploaded: inIndianTime(d.uploadedAt).text })),
      notes: record.notes.map((n) => ({ ...n, when: inIndianTime(n.at) })),
      timeline: record.timeline.map((t) => ({ ...t, when: inIndianTime(t.at) })),
      consented: record.consentedAt ? inIndianTime(record.consentedAt).text : null,
    },
    may: {
      work: canWorkStudents(member),
      assign: canManageStaff(member),
      review: canReviewDocuments(member),
      erase: canEraseStudents(member),
    },
    counsellors: canManageStaff(member) ? await context.staff.activeCounsellors() : [],
    template,
    draft: context.staff.emailDraft(member, record, template),
    courseTerm,
    courseChoices: courseChoices.map((c) => ({
      ...c,
      intakes: (intakes.get(c.id) ?? []).map((i) => ({
        value: `${i.year}-${String(i.month).padStart(2, "0")}`,
        label: intakeLabel(i),
      })),
    })),
    years: intakeYearsFrom(year),
    whatsapp: record.phone.replace(/\D/g, ""),
    tasks: await loadTaskPanel(context.staff, member, { studentId }),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const studentId = parseId(params.studentId, "Student");
  const formData = await request.formData();
  const taskDone = await taskAction(context.staff, member, formData, { studentId });
  if (taskDone) return taskDone;
  const form = Object.fromEntries([...formData].map(([k, v]) => [k, String(v)]));
  const { intent, ...values } = form;
  return refusalOr(async () => {
    switch (intent) {
      case "note":
        await context.staff.addNote(member, studentId, values);
        return { ok: true as const, intent, message: recordMessages.noteAdded };
      case "email": {
        const sent = await context.staff.emailStudent(member, studentId, values);
        return { ok: true as const, intent, message: recordMessages.emailed(sent.email) };
      }
      case "counsellor": {
        const counsellor = await context.staff.assignCounsellor(member, studentId, values);
        return { ok: true as const, intent, message: recordMessages.counsellorChanged(counsellor.fullName) };
      }
      case "erase": {
        await context.staff.eraseStudent(member, studentId, values);
        // The record no longer exists: back to the list, told there.
        throw redirect(`/staff/students?erased=${studentId}`);
      }
      case "application": {
        const created = await context.staff.createApplication(member, studentId, values);
        return { ok: true as const, intent, message: applicationMessages.created, applicationId: created.id };
      }
      default:
        throw new AppError("invalid_input", "Unknown action");
    }
  }, form);
}

export default function StudentRecordScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { record, may, counsellors, template, draft, courseTerm, courseChoices, years, whatsapp } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const refusedFor = (intent: string) => (refusal && refusal.values.intent === intent ? refusal : undefined);
  useEffect(() => {
    if (actionData) notify(actionData.ok ? "success" : "error", actionData.message);
  }, [actionData]);
  const facts: [string, string | null][] = [
    ["E-mail", record.email],
    ["Phone", record.phone],
    ["Gender", record.gender],
    ["Date of birth", record.dateOfBirth],
    ["Passport number", record.passportNo],
    ["Address", record.address],
    ["English test", record.englishTest ?? "Not given"],
    ["Counsellor", record.counsellor ?? "Nobody yet"],
    ["Prefers to be contacted by", contactChannelLabels[record.preferredContact]],
    ["News and offers", record.newsAndOffers ? "Agreed" : "Not agreed"],
    ["Consent", record.consentVersion ? `Version ${record.consentVersion}, ${record.consented}` : "Not recorded"],
    ["Signed up (IST)", record.since],
  ];
  const noteRefusal = refusedFor("note");
  const emailRefusal = refusedFor("email");
  const applicationRefusal = refusedFor("application");
  const eraseRefusal = refusedFor("erase");
  const preferred = contactChannelLabels[record.preferredContact];
  const warnUnless = (channel: typeof record.preferredContact) =>
    record.preferredContact === channel ? null : privacyMessages.prefersWarning(preferred);
  // With scripts, the intake fields follow the chosen course; without, both kinds show (the server checks).
  const [chosenCourse, setChosenCourse] = useState("");
  const chosen = courseChoices.find((c) => String(c.id) === chosenCourse);
  const withIntakes = courseChoices.filter((c) => c.intakes.length > 0);
  const showIntakeList = chosen ? chosen.intakes.length > 0 : withIntakes.length > 0;
  const showMonthYear = chosen ? chosen.intakes.length === 0 : true;
  return (
    <>
      <p>
        <Link to="/staff/students">← Students</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">{record.fullName}</h1>
        <a
          className="btn btn-sm btn-success"
          href={`https://wa.me/${whatsapp}`}
          target="_blank"
          rel="noopener noreferrer"
          title={warnUnless("whatsapp") ?? undefined}
        >
          WhatsApp {record.fullName}
        </a>
        <a className="btn btn-sm btn-outline-primary" href={`mailto:${record.email}`} title={warnUnless("email") ?? undefined}>
          Open in mail app
        </a>
        <span className="badge text-bg-info" data-testid="preferred-contact">
          Prefers {preferred}
        </span>
      </div>
      <div className="alert alert-warning py-2 small" role="note" data-testid="contact-warning">
        {privacyMessages.prefersWarning(preferred)}
        {!record.newsAndOffers && <> {privacyMessages.noNewsConsent}</>}
      </div>
      <dl className="row">
        {facts.map(([label, value]) => (
          <div key={label} className="col-sm-6 col-lg-3 mb-2">
            <dt>{label}</dt>
            <dd className="mb-0">{value || "–"}</dd>
          </div>
        ))}
      </dl>

      {may.assign && (
        <Form method="post" className="row g-2 align-items-end mb-4" style={{ maxWidth: "32rem" }}>
          <input type="hidden" name="intent" value="counsellor" />
          <div className="col">
            <label htmlFor="record-counsellor" className="form-label small">
              Counsellor who looks after this student
            </label>
            <select
              id="record-counsellor"
              name="counsellorStaffId"
              className="form-select form-select-sm"
              defaultValue={record.counsellorStaffId ?? ""}
            >
              <option value="">Choose…</option>
              {counsellors.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.fullName}
                </option>
              ))}
            </select>
          </div>
          <div className="col-auto">
            <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>
              Assign
            </button>
          </div>
        </Form>
      )}

      <div className="row g-4">
        <section className="col-lg-6" aria-labelledby="marks-heading">
          <h2 id="marks-heading" className="h5">
            Marks
          </h2>
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Qualification</th>
                <th scope="col">Percentage</th>
                <th scope="col">CGPA</th>
              </tr>
            </thead>
            <tbody>
              {record.marks.map((m) => (
                <tr key={m.qualification}>
                  <td>{m.qualification}</td>
                  <td>{m.percentage ?? "–"}</td>
                  <td>{m.cgpa ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2 className="h5 mt-4">Saved courses</h2>
          {record.savedCourses.length === 0 ? (
            <p className="text-body-secondary">None saved.</p>
          ) : (
            <ul>
              {record.savedCourses.map((c) => (
                <li key={c.courseId}>
                  {c.course}, {c.university} ({c.country})
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="col-lg-6" aria-labelledby="documents-heading">
          <h2 id="documents-heading" className="h5">
            Documents
          </h2>
          {record.documents.length === 0 ? (
            <p className="text-body-secondary">No documents uploaded.</p>
          ) : (
            <ul className="list-unstyled">
              {record.documents.map((d) => (
                <li key={d.publicId} className="mb-2" data-testid="record-document">
                  <a href={staffFile(d.publicId)} target="_blank" rel="noopener">
                    {d.attachmentType}: {d.name}
                  </a>{" "}
                  <span className="badge text-bg-light">{d.supersededAt ? "Earlier version" : d.reviewState}</span>
                  <span className="small text-body-secondary"> uploaded {d.uploaded}</span>
                  {d.reviewReason && (
                    <div className="small">
                      {d.reviewReason}: {d.reviewMessage}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          {may.review && (
            <p className="small">
              <Link to="/staff/documents">Documents waiting for review</Link>
            </p>
          )}
        </section>
      </div>

      <section aria-labelledby="applications-heading" className="mt-4">
        <h2 id="applications-heading" className="h5">
          Applications
        </h2>
        {record.applications.length === 0 ? (
          <p className="text-body-secondary">No applications yet.</p>
        ) : (
          <ul className="list-unstyled">
            {record.applications.map((a) => (
              <li key={a.id} className="mb-1">
                <span className={`badge text-bg-${applicationStatusTones[a.status]} me-2`}>{a.status}</span>
                <Link to={`/staff/applications/${a.id}`}>
                  {a.course}, {a.university}
                </Link>{" "}
                <span className="small text-body-secondary">
                  {a.country}
                  {a.intake ? ` · ${a.intake}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
        {may.work && (
          <div className="card card-body mt-3">
            <h3 className="h6">New application</h3>
            <Form method="get" className="row g-2 align-items-end mb-3">
              <input type="hidden" name="template" value={template} />
              <div className="col-sm-8">
                <label htmlFor="course-term" className="form-label small">
                  Find a course (name, university or country)
                </label>
                <input
                  id="course-term"
                  name="course"
                  type="search"
                  className="form-control form-control-sm"
                  defaultValue={courseTerm}
                  maxLength={100}
                />
              </div>
              <div className="col-sm-4">
                <button type="submit" className="btn btn-sm btn-outline-secondary">
                  Find
                </button>
              </div>
            </Form>
            <Form method="post" className="row g-2 align-items-end">
              <input type="hidden" name="intent" value="application" />
              <div className="col-12">
                <label htmlFor="application-course" className="form-label small">
                  Course
                </label>
                <select
                  id="application-course"
                  name="courseId"
                  className={`form-select form-select-sm${applicationRefusal?.fields.courseId ? " is-invalid" : ""}`}
                  required
                  defaultValue=""
                  onChange={(event) => setChosenCourse(event.currentTarget.value)}
                  aria-describedby={applicationRefusal?.fields.courseId ? "application-course-error" : undefined}
                >
                  <option value="" disabled>
                    {courseChoices.length ? "Choose a course…" : "Find a course first, or save one on the site"}
                  </option>
                  {courseChoices.map((c) => (
                    <option key={`${c.id}-${c.text}`} value={c.id}>
                      {c.text}
                    </option>
                  ))}
                </select>
                {applicationRefusal?.fields.courseId && (
                  <div id="application-course-error" className="invalid-feedback d-block">
                    {applicationRefusal.fields.courseId}
                  </div>
                )}
              </div>
              {showIntakeList && (
                <div className="col-12">
                  <label htmlFor="application-intake" className="form-label small">
                    {applicationMessages.courseIntake}
                  </label>
                  <select
                    id="application-intake"
                    name="intake"
                    key={chosen ? chosen.id : "all"}
                    required={Boolean(chosen)}
                    defaultValue=""
                    aria-invalid={applicationRefusal?.fields.intake ? true : undefined}
                    aria-describedby={applicationRefusal?.fields.intake ? "application-intake-error" : undefined}
                    className={`form-select form-select-sm${applicationRefusal?.fields.intake ? " is-invalid" : ""}`}
                  >
                    {chosen ? (
                      <>
                        <option value="" disabled>
                          Choose an intake…
                        </option>
                        {chosen.intakes.map((i) => (
                          <option key={i.value} value={i.value}>
                            {i.label}
                          </option>
                        ))}
                      </>
                    ) : (
                      <>
                        <option value="">{applicationMessages.freeIntake}</option>
                        {withIntakes.map((c) => (
                          <optgroup key={`${c.id}-${c.text}`} label={c.text}>
                            {c.intakes.map((i) => (
                              <option key={i.value} value={i.value}>
                                {i.label}
                              </option>
                            ))}
                          </optgroup>
                        ))}
                      </>
                    )}
                  </select>
                  {applicationRefusal?.fields.intake && (
                    <div id="application-intake-error" className="invalid-feedback d-block">
                      {applicationRefusal.fields.intake}
                    </div>
                  )}
                </div>
              )}
              {showMonthYear && (
                <IntakeMonthYear
                  idPrefix="application"
                  monthName="intakeMonth"
                  yearName="intakeYear"
                  years={years}
                  columnClass="col-sm-4"
                />
              )}
              <div className="col-sm-4">
                <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
                  Create application
                </button>
              </div>
              {applicationRefusal && !applicationRefusal.fields.courseId && !applicationRefusal.fields.intake && (
                <p className="text-danger small mb-0" role="alert">
                  {applicationRefusal.message}
                </p>
              )}
            </Form>
          </div>
        )}
      </section>

      {may.work && (
        <div className="row g-4 mt-1">
          <section className="col-lg-6" aria-labelledby="note-heading">
            <h2 id="note-heading" className="h5">
              Internal note
            </h2>
            <p className="small text-body-secondary">Notes are for staff only; the student never sees them.</p>
            <Form method="post" key={record.notes.length}>
              <input type="hidden" name="intent" value="note" />
              <label htmlFor="note-body" className="visually-hidden">
                Note
              </label>
              <textarea
                id="note-body"
                name="body"
                rows={3}
                maxLength={5000}
                required
                className={`form-control${noteRefusal ? " is-invalid" : ""}`}
                defaultValue={noteRefusal?.values.body ?? ""}
              />
              {noteRefusal && <div className="invalid-feedback d-block">{noteRefusal.fields.body ?? noteRefusal.message}</div>}
              <button type="submit" className="btn btn-sm btn-primary mt-2" disabled={busy}>
                Add note
              </button>
            </Form>
          </section>
          <section className="col-lg-6" aria-labelledby="email-heading">
            <h2 id="email-heading" className="h5">
              E-mail the student
            </h2>
            <Form method="get" className="row g-2 align-items-end mb-2">
              <div className="col">
                <label htmlFor="email-template-choice" className="form-label small">
                  Template
                </label>
                <select id="email-template-choice" name="template" className="form-select form-select-sm" defaultValue={template}>
                  {emailTemplateNames.map((name) => (
                    <option key={name}>{name}</option>
                  ))}
                </select>
              </div>
              <div className="col-auto">
                <button type="submit" className="btn btn-sm btn-outline-secondary">
                  Use template
                </button>
              </div>
            </Form>
            <Form method="post" key={template}>
              <input type="hidden" name="intent" value="email" />
              <input type="hidden" name="template" value={template} />
              <label htmlFor="email-subject" className="form-label small">
                Subject
              </label>
              <input
                id="email-subject"
                name="subject"
                className="form-control form-control-sm mb-2"
                required
                maxLength={200}
                defaultValue={emailRefusal?.values.subject ?? draft.subject}
              />
              <label htmlFor="email-body" className="form-label small">
                Message
              </label>
              <textarea
                id="email-body"
                name="body"
                rows={6}
                required
                maxLength={10000}
                className="form-control form-control-sm"
                defaultValue={emailRefusal?.values.body ?? draft.body}
              />
              {record.preferredContact !== "email" && (
                <div className="form-check mt-2">
                  <input className="form-check-input" type="checkbox" id="acknowledgeChannel" name="acknowledgeChannel" />
                  <label className="form-check-label small" htmlFor="acknowledgeChannel">
                    {privacyMessages.acknowledgeLabel(preferred)}
                  </label>
                </div>
              )}
              {emailRefusal && <p className="text-danger small mb-0">{emailRefusal.message}</p>}
              <button type="submit" className="btn btn-sm btn-primary mt-2" disabled={busy}>
                Send e-mail
              </button>
            </Form>
          </section>
        </div>
      )}

      <div className="mt-4">
        <StaffTasks panel={loaderData.tasks} refusal={actionData && !actionData.ok ? actionData : undefined} />
      </div>

      {may.erase && (
        <EraseForm heading={privacyMessages.eraseHeading} hint={privacyMessages.eraseHint} busy={busy} refusal={eraseRefusal} />
      )}

      <section aria-labelledby="timeline-heading" className="mt-4">
        <h2 id="timeline-heading" className="h5">
          Timeline
        </h2>
        <ol className="list-unstyled border-start ps-3">
          {record.timeline.map((t, i) => (
            <li key={`${t.when.iso}-${i}`} className="mb-2" data-testid="timeline-entry">
              <time dateTime={t.when.iso} className="small text-body-secondary">
                {t.when.text}
              </time>{" "}
              <span className="badge text-bg-light">{t.kind === "note" ? "Note" : t.kind === "staff" ? "Staff" : "Student"}</span>{" "}
              <span className="small">{t.actor}:</span> <span style={{ whiteSpace: "pre-line" }}>{t.text}</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
