import { Link, useNavigation } from "react-router";
import { EraseForm } from "~/components/erase-form";
import { StaffTasks } from "~/components/staff-tasks";
import { threadOf } from "~/lib/conversation";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { inIndianTime } from "~/lib/indian-time";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { loadTaskPanel, taskIntents } from "~/lib/staff-tasks.server";
import { useActionToast } from "~/lib/use-action-toast";
import { staffFileUrl } from "../../../modules/documents/file-urls.ts";
import { erasureRequestSchema } from "../../../modules/erasure-request.ts";
import { parseId } from "../../../modules/ids.ts";
import { messageSchema } from "../../../modules/messages/messages.ts";
import {
  canEraseStudents,
  canManageStaff,
  canReviewDocuments,
  canSeeStudents,
  canWorkStudents,
  conversationVisibleTo,
} from "../../../modules/policies.ts";
import { emailSchema, noteSchema } from "../../../modules/students/records.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { applicationStatusTones, intakeYearsFrom } from "../../../vocabulary/applications.ts";
import { intakeLabel } from "../../../vocabulary/catalogue.ts";
import { contactChannelLabels, privacyMessages } from "../../../vocabulary/privacy.ts";
import { emailTemplateNames } from "../../../vocabulary/records.ts";
import type { Route } from "./+types/student";
import {
  applicationAction,
  counsellorAction,
  emailAction,
  eraseAction,
  messageAction,
  noteAction,
} from "./student/actions.server";
import { ConversationSection } from "./student/conversation";
import { CounsellorSection } from "./student/counsellor";
import { EmailSection } from "./student/email";
import { NewApplicationSection } from "./student/new-application";
import { NoteSection } from "./student/note";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data ? data.record.fullName : "Student"} | Ignite` },
  { name: "robots", content: "noindex" },
];

/** The badge of each kind of timeline entry. */
const timelineBadges = { note: "Note", staff: "Staff", upload: "Student", booking: "Student", message: "Message" } as const;

/** One student's record: profile, marks, documents, saved courses, applications, notes, e-mail and the timeline. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const studentId = parseId(params.studentId, "Student");
  const record = await orRouteError(context.staff.students.get(member, studentId));
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
  // The student's conversation (decision 0037): admins and the student's counsellor read it; each reading is audited.
  const conversation = conversationVisibleTo(member, record)
    ? await orRouteError(context.staff.messages.conversation(member, studentId))
    : null;
  const messageEntries = (conversation?.messages ?? []).map((m) => ({
    at: m.at,
    kind: "message" as const,
    text: m.body,
    actor: m.author === "student" ? m.authorName : `${m.authorName} (to the student)`,
  }));
  const timeline = [...record.timeline, ...messageEntries].sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    record: {
      ...record,
      since: inIndianTime(record.createdAt).text,
      documents: record.documents.map((d) => ({ ...d, uploaded: inIndianTime(d.uploadedAt).text })),
      notes: record.notes.map((n) => ({ ...n, when: inIndianTime(n.at) })),
      timeline: timeline.map((t) => ({ ...t, when: inIndianTime(t.at) })),
      consented: record.consentedAt ? inIndianTime(record.consentedAt).text : null,
    },
    conversation: conversation && {
      messages: threadOf(conversation, "staff", inIndianTime, (document) => staffFileUrl(document.publicId, { inline: true })),
      mayWrite: canWorkStudents(member),
      rules: fieldRules(messageSchema),
    },
    may: {
      work: canWorkStudents(member),
      assign: canManageStaff(member),
      review: canReviewDocuments(member),
      erase: canEraseStudents(member),
    },
    counsellors: canManageStaff(member) ? await context.staff.students.activeCounsellors() : [],
    template,
    draft: context.staff.students.emailDraft(member, record, template),
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
    emailRules: fieldRules(emailSchema),
    noteRules: fieldRules(noteSchema),
    eraseRules: fieldRules(erasureRequestSchema),
  };
}

/** Each section posts its intent; `byIntent` hands the form to that section's own action. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const studentId = parseId(params.studentId, "Student");
  const formData = await request.formData();
  const form = Object.fromEntries([...formData].map(([k, v]) => [k, String(v)]));
  const { intent, ...values } = form;
  const section = { context, member, studentId, values };
  return refusalOr(
    async () =>
      byIntent(intent, {
        ...taskIntents(context.staff, member, formData, { studentId }),
        counsellor: () => counsellorAction(section),
        application: () => applicationAction(section),
        note: () => noteAction(section),
        email: () => emailAction(section),
        message: () => messageAction(section),
        erase: () => eraseAction(section),
      }),
    form,
  );
}

export default function StudentRecordScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { record, may, counsellors, template, draft, courseTerm, courseChoices, years, whatsapp } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // The sections post through their own fetchers and show their own answers; the tasks panel and the
  // erasure post as forms of this screen (as on the lead page), answered here.
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  const facts: [string, string | null][] = [
    ["E-mail", record.email],
    ["Phone", record.phone],
    ["Gender", record.gender],
    ["Date of birth", record.dateOfBirth],
    ["Passport number", record.passportNo],
    ["Address", record.address],
    ["English test", record.englishTest ?? "Not given"],
    ["GRE and GMAT", record.admissionsTests ?? "Not given"],
    ["Counsellor", record.counsellor ?? "Nobody yet"],
    ["Prefers to be contacted by", contactChannelLabels[record.preferredContact]],
    ["News and offers", record.newsAndOffers ? "Agreed" : "Not agreed"],
    ["Consent", record.consentVersion ? `Version ${record.consentVersion}, ${record.consented}` : "Not recorded"],
    ["Signed up (IST)", record.since],
  ];
  const eraseRefusal = refusal?.values.intent === "erase" ? refusal : undefined;
  const preferred = contactChannelLabels[record.preferredContact];
  const warnUnless = (channel: typeof record.preferredContact) =>
    record.preferredContact === channel ? null : privacyMessages.prefersWarning(preferred);
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

      {may.assign && <CounsellorSection current={record.counsellorStaffId} counsellors={counsellors} />}

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
                  <a href={staffFileUrl(d.publicId, { inline: true })} target="_blank" rel="noopener">
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
          <NewApplicationSection template={template} courseTerm={courseTerm} courseChoices={courseChoices} years={years} />
        )}
      </section>

      {may.work && (
        <div className="row g-4 mt-1">
          <NoteSection notes={record.notes.length} rules={loaderData.noteRules} />
          <EmailSection
            template={template}
            draft={draft}
            preferredContact={record.preferredContact}
            rules={loaderData.emailRules}
          />
        </div>
      )}

      {loaderData.conversation && (
        <ConversationSection {...loaderData.conversation} prefersOther={record.preferredContact === "email" ? null : preferred} />
      )}

      <div className="mt-4">
        <StaffTasks panel={loaderData.tasks} refusal={refusal} />
      </div>

      {may.erase && (
        <EraseForm
          heading={privacyMessages.eraseHeading}
          hint={privacyMessages.eraseHint}
          busy={busy}
          refusal={eraseRefusal}
          rules={loaderData.eraseRules}
        />
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
              <span className="badge text-bg-light">{timelineBadges[t.kind]}</span> <span className="small">{t.actor}:</span>{" "}
              <span style={{ whiteSpace: "pre-line" }}>{t.text}</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
