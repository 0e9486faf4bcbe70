import { useEffect, useState } from "react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { ruleAttributes, TextField } from "~/components/form-fields";
import type { Refusal } from "~/lib/form-result.server";
import { useT } from "~/lib/i18n";
import { useActionToast } from "~/lib/use-action-toast";
import type { Profile } from "../../../modules/students/students.ts";
import type { FieldRules } from "../../../modules/validation.ts";
import { formatLongDate } from "../../../vocabulary/costs.ts";
import {
  type AdmissionsTest,
  admissionsTestNames,
  admissionsTestScales,
  admissionsTests,
  eligibilityMessages,
  englishTests,
} from "../../../vocabulary/eligibility.ts";
import { genders, type QualificationLevel, qualificationLevels, studentMessages } from "../../../vocabulary/students.ts";

/** The form's field of each admissions test (decision 0041). */
const scoreField: Record<AdmissionsTest, "gre_score" | "gmat_score"> = { GRE: "gre_score", GMAT: "gmat_score" };
const admissionsScoreOf = (profile: Profile, test: AdmissionsTest) => {
  const score = test === "GRE" ? profile.greScore : profile.gmatScore;
  return score === null ? null : String(score);
};

type Answer = { ok: true; intent: string; message: string } | Refusal;

function Detail({ label, value }: { label: string; value: string | null }) {
  const { t } = useT();
  return (
    <>
      <dt className="col-sm-4">{t(label)}</dt>
      <dd className="col-sm-8">{value || <span className="text-body-secondary">{t("Not given")}</span>}</dd>
    </>
  );
}

/**
 * "Personal details" on the profile (intent `save`, the page's main form): read, or edited in place
 * (`?edit=1` without scripts). It posts as a form of the page and reads the page's answer.
 */
export function PersonalDetailsSection({ profile, rules }: { profile: Profile; rules: Record<string, FieldRules> }) {
  const { t, day } = useT();
  const actionData = useActionData() as Answer | undefined;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const saved = actionData?.ok && actionData.intent === "save" ? actionData : undefined;
  const refusal = actionData && !actionData.ok && actionData.values.intent === "save" ? actionData : undefined;
  // A saved form shows the record again, with or without scripts (a plain post answers at `?edit=1`).
  const [editing, setEditing] = useState((params.get("edit") === "1" && !saved) || refusal !== undefined);
  const errors = refusal?.fields ?? {};
  const typed = refusal?.values;

  useActionToast(saved ?? refusal, (answer) =>
    answer.ok ? { kind: "success", text: answer.message } : { kind: "error", text: studentMessages.noChanges },
  );
  useEffect(() => {
    if (saved) setEditing(false);
    else if (refusal) setEditing(true);
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
            <Detail label="Date of birth" value={profile.dateOfBirth ? day(profile.dateOfBirth, formatLongDate) : null} />
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
          <h3 className="h5 mt-4">{t("GRE and GMAT")}</h3>
          <dl className="row mb-0">
            {admissionsTests.map((test) => (
              <Detail key={test} label={admissionsTestNames[test]} value={admissionsScoreOf(profile, test)} />
            ))}
          </dl>
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
                  // biome-ignore lint/a11y/noAutofocus: asked for by submitting; the field a refusal names (refusal-focus.ts)
                  autoFocus={refusal?.focus === "english_test"}
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
                  // biome-ignore lint/a11y/noAutofocus: asked for by submitting; the field a refusal names (refusal-focus.ts)
                  autoFocus={refusal?.focus === "english_score"}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={160}
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
          <fieldset className="col-12">
            <legend className="h5 mt-2">{t("GRE and GMAT")}</legend>
            <p className="small text-body-secondary mb-2">{t(eligibilityMessages.admissionsTestsHint)}</p>
            <div className="row g-2">
              {admissionsTests.map((test) => {
                const name = scoreField[test];
                const { min, max, step } = admissionsTestScales[test];
                return (
                  <div key={test} className="col-6 col-md-4">
                    <label htmlFor={name} className="form-label small">
                      {t("{test} total score", { test: t(admissionsTestNames[test]) })}
                    </label>
                    <input
                      id={name}
                      name={name}
                      // biome-ignore lint/a11y/noAutofocus: asked for by submitting; the field a refusal names (refusal-focus.ts)
                      autoFocus={refusal?.focus === name}
                      type="number"
                      inputMode="numeric"
                      min={min}
                      max={max}
                      step={step}
                      className={`form-control${errors[name] ? " is-invalid" : ""}`}
                      aria-invalid={errors[name] ? true : undefined}
                      aria-describedby={errors[name] ? `${name}-error` : undefined}
                      defaultValue={field(name, admissionsScoreOf(profile, test))}
                    />
                    {errorFor(name)}
                  </div>
                );
              })}
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
  );
}
