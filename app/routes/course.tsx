import { Form, Link, redirect, useNavigation } from "react-router";
import { figureSource, intakeText } from "~/components/course-card";
import { EligibilityVerdict, RequirementList } from "~/components/entry-requirements";
import { approxRupees, DegreeCostTable } from "~/components/rupees";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { describeRequirements, judgeEligibility } from "../../modules/eligibility.ts";
import { parseId } from "../../modules/ids.ts";
import { applicationMessages } from "../../vocabulary/applications.ts";
import { eligibilityMessages } from "../../vocabulary/eligibility.ts";
import { studentMessages } from "../../vocabulary/students.ts";
import type { Route } from "./+types/course";

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => [
  { title: `${data?.course.name ?? metaT(matches)("Course")} | Ignite` },
];

/** Both course routes of the spec: /courses/{courseID} and /{country}/universities/{universityID}/{courseID}. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (context.requireLoginForDetails) requireStudent(request, context.student);
  return orRouteError(
    (async () => {
      const universityId = "universityID" in params ? parseId(params.universityID, "Course") : undefined;
      const course = await context.catalogue.getCourse(parseId(params.courseID, "Course"), universityId);
      const [interested, intakes, cost, profile, open] = await Promise.all([
        context.student ? context.students.isInterested(context.student.studentId, course.id) : false,
        context.catalogue.upcomingIntakes([course.id]),
        context.costs.degreeCost(course),
        context.student ? context.students.getProfile(context.student.studentId) : null,
        context.applying.openIntakes(course.id),
      ]);
      const chosen = new URL(request.url).searchParams.get("intake");
      // Only intakes that have not yet begun (decision 0019), e.g. "September 2027 (apply by 30 June 2027)".
      return {
        course,
        interested,
        loggedIn: Boolean(context.student),
        intakes: (intakes.get(course.id) ?? []).map(({ month, year, deadline }) => ({ month, year, deadline: deadline ?? null })),
        // The fee in rupees and the whole degree's estimate, from the exchange-rate and living-cost tables (decision 0025).
        cost,
        // Entry requirements in words for everyone; the verdict only for a logged-in student, whose pages
        // are never shared by the public cache (decision 0027).
        requirements: describeRequirements(course.level, course.requirements, course.englishExamWaiver),
        eligibility: profile ? judgeEligibility(course, profile) : null,
        // Applying (decision 0055): the intakes whose deadline has not passed, each with it; the one a visitor
        // chose before signing up comes back chosen (?intake=YYYY-MM).
        openIntakes: open.map(({ month, year, deadline }) => ({
          key: `${year}-${String(month).padStart(2, "0")}`,
          month,
          year,
          deadline: deadline ?? null,
        })),
        chosenIntake: chosen,
        path: new URL(request.url).pathname,
        // Where and when the tuition and the deadlines were read, with their age by the services' clock (decision 0105).
        feeChecked: context.applying.checked(course.fee),
        deadlinesChecked: context.applying.checked({ source: course.deadlineSource, checkedOn: course.deadlineCheckedOn }),
      };
    })(),
  );
}

/** 'Add to Interest' (spec section 4): saves the course for the logged-in student; adding twice changes nothing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const form = await request.formData();
  const courseId = parseId(params.courseID, "Course");
  if (form.get("intent") === "apply") {
    // Applying (decision 0055): the server checks the deadline again now; the student lands on the package.
    let started: number | undefined;
    const refused = await refusalOr(async () => {
      started = (await context.applying.start(student.studentId, { courseId, intake: form.get("intake") ?? undefined })).id;
      return { ok: true as const, message: applicationMessages.started };
    });
    if (started !== undefined) throw redirect(`/user/applications/${started}?started=1`);
    return refused;
  }
  return refusalOr(async () => {
    await context.students.addInterest(student.studentId, courseId);
    return { ok: true as const, message: studentMessages.interestAdded };
  });
}

export default function Course({ loaderData, actionData }: Route.ComponentProps) {
  const {
    course,
    interested,
    loggedIn,
    intakes,
    cost,
    requirements,
    eligibility,
    openIntakes,
    chosenIntake,
    path,
    feeChecked,
    deadlinesChecked,
  } = loaderData;
  const translator = useT();
  const { t, duration, fee } = translator;
  const feeInRupees = cost.tuition.rate ? approxRupees(course.fee.amount, course.fee.currency, [cost.tuition.rate]) : null;
  const navigation = useNavigation();
  useActionToast(actionData);
  // Shown where an admin said where or when the fee was read (the demo's illustrative fees say neither).
  const source = feeChecked.source || feeChecked.checkedOn ? figureSource(translator, feeChecked) : null;
  const deadlinesSource =
    intakes.length > 0 && (deadlinesChecked.source || deadlinesChecked.checkedOn)
      ? figureSource(translator, deadlinesChecked)
      : null;
  const facts: [string, string][] = [
    [t("Level"), t(course.level)],
    [t("Duration"), duration(course.durationMonths)],
    [t("Tuition fees (illustrative)"), feeInRupees ? `${fee(course.fee)} (${feeInRupees})` : fee(course.fee)],
    ...(source ? [[t("Fee source"), source] as [string, string]] : []),
    [t("Mode"), t(course.mode)],
    [t("English exam waiver"), course.englishExamWaiver ? t("Yes") : t("No")],
    [t("Medium Of Instruction"), course.mediumOfInstruction],
    ...(intakes.length > 0
      ? [
          [t("Intakes and deadlines (illustrative)"), intakes.map((i) => intakeText(translator, i)).join("; ")] as [
            string,
            string,
          ],
        ]
      : []),
    ...(deadlinesSource ? [[t("Deadlines' source"), deadlinesSource] as [string, string]] : []),
  ];
  return (
    <div className="container py-4">
      <h1 className="h2">{course.name}</h1>
      <p>
        <Link to={`/${course.university.country.slug}/universities/${course.university.id}`}>{course.university.name}</Link>,{" "}
        {course.university.city}, {course.university.country.name}
      </p>
      {actionData && !actionData.ok && (
        <noscript>
          <p className="alert alert-danger">{t(actionData.message)}</p>
        </noscript>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2 mb-4">
        {loggedIn &&
          (interested ? (
            <button type="button" className="btn btn-success" disabled>
              {t("Interested")}
            </button>
          ) : (
            <Form method="post">
              <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
                {t("Add to Interest")}
              </button>
            </Form>
          ))}
        {/* The same for every visitor: what is already compared is shown on /compare, never here (decision 0027). */}
        <Form method="post" action="/compare">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="courseId" value={course.id} />
          <button type="submit" className="btn btn-outline-primary" disabled={navigation.state === "submitting"}>
            {t("Add to compare")}
          </button>
        </Form>
        <Link to="/compare">{t("Your comparison")}</Link>
      </div>
      <dl className="row">
        {facts.map(([label, value]) => (
          <div key={label} className="col-sm-6 col-lg-4 mb-3">
            <dt>{label}</dt>
            <dd className="mb-0 text-break">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="entry-requirements" className="mb-4">
        <h2 id="entry-requirements" className="h4">
          {t("Entry requirements (illustrative)")}
        </h2>
        <RequirementList lines={requirements} />
        {course.englishExamWaiver && (
          <p className="small mt-2 mb-0" data-testid="waiver-meaning">
            {t(eligibilityMessages.waiverMeaning)}
          </p>
        )}
        {eligibility ? (
          <div className="mt-3">
            <EligibilityVerdict eligibility={eligibility} />
          </div>
        ) : (
          requirements.length > 0 && <p className="small text-body-secondary mt-2 mb-0">{t(eligibilityMessages.logInToCheck)}</p>
        )}
      </section>
      <section aria-labelledby="apply-heading" id="apply" className="mb-4">
        <h2 id="apply-heading" className="h4">
          {t("Apply")}
        </h2>
        {openIntakes.length === 0 ? (
          <p className="mb-0">{t("No intake of this course is open for applications now. Ask your counsellor.")}</p>
        ) : loggedIn ? (
          <Form method="post" className="card card-body" data-testid="apply-form">
            <input type="hidden" name="intent" value="apply" />
            <fieldset>
              <legend className="h6">{t("Choose an intake")}</legend>
              {openIntakes.map((intake, i) => (
                <div className="form-check" key={intake.key}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name="intake"
                    id={`intake-${intake.key}`}
                    value={intake.key}
                    required
                    defaultChecked={chosenIntake ? chosenIntake === intake.key : i === 0}
                  />
                  <label className="form-check-label" htmlFor={`intake-${intake.key}`}>
                    {intakeText(translator, intake)}
                  </label>
                </div>
              ))}
            </fieldset>
            {actionData && !actionData.ok && (
              <p className="text-danger mt-2 mb-0" role="alert" data-testid="apply-refusal">
                {t(actionData.message)}
              </p>
            )}
            <p className="small text-body-secondary mt-2">
              {t("Your counsellor is told and checks the application; you gather the package it asks for.")}
            </p>
            <div>
              <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
                {t("Apply for this intake")}
              </button>
            </div>
          </Form>
        ) : (
          <p className="mb-0">
            <Link
              className="btn btn-primary"
              to={`/login?reason=login-required&redirectTo=${encodeURIComponent(`${path}?intake=${openIntakes[0]?.key ?? ""}#apply`)}`}
            >
              {t("Apply")}
            </Link>{" "}
            <span className="small text-body-secondary">{t("Log in or sign up to apply; you come back here.")}</span>
          </p>
        )}
      </section>
      <DegreeCostTable cost={cost} durationMonths={course.durationMonths} country={course.university.country.name} />
    </div>
  );
}
