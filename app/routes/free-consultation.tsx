import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ContactChoices } from "~/components/contact-choices";
import { SelectField, TextField } from "~/components/form-fields";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { slotDays } from "~/lib/slot-days.server";
import { orUnanswered, revalidateUnlessUnanswered } from "~/lib/unanswered";
import { useActionToast } from "~/lib/use-action-toast";
import { consultationInputSchema } from "../../modules/leads/input.ts";
import { fieldRules } from "../../modules/validation.ts";
import { languageOf } from "../../platform/cookies.ts";
import {
  indianStates,
  preferredSubjects,
  studyDestinations,
  typesOfStudy,
  yearsOfStudyFrom,
} from "../../vocabulary/consultations.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import { consentWording } from "../../vocabulary/privacy.ts";
import type { Route } from "./+types/free-consultation";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: `${t("Free Consultation")} | Ignite` },
    { name: "description", content: t("Book a free consultation with an Ignite study-abroad counsellor.") },
  ];
};

/** What the browser keeps after booking (spec section 3: registeredData), so a later visit shows the success view. */
const STORAGE_KEY = "registeredData";
type Registered = { firstName: string; lastName: string; call?: { iso: string; text: string } };

const CONFETTI_DELAY_MS = 500;
const CONFETTI_DURATION_MS = 1200;
const REQUEST_FAILED = "An error occurred. Please try again.";

type Values = Record<string, string>;

