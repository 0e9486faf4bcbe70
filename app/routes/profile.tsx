import { Link, useRouteLoaderData } from "react-router";
import { DevicesSection } from "~/components/devices-section";
import { DocumentsSection } from "~/components/documents-section";
import { ParentLinksSection } from "~/components/parent-links-section";
import { PrivacySection } from "~/components/privacy-section";
import { ScholarshipDeadlines } from "~/components/scholarship-deadlines";
import { SessionsSection } from "~/components/sessions-section";
import { threadOf } from "~/lib/conversation";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime, timeAgo } from "~/lib/indian-time";
import { byIntent } from "~/lib/intents.server";
import { requireStudent } from "~/lib/login-required.server";
import { messageSchema } from "../../modules/messages/messages.ts";
import { profileSchema } from "../../modules/students/input.ts";
import { fieldRules } from "../../modules/validation.ts";
import { languageOf } from "../../platform/cookies.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import type { loader as rootLoader } from "../root";
import recordsStyles from "../styles/records.scss?url";
import type { Route } from "./+types/profile";
import {
  contactChoicesAction,
  createParentLinkAction,
  dataExportAction,
  deleteDocumentAction,
  messageAction,
  revokeParentLinkAction,
  saveDetailsAction,
  signOutOthersAction,
} from "./profile/actions.server";
import { CounsellorSection } from "./profile/counsellor";
import { PersonalDetailsSection } from "./profile/details";
import { bookSessionAction, cancelSessionAction, moveSessionAction, sessionsSection } from "./profile/sessions.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Profile")} | Ignite` }];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  // Dates are written on the server in the visitor's language (decision 0029).
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  const when = (date: Date) => inIndianTime(date, "minutes", locale);
  const [profile, files, sessions, scholarshipDeadlines, contact, access, dataExport, links, conversation, counselling] =
    await Promise.all([
      context.students.getProfile(student.studentId),
      context.documents.list(student.studentId),
      context.identity.devices(student.studentId, context.sessionToken ?? ""),
      context.scholarships.upcomingDeadlines(student.studentId),
      context.privacy.contactPreferences(student.studentId),
      context.privacy.accessLog(student.studentId),
      context.privacy.latestExport(student.studentId),
      context.parents.list(student.studentId),
      // Reading it marks what staff wrote as read (the navbar's count goes to zero).
      context.messages.conversation(student.studentId),
      sessionsSection(context, student.studentId, new URL(request.url), locale),
    ]);
  const devices = sessions.map((s) => ({
    id: s.id,
    device: s.device,
    current: s.current,
    signedIn: when(s.signedInAt),
    lastSeen: when(s.lastSeenAt),
  }));
  const documents = files.map((f) => ({
    attachmentType: f.attachmentType,
    url: f.url,
    name: f.name,
    size: f.size,
    contentType: f.contentType,
    reviewState: f.reviewState,
    reviewReason: f.reviewReason,
    reviewMessage: f.reviewMessage,
  }));
  const privacy = {
    contact: {
      preferredContact: contact.preferredContact,
      newsAndOffers: contact.newsAndOffers,
      consentVersion: contact.consentVersion,
      consented: contact.consentedAt ? when(contact.consentedAt) : null,
    },
    access: access.map((a) => ({ when: when(a.at), staffName: a.staffName, staffRole: a.staffRole, text: a.text })),
    dataExport: dataExport && { status: dataExport.status, url: dataExport.url, expires: when(dataExport.expiresAt) },
  };
  const parentLinks = links.map((l) => ({
    id: l.id,
    label: l.label,
    state: l.state,
    created: when(l.createdAt),
    expires: when(l.expiresAt),
    revoked: l.revokedAt ? when(l.revokedAt) : null,
    openings: {
      count: l.openings.count,
      last: l.openings.lastAt ? { ...when(l.openings.lastAt), ago: timeAgo(l.openings.lastAt, new Date(), locale) } : null,
      recent: l.openings.recent.map((o) => ({ when: when(o.at), device: o.device })),
    },
  }));
  const next = counselling.sessions.filter((s) => s.state === "coming").sort((a, b) => a.when.iso.localeCompare(b.when.iso))[0];
  const myCounsellor = {
    nextSession: next ? { kindLabel: next.kindLabel, when: next.when.text } : null,
    counsellor: conversation.counsellor?.fullName ?? null,
    messages: threadOf(conversation, "student", when, (document) => document.url),
    documents: files.map((f) => ({ publicId: f.publicId, attachmentType: f.attachmentType, name: f.name })),
    rules: fieldRules(messageSchema),
  };
  return {
    profile,
    documents,
    devices,
    scholarshipDeadlines,
    privacy,
    parentLinks,
    myCounsellor,
    counselling,
    rules: fieldRules(profileSchema),
  };
}

/** Each section posts its intent; `byIntent` hands the form to that section's own action (the details form is the default). */
export async function action({ request, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const form = await request.formData();
  const section = { request, context, studentId: student.studentId, form };
  return byIntent(
    form.get("intent"),
    {
      save: () => saveDetailsAction(section),
      "delete-document": () => deleteDocumentAction(section),
      "sign-out-others": () => signOutOthersAction(section),
      "parent-link-create": () => createParentLinkAction(section),
      "parent-link-revoke": () => revokeParentLinkAction(section),
      "contact-choices": () => contactChoicesAction(section),
      "data-export": () => dataExportAction(section),
      message: () => messageAction(section),
      "session-book": () => bookSessionAction(section),
      "session-move": () => moveSessionAction(section),
      "session-cancel": () => cancelSessionAction(section),
    },
    { otherwise: "save" },
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, documents, devices, privacy, rules } = loaderData;
  const { t } = useT();
  // The photo is already in the root data (the navbar shows it); it is not read twice.
  const photoUrl = useRouteLoaderData<typeof rootLoader>("root")?.student?.photoUrl ?? null;
  // A section's answer to a plain form post (without JavaScript; with it, the section's fetcher answers)
  // is reported here; the details and a new parent link show theirs in their own sections.
  const otherAnswer =
    actionData &&
    (actionData.ok ? actionData.intent : actionData.values.intent) !== "save" &&
    !(actionData.ok && actionData.intent === "parent-link-create")
      ? actionData
      : undefined;

  return (
    <div className="container py-4" style={{ maxWidth: "56rem" }}>
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-3">
        <h1 className="h2 mb-0">{t("Profile")}</h1>
        {otherAnswer && (
          <noscript>
            <p className="alert alert-info w-100">{t(otherAnswer.message)}</p>
          </noscript>
        )}
        <nav aria-label={t("Your records")} className="d-flex gap-3">
          <Link to="/user/saved-courses">{t("Saved Courses")}</Link>
          <Link to="/user/applications">{t("Applications")}</Link>
        </nav>
      </div>

      <PersonalDetailsSection profile={profile} rules={rules} />

      <CounsellorSection {...loaderData.myCounsellor} />

      <DocumentsSection documents={documents} photoUrl={photoUrl} />
      <SessionsSection {...loaderData.counselling} />
      <ScholarshipDeadlines deadlines={loaderData.scholarshipDeadlines} />
      <DevicesSection devices={devices} />
      <ParentLinksSection
        links={loaderData.parentLinks}
        created={actionData?.ok && actionData.intent === "parent-link-create" ? actionData.url : undefined}
      />
      <PrivacySection {...privacy} />
    </div>
  );
}
