import { useEffect, useState } from "react";
import { Form, Link, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import { DevicesSection } from "~/components/devices-section";
import { DocumentsSection } from "~/components/documents-section";
import { ruleAttributes, TextField } from "~/components/form-fields";
import { ParentLinksSection } from "~/components/parent-links-section";
import { PrivacySection } from "~/components/privacy-section";
import { ScholarshipDeadlines } from "~/components/scholarship-deadlines";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime, timeAgo } from "~/lib/indian-time";
import { requireStudent } from "~/lib/login-required.server";
import { notify } from "~/lib/toast";
import { profileSchema } from "../../modules/students/input.ts";
import { fieldRules } from "../../modules/validation.ts";
import { languageOf } from "../../platform/cookies.ts";
import { accountMessages } from "../../vocabulary/accounts.ts";
import { documentMessages } from "../../vocabulary/documents.ts";
import { englishTests } from "../../vocabulary/eligibility.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import { parentMessages } from "../../vocabulary/parents.ts";
import { privacyMessages } from "../../vocabulary/privacy.ts";
import { genders, type QualificationLevel, qualificationLevels, studentMessages } from "../../vocabulary/students.ts";
import type { loader as rootLoader } from "../root";
import recordsStyles from "../styles/records.scss?url";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Profile")} | Ignite` }];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  // Dates are written on the server in the visitor's language (decision 0029).
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  const when = (date: Date) => inIndianTime(date, "minutes", locale);
  const [profile, files, sessions, scholarshipDeadlines, contact, access, dataExport, links] = await Promise.all([
    context.students.getProfile(student.studentId),
    context.documents.list(student.studentId),
    context.identity.devices(student.studentId, context.sessionToken ?? ""),
    context.scholarships.upcomingDeadlines(student.studentId),
    context.privacy.contactPreferences(student.studentId),
    context.privacy.accessLog(student.studentId),
    context.privacy.latestExport(student.studentId),
    context.parents.list(student.studentId),
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
  return { profile, documents, devices, scholarshipDeadlines, privacy, parentLinks, rules: fieldRules(profileSchema) };
}

/** Save: one schema checks the whole record; the student is the session's, email and password stay as they are. */
export async function action({ request, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const form = await request.formData();
  const value = (name: string) => String(form.get(name) ?? "");
  if (value("intent") === "sign-out-others") {
    const ended = await context.identity.signOutOtherDevices(student.studentId, context.sessionToken ?? "");
    return { ok: true as const, intent: "sign-out-others" as const, message: accountMessages.signedOutOthers(ended) };
  }
  if (value("intent") === "contact-choices") {
    return refusalOr(async () => {
      await context.privacy.changeContactPreferences(student.studentId, {
        preferredContact: value("preferredContact"),
        newsAndOffers: value("newsAndOffers"),
      });
      return { ok: true as const, intent: "contact-choices" as const, message: privacyMessages.contactSaved };
    });
  }
  if (value("intent") === "data-export") {
    return refusalOr(async () => {
      await context.privacy.requestExport(student.studentId);
      return { ok: true as const, intent: "data-export" as const, message: privacyMessages.exportAsked };
    });
  }
  if (value("intent") === "parent-link-create") {
    return refusalOr(async () => {
      const created = await context.parents.create(student.studentId, { label: value("label"), days: value("days") });
      // The link is shown this once (only its hash is kept): the answer carries it, never the loader.
      const url = context.parents.addressOf(created.path, request.url);
      return { ok: true as const, intent: "parent-link-create" as const, message: parentMessages.created, url };
    });
  }
  if (value("intent") === "parent-link-revoke") {
    return refusalOr(async () => {
      await context.parents.revoke(student.studentId, Number.parseInt(value("linkId"), 10) || 0);
      return { ok: true as const, intent: "parent-link-revoke" as const, message: parentMessages.revoked };
    });
  }
  if (value("intent") === "delete-document") {
    return refusalOr(async () => {
      const removed = await context.documents.remove(student.studentId, value("attachment_type"));
      return { ok: true as const, intent: "delete-document" as const, message: documentMessages.deleted(removed) };
    });
  }
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  return refusalOr(async () => {
    await context.students.updateProfile(student.studentId, {
      name1: value("name1"),
      phone: value("phone"),
      gender: value("gender"),
      dob: value("dob"),
      passport_no: value("passport_no"),
      address: value("address"),
      qualifications: qualificationLevels.map((level) => ({
        qualification: level,
        percentage: value(`percentage-${level}`),
        cgpa: value(`cgpa-${level}`),
      })),
      english_test: value("english_test"),
      english_score: value("english_score"),
    });
    return { ok: true as const, intent: "save" as const, message: studentMessages.edited };
  }, values);
}

function Detail({ label, value }: { label: string; value: string | null }) {
  const { t } = useT();
  return (
    <>
      <dt className="col-sm-4">{t(label)}</dt>
      <dd className="col-sm-8">{value || <span className="text-body-secondary">{t("Not given")}</span>}</dd>
    </>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, documents, devices, privacy, rules } = loaderData;
  const { t } = useT();
  // The photo is already in the root data (the navbar shows it); it is not read twice.
  const photoUrl = useRouteLoaderData<typeof rootLoader>("root")?.student?.photoUrl ?? null;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  // This screen's own answers are about saving the details; a document deleted by a plain form post
  // (without JavaScript; with it, the documents section's fetcher answers) is only reported.
  const saved = actionData?.ok && actionData.intent === "save" ? actionData : undefined;
  const refusal = actionData && !actionData.ok && actionData.values.intent === "save" ? actionData : undefined;
  // A new parent link is shown in its own section, with or without scripts.
  const otherAnswer =
    actionData && !saved && !refusal && !(actionData.ok && actionData.intent === "parent-link-create") ? actionData : undefined;
  const [editing, setEditing] = useState(params.get("edit") === "1" || refusal !== undefined);
  const errors = refusal?.fields ?? {};
  const typed = refusal?.values;

  useEffect(() => {
    if (saved) {
      notify("success", saved.message);
      setEditing(false);
    } else if (refusal) {
      notify("error", studentMessages.noChanges);
      setEditing(true);
    }
  }, [saved, refusal]);

  const field = (name: string, fallback: string | null) => typed?.[name] ?? fallback ?? "";
  const mark = (kind: "percentage" | "cgpa", level: QualificationLevel) => {
    const saved = profile.qualifications.find((q) => q.qualification === level)?.[kind];
    return typed?.[`${kind}-${level}`] ?? (saved === null || saved === undefined ? "" : String(saved));
  };
  const errorFor = (name: string) =>
    errors[name] ? (
      <div id={`${name}-error`} className="invalid-feedback d-block">
        {t(errors[name])}
      </div>
    ) : null;

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

      <section aria-labelledby="personal-details" className="mb-5">
        <div className="d-flex justify-content-between align-items-center mb-2">
          <h2 id="personal-details" className="h4 mb-0">
            {t("Personal details")}
          </h2>
          {!editing && (
            <Link
              to="?edit=1"
              className="btn btn-outline-primary"
              onClick={(event) => {
                event.preventDefault();
                setEditing(true);
              }}
            >
              {t("Edit")}
            </Link>
          )}
        </div>
        {!editing ? (
          <>
            <dl className="row">
              <Detail label="Full name" value={profile.fullName} />
              <Detail label="Email" value={profile.email} />
              <Detail label="Phone" value={profile.phone} />
              <Detail label="Gender" value={profile.gender && t(profile.gender)} />
              <Detail label="Date of birth" value={profile.dateOfBirth} />
              <Detail label="Passport number" value={profile.passportNo} />
              <Detail label="Address" value={profile.address} />
            </dl>
            <h3 className="h5 mt-4">{t("Education")}</h3>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("Qualification")}</th>
                  <th scope="col">{t("Percentage")}</th>
                  <th scope="col">{t("CGPA")}</th>
                </tr>
              </thead>
              <tbody>
                {profile.qualifications.map((q) => (
                  <tr key={q.qualification}>
                    <th scope="row">{t(q.qualification)}</th>
                    <td>{q.percentage ?? "–"}</td>
                    <td>{q.cgpa ?? "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h3 className="h5 mt-4">{t("English test")}</h3>
            <p>
              {profile.englishTest && profile.englishScore !== null ? (
                t("{test}, overall score {score}", { test: profile.englishTest, score: profile.englishScore })
              ) : (
                <span className="text-body-secondary">{t("Not given")}</span>
              )}
            </p>
          </>
        ) : (
          <Form method="post" className="row g-3" noValidate>
            <input type="hidden" name="intent" value="save" />
            <TextField
              name="name1"
              label="Full name"
              autoComplete="name"
              rules={rules.name1}
              error={errors.name1}
              defaultValue={field("name1", profile.fullName)}
            />
            <div className="col-md-6">
              <label htmlFor="email" className="form-label">
                {t("Email")}
              </label>
              <input id="email" className="form-control" value={profile.email} readOnly />
            </div>
            <TextField
              name="phone"
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              rules={rules.phone}
              error={errors.phone}
              defaultValue={field("phone", profile.phone)}
            />
            <div className="col-md-6">
              <label htmlFor="gender" className="form-label">
                {t("Gender")}
              </label>
              <select id="gender" name="gender" className="form-select" defaultValue={field("gender", profile.gender)}>
                <option value="">{t("Select…")}</option>
                {genders.map((gender) => (
                  <option key={gender} value={gender}>
                    {t(gender)}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              name="dob"
              label="Date of birth"
              type="date"
              error={errors.dob}
              defaultValue={field("dob", profile.dateOfBirth)}
            />
            <TextField
              name="passport_no"
              label="Passport number"
              rules={rules.passport_no}
              error={errors.passport_no}
              defaultValue={field("passport_no", profile.passportNo)}
            />
            <div className="col-12">
              <label htmlFor="address" className="form-label">
                {t("Address")}
              </label>
              <textarea
                id="address"
                name="address"
                className="form-control"
                rows={3}
                maxLength={rules.address?.maxLength}
                defaultValue={field("address", profile.address)}
              />
            </div>
            <fieldset className="col-12">
              <legend className="h5 mt-2">{t("Education")}</legend>
              {errorFor("qualifications")}
              <div className="row g-2">
                {qualificationLevels.map((level) => (
                  <div key={level} className="col-12 row g-2 align-items-end">
                    <div className="col-4 col-md-2 fw-semibold pb-2">{t(level)}</div>
                    <div className="col-4 col-md-5">
                      <label htmlFor={`percentage-${level}`} className="form-label small">
                        {t("{level} percentage", { level: t(level) })}
                      </label>
                      <input
                        id={`percentage-${level}`}
                        name={`percentage-${level}`}
                        type="number"
                        inputMode="decimal"
                        {...ruleAttributes("number", rules["qualifications.percentage"])}
                        step={0.01}
                        className="form-control"
                        defaultValue={mark("percentage", level)}
                      />
                    </div>
                    <div className="col-4 col-md-5">
                      <label htmlFor={`cgpa-${level}`} className="form-label small">
                        {t("{level} CGPA", { level: t(level) })}
                      </label>
                      <input
                        id={`cgpa-${level}`}
                        name={`cgpa-${level}`}
                        type="number"
                        inputMode="decimal"
                        {...ruleAttributes("number", rules["qualifications.cgpa"])}
                        step={0.01}
                        className="form-control"
                        defaultValue={mark("cgpa", level)}
                      />
                    </div>
                  </div>
                ))}
              </div>
            </fieldset>
            <fieldset className="col-12">
              <legend className="h5 mt-2">{t("English test")}</legend>
              <p className="small text-body-secondary mb-2">
                {t("Optional: courses show whether your score meets their entry requirements.")}
              </p>
              <div className="row g-2">
                <div className="col-6 col-md-4">
                  <label htmlFor="english_test" className="form-label small">
                    {t("Test")}
                  </label>
                  <select
                    id="english_test"
                    name="english_test"
                    className={`form-select${errors.english_test ? " is-invalid" : ""}`}
                    aria-invalid={errors.english_test ? true : undefined}
                    aria-describedby={errors.english_test ? "english_test-error" : undefined}
                    defaultValue={field("english_test", profile.englishTest)}
                  >
                    <option value="">{t("None")}</option>
                    {englishTests.map((test) => (
                      <option key={test}>{test}</option>
                    ))}
                  </select>
                  {errorFor("english_test")}
                </div>
                <div className="col-6 col-md-4">
                  <label htmlFor="english_score" className="form-label small">
                    {t("Overall score")}
                  </label>
                  <input
                    id="english_score"
                    name="english_score"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={120}
                    step={0.5}
                    className={`form-control${errors.english_score ? " is-invalid" : ""}`}
                    aria-invalid={errors.english_score ? true : undefined}
                    aria-describedby={errors.english_score ? "english_score-error" : undefined}
                    defaultValue={field("english_score", profile.englishScore === null ? null : String(profile.englishScore))}
                  />
                  {errorFor("english_score")}
                </div>
              </div>
            </fieldset>
            <div className="col-12 d-flex gap-2">
              <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
                {t("Save")}
              </button>
              <Link
                to="/profile"
                className="btn btn-outline-secondary"
                onClick={(event) => {
                  event.preventDefault();
                  setEditing(false);
                }}
              >
                {t("Cancel")}
              </Link>
            </div>
          </Form>
        )}
      </section>

      <DocumentsSection documents={documents} photoUrl={photoUrl} />
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
