import { data, Form, Link, redirect, useNavigation } from "react-router";
import { intakeText } from "~/components/course-card";
import { EligibilityVerdict, RequirementList } from "~/components/entry-requirements";
import { approxRupees, RateNote } from "~/components/rupees";
import { comparisonOf } from "~/lib/comparison.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { byIntent } from "~/lib/intents.server";
import { requireStudent } from "~/lib/login-required.server";
import { addToCompare, parseCompareList, removeFromCompare } from "../../modules/catalogue/compare.ts";
import type { ExchangeRate } from "../../modules/costs/costs.ts";
import { describeRequirements, judgeEligibility } from "../../modules/eligibility.ts";
import { parseId } from "../../modules/ids.ts";
import { formatRupees } from "../../vocabulary/costs.ts";
import { COMPARE_MAX, compareMessages, eligibilityMessages } from "../../vocabulary/eligibility.ts";
import recordsStyles from "../styles/records.scss?url";
import type { Route } from "./+types/compare";

/** Bootstrap's tables (with .table-responsive) come with the screens that use them, not the first load. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: `${t("Compare courses")} | Ignite` },
    {
      name: "description",
      content: t("Compare up to three courses side by side: fees in rupees, entry requirements and intakes."),
    },
    { name: "robots", content: "noindex" },
  ];
};

/** The answer depends on the visitor's own cookie: never kept by a cache (server/cached-answers.ts says so too). */
const PRIVATE = "private, no-store";
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const merged = new Headers(actionHeaders);
  for (const [name, value] of loaderHeaders) merged.append(name, value);
  merged.set("Cache-Control", PRIVATE);
  return merged;
};

/** Up to three courses side by side (decision 0027): what a visitor compares, and a student's eligibility for each. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Course details need login where the site says so (DESIGN.md 6.10); the comparison shows them too.
  if (context.requireLoginForDetails) requireStudent(request, context.student);
  const comparison = comparisonOf(request, context);
  const ids = await comparison.ids();
  const courses = await context.catalogue.coursesToCompare(ids);
  // The courses a student compared before signing in that did not fit their account's list (decision 0043).
  const leftOut = await context.catalogue.coursesToCompare(parseCompareList(new URL(request.url).searchParams.get("left-out")));
  const [intakes, costs, profile] = await Promise.all([
    context.catalogue.upcomingIntakes(courses.map((c) => c.id)),
    Promise.all(courses.map((course) => context.costs.degreeCost(course))),
    context.student ? context.students.getProfile(context.student.studentId) : null,
  ]);
  const url = new URL(request.url);
  const added = Number(url.searchParams.get("added"));
  const removed = Number(url.searchParams.get("removed"));
  const addedCourse = courses.find((c) => c.id === added);
  const notice = addedCourse
    ? compareMessages.added(addedCourse.name)
    : removed && !courses.some((c) => c.id === removed)
      ? compareMessages.removed
      : null;
  const rates: ExchangeRate[] = [];
  for (const cost of costs)
    for (const rate of [cost.tuition.rate, cost.living?.rate])
      if (rate && !rates.some((r) => r.currency === rate.currency)) rates.push(rate);
  // A list naming what is gone (or a cookie holding anything else) is rewritten to what is shown.
  await comparison.keepShown(
    ids,
    courses.map((c) => c.id),
  );
  const headers = new Headers({ "Cache-Control": PRIVATE });
  for (const cookie of comparison.setCookies) headers.append("Set-Cookie", cookie);
  return data(
    {
      notice,
      leftOut: leftOut.map((c) => c.name),
      loggedIn: Boolean(context.student),
      rates,
      courses: courses.map((course, i) => {
        const cost = costs[i];
        return {
          id: course.id,
          name: course.name,
          university: course.university,
          level: course.level,
          durationMonths: course.durationMonths,
          mode: course.mode,
          intakes: (intakes.get(course.id) ?? []).map(({ month, year, deadline }) => ({
            month,
            year,
            deadline: deadline ?? null,
          })),
          fee: course.fee,
          feeInRupees: cost?.tuition.rate ? approxRupees(course.fee.amount, course.fee.currency, [cost.tuition.rate]) : null,
          totalRupees: cost?.totalRupees ?? null,
          livingLeftOut: cost?.livingLeftOut ?? null,
          requirements: describeRequirements(course.level, course.requirements, course.englishExamWaiver),
          eligibility: profile ? judgeEligibility(course, profile) : null,
        };
      }),
    },
    { headers },
  );
}

/** Add to or remove from the comparison: a plain form post, so it works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  if (context.requireLoginForDetails) requireStudent(request, context.student);
  const form = await request.formData();
  const values = { intent: String(form.get("intent") ?? ""), courseId: String(form.get("courseId") ?? "") };
  return refusalOr(async () => {
    const id = parseId(values.courseId, "Course");
    // Only what is still shown counts towards the three: a retired course leaves room.
    const comparison = comparisonOf(request, context);
    const ids = (await context.catalogue.coursesToCompare(await comparison.ids())).map((c) => c.id);
    const save = async (next: number[], to: string) => {
      await comparison.save(next);
      const headers = new Headers({ "Cache-Control": PRIVATE });
      for (const cookie of comparison.setCookies) headers.append("Set-Cookie", cookie);
      return redirect(to, { headers });
    };
    return byIntent(
      values.intent,
      {
        add: async () => {
          await context.catalogue.getCourse(id); // an unknown or retired course: 404, nothing kept
          return save(addToCompare(ids, id), `/compare?added=${id}`);
        },
        remove: () => save(removeFromCompare(ids, id), `/compare?removed=${id}`),
      },
      { unknown: compareMessages.chooseAction },
    );
  }, values);
}

/** The label column stays in view while the courses scroll sideways on a phone. */
const stickyLabel = { position: "sticky", left: 0, zIndex: 1, minWidth: "7.5rem", maxWidth: "9rem" } as const;