/** A logged-in student's name, phone and e-mail are filled in from their record. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rules = fieldRules(consultationInputSchema);
  // This year and the next three, from the clock (decision 0035).
  const years = yearsOfStudyFrom(new Date().getUTCFullYear());
  // The call's optional time, among every counsellor's free ones (decision 0036), in the visitor's language.
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  const slots = slotDays(await context.counselling.consultationSlots(), locale);
  const student = context.student;
  if (!student) return { prefill: null, rules, years, slots };
  const [firstName = "", ...rest] = student.fullName.split(/\s+/);
  return {
    prefill: { firstName, lastName: rest.join(" "), phoneNumber: student.phone, email: student.email },
    rules,
    years,
    slots,
  };
}

/**
 * The one way a booking is made from the screen: without JavaScript the form posts here and the answer
 * renders on the server; with it, a fetcher posts here and the screen updates in place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  return refusalOr(async () => {
    await context.limit(context.rateLimits.consultation);
    const result = await context.consultations.book(values, { studentId: context.student?.studentId });
    return {
      ok: true as const,
      message: result.message,
      booking: {
        firstName: result.lead.firstName,
        lastName: result.lead.lastName,
        // Only when a time was chosen: without one the success view is the spec's, word for word.
        ...(result.call ? { call: inIndianTime(result.call.startsAt, "minutes", locale) } : {}),
      },
    };
  }, values);
}

export const shouldRevalidate = revalidateUnlessUnanswered;

/** A request that never got an answer (network down, a proxy's error page) keeps the form and says so. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const failure = { ok: false as const, status: 0, message: REQUEST_FAILED, fields: {}, values: {} };
  return orUnanswered(serverAction, failure);
}

function readRegistered(): Registered | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "null");
    return stored && typeof stored.firstName === "string" ? stored : null;
  } catch {
    return null;
  }
}

function celebrate() {
  window.setTimeout(async () => {
    const { default: confetti } = await import("canvas-confetti");
    // Our own canvas and no worker: the content security policy allows no blob: workers.
    const canvas = document.createElement("canvas");
    canvas.setAttribute("aria-hidden", "true");
    canvas.style.cssText = "position:fixed;inset:0;width:100%;height:100%;pointer-events:none;z-index:1060";
    document.body.appendChild(canvas);
    const fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
    const end = Date.now() + CONFETTI_DURATION_MS;
    const burst = () => {
      void fire({ particleCount: 40, spread: 70, origin: { y: 0.6 } });
      if (Date.now() < end) window.setTimeout(burst, 250);
      else window.setTimeout(() => canvas.remove(), 3000);
    };
    burst();
  }, CONFETTI_DELAY_MS);
}

function Booked({ registered, onBookAgain }: { registered: Registered; onBookAgain: () => void }) {
  const { t } = useT();
  return (
    <div className="text-center py-5" data-testid="consultation-booked">
      <h2 className="h3">
        {t("Congratulations {firstName} {lastName} on booking your free consultation!", {
          firstName: registered.firstName,
          lastName: registered.lastName,
        })}
      </h2>
      <p className="lead">{t("We will be contacting you soon.")}</p>
      {registered.call && (
        <p data-testid="consultation-call-time">
          {t("Your call is on {when} (IST). We have e-mailed you the invitation.", { when: registered.call.text })}
        </p>
      )}
      <p className="small text-body-secondary">{t("Meanwhile, you can browse courses and universities.")}</p>
      <div className="d-flex gap-2 justify-content-center flex-wrap">
        <Link to="/countries" className="btn btn-primary">
          {t("Explore countries")}
        </Link>
        <button type="button" className="btn btn-outline-secondary" onClick={onBookAgain}>
          {t("Book for someone else")}
        </button>
      </div>
    </div>
  );
}

export default function FreeConsultation({ actionData, loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const fetcher = useFetcher<typeof clientAction>();
  // The fetcher's answer when scripts run; the server-rendered answer of a plain form post otherwise.
  const outcome = fetcher.data ?? actionData;
  const submitting = fetcher.state !== "idle";
  const refusal = outcome && !outcome.ok ? outcome : undefined;
  const [registered, setRegistered] = useState<Registered | null>(outcome?.ok ? outcome.booking : null);
  const fields: Record<string, string> = refusal?.fields ?? {};
  // After a refusal the typed values stay in the inputs (they are not reset); a plain post renders them back.
  const values: Values = (actionData && !actionData.ok ? actionData.values : null) ?? loaderData.prefill ?? {};
  const { rules } = loaderData;

  useEffect(() => {
    if (outcome?.ok) {
      // Only what the success view shows is kept in the browser.
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(outcome.booking));
      setRegistered(outcome.booking);
      celebrate();
    }
  }, [outcome]);
  // A corrected booking replaces the refusal's red toast with the green one (one flow).
  useActionToast(outcome);

  useEffect(() => {
    const stored = readRegistered();
    if (stored) setRegistered(stored);
  }, []);

  function bookAgain() {
    window.localStorage.removeItem(STORAGE_KEY);
    setRegistered(null);
  }

  return (
    <div className="container py-4" style={{ maxWidth: "56rem" }}>
      <h1 className="h2 mb-3">{t("Free Consultation Form")}</h1>
      {registered ? (
        <Booked registered={registered} onBookAgain={bookAgain} />
      ) : (
        <>
          <p>{t("Tell us about your plans and a counsellor will call you. Fields marked * are required.")}</p>
          {refusal && (
            <noscript>
              <p className="alert alert-danger">{t(refusal.message)}</p>
            </noscript>
          )}
          <fetcher.Form method="post" className="row g-3" aria-busy={submitting}>
            <TextField
              name="firstName"
              label="First name"
              rules={rules.firstName}
              markRequired
              autoComplete="given-name"
              error={fields.firstName}
              defaultValue={values.firstName}
            />
            <TextField
              name="lastName"
              label="Last name"
              rules={rules.lastName}
              markRequired
              autoComplete="family-name"
              error={fields.lastName}
              defaultValue={values.lastName}
            />
            <TextField
              name="phoneNumber"
              label="Phone number"
              type="tel"
              inputMode="tel"
              rules={rules.phoneNumber}
              markRequired
              autoComplete="tel"
              error={fields.phoneNumber}
              defaultValue={values.phoneNumber}
            />
            <TextField
              name="email"
              label="Email"
              type="email"
              rules={rules.email}
              markRequired
              autoComplete="email"
              error={fields.email}
              defaultValue={values.email}
            />
            <SelectField
              name="studyDestination"
              label="Study destination"
              rules={rules.studyDestination}
              markRequired
              options={studyDestinations}
              error={fields.studyDestination}
              defaultValue={values.studyDestination}
            />
            <SelectField
              name="typeOfStudy"
              label="Type of study"
              rules={rules.typeOfStudy}
              markRequired
              options={typesOfStudy}
              error={fields.typeOfStudy}
              defaultValue={values.typeOfStudy}
            />
            <SelectField
              name="preferredSubject"
              label="Preferred subject"
              rules={rules.preferredSubject}
              markRequired
              options={preferredSubjects}
              error={fields.preferredSubject}
              defaultValue={values.preferredSubject}
            />
            <SelectField
              name="yearOfStudy"
              label="Year of study"
              options={loaderData.years}
              error={fields.yearOfStudy}
              defaultValue={values.yearOfStudy}
            />
            <SelectField name="state" label="State" options={indianStates} error={fields.state} defaultValue={values.state} />
            <TextField
              name="qualification"
              label="Qualification"
              rules={rules.qualification}
              markRequired
              error={fields.qualification}
              defaultValue={values.qualification}
            />
            {loaderData.slots.length > 0 && (
              <div className="col-md-6">
                <label htmlFor="consultation-slot" className="form-label">
                  {t("Time for your call (optional)")}
                </label>
                <select
                  id="consultation-slot"
                  name="slot"
                  className={`form-select${fields.slot ? " is-invalid" : ""}`}
                  defaultValue={values.slot ?? ""}
                  aria-describedby={fields.slot ? "consultation-slot-error" : "consultation-slot-hint"}
                  aria-invalid={fields.slot ? true : undefined}
                >
                  <option value="">{t("No time: a counsellor will contact you")}</option>
                  {loaderData.slots.map((day) => (
                    <optgroup key={day.day} label={day.label}>
                      {day.times.map((time) => (
                        <option key={time.value} value={time.value}>
                          {time.text} ({t("IST")})
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                {fields.slot ? (
                  <div id="consultation-slot-error" className="invalid-feedback">
                    {t(fields.slot)}
                  </div>
                ) : (
                  <div id="consultation-slot-hint" className="form-text">
                    {t("A 30-minute video call with a counsellor, India time.")}
                  </div>
                )}
              </div>
            )}
            <ContactChoices
              preferred={values.preferredContact}
              news={values.newsAndOffers === "on"}
              notice={consentWording.booking}
              error={fields.preferredContact}
            />
            <div className="col-12">
              <button type="submit" className="btn btn-primary btn-lg" disabled={submitting}>
                {t("Book Your Free Consultation")}
              </button>
            </div>
          </fetcher.Form>
        </>
      )}
      {submitting && (
        <div className="loading-overlay" role="status" aria-live="polite">
          <div className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t("Booking your consultation…")}</span>
        </div>
      )}
    </div>
  );
}