export default function Compare({ loaderData, actionData }: Route.ComponentProps) {
  const { courses, notice, leftOut, loggedIn, rates } = loaderData;
  const translator = useT();
  const { t, duration, fee } = translator;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && "ok" in actionData && !actionData.ok ? actionData : undefined;
  const rows: { label: string; cell: (c: (typeof courses)[number]) => React.ReactNode }[] = [
    { label: t("University"), cell: (c) => c.university.name },
    { label: t("Country"), cell: (c) => `${c.university.city}, ${c.university.country.name}` },
    { label: t("Level"), cell: (c) => t(c.level) },
    { label: t("Duration"), cell: (c) => duration(c.durationMonths) },
    { label: t("Mode"), cell: (c) => t(c.mode) },
    {
      label: t("Intakes"),
      cell: (c) => (c.intakes.length ? c.intakes.map((i) => intakeText(translator, i)).join("; ") : t("None announced")),
    },
    { label: t("Tuition fees (illustrative)"), cell: (c) => (c.feeInRupees ? `${fee(c.fee)} (${c.feeInRupees})` : fee(c.fee)) },
    {
      label: t("Estimated total (₹, approx.)"),
      cell: (c) =>
        c.totalRupees === null
          ? "—"
          : `${formatRupees(c.totalRupees)}${c.livingLeftOut === "online" ? ` ${t("(tuition only: online)")}` : ""}`,
    },
    { label: t("Entry requirements (illustrative)"), cell: (c) => <RequirementList lines={c.requirements} /> },
    ...(loggedIn
      ? [
          {
            label: t("Your eligibility"),
            cell: (c: (typeof courses)[number]) =>
              c.eligibility && c.eligibility.status !== "no-requirements" ? (
                <EligibilityVerdict eligibility={c.eligibility} compact />
              ) : (
                t("Nothing to check")
              ),
          },
        ]
      : []),
    // The course page's Apply section, with its intakes and their deadlines (decision 0055).
    {
      label: t("Apply"),
      cell: (c) => (
        <Link className="btn btn-sm btn-primary" to={`/courses/${c.id}#apply`}>
          {t("Apply")}
          <span className="visually-hidden"> {c.name}</span>
        </Link>
      ),
    },
  ];
  return (
    <div className="container py-4">
      <h1 className="h2">{t("Compare courses")}</h1>
      <p className="text-body-secondary">
        {t("Up to {max} courses side by side. Add one with “Add to compare” on its page.", { max: COMPARE_MAX })}
      </p>
      {refusal && (
        <p className="alert alert-danger" role="alert">
          {t(refusal.message)}
        </p>
      )}
      {leftOut.length > 0 && !refusal && (
        <div className="alert alert-warning" role="status">
          <p className="mb-1">{t(compareMessages.leftOut)}</p>
          <ul className="mb-0">
            {leftOut.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      )}
      {notice && !refusal && (
        <p className="alert alert-success" role="status">
          {t(notice)}
        </p>
      )}
      {courses.length === 0 ? (
        <p>
          {t(compareMessages.empty)} <Link to="/search?q=computer science">{t("Find courses")}</Link>
        </p>
      ) : (
        <>
          {/* Positioned, so the buttons' hidden words stay inside the scrolled box rather than widen the page. */}
          <div className="table-responsive" style={{ position: "relative" }}>
            <table className="table align-top compare-table">
              <caption className="visually-hidden">{t("The compared courses, one column each")}</caption>
              <thead>
                <tr>
                  <th scope="col" className="bg-white" style={stickyLabel}>
                    {t("Course")}
                  </th>
                  {courses.map((c) => (
                    <th scope="col" key={c.id} style={{ minWidth: "13rem" }}>
                      <Link to={`/courses/${c.id}`}>{c.name}</Link>
                      <Form method="post" className="mt-2">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="courseId" value={c.id} />
                        <button type="submit" className="btn btn-sm btn-outline-secondary" disabled={busy}>
                          {t("Remove")}
                          <span className="visually-hidden"> {c.name}</span>
                        </button>
                      </Form>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className="bg-white" style={stickyLabel}>
                      {row.label}
                    </th>
                    {courses.map((c) => (
                      <td key={c.id}>{row.cell(c)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <RateNote rates={rates} />
          {!loggedIn && (
            <p className="small text-body-secondary">
              <Link to="/login">{t(eligibilityMessages.logInToCheck)}</Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}
