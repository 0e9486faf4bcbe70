import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { approxRupees, DegreeCostTable } from "~/components/rupees";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { requireStudent } from "~/lib/login-required.server";
import { notify } from "~/lib/toast";
import { formatDuration, formatFee, formatFeeSource } from "../../modules/catalogue/format.ts";
import { parseId } from "../../modules/catalogue/inputs.ts";
import { intakeLabel } from "../../vocabulary/catalogue.ts";
import { studentMessages } from "../../vocabulary/students.ts";
import type { Route } from "./+types/course";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.course.name ?? "Course"} | Ignite` }];

/** Both course routes of the spec: /courses/{courseID} and /{country}/universities/{universityID}/{courseID}. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (context.requireLoginForDetails) requireStudent(request, context.student);
  return orRouteError(
    (async () => {
      const universityId = "universityID" in params ? parseId(params.universityID, "Course") : undefined;
      const course = await context.catalogue.getCourse(parseId(params.courseID, "Course"), universityId);
      const [interested, intakes, cost] = await Promise.all([
        context.student ? context.students.isInterested(context.student.studentId, course.id) : false,
        context.catalogue.upcomingIntakes([course.id]),
        context.costs.degreeCost(course),
      ]);
      // Only intakes that have not yet begun (decision 0019), e.g. "September 2027 (apply by 30 June 2027)".
      return {
        course,
        interested,
        loggedIn: Boolean(context.student),
        intakes: (intakes.get(course.id) ?? []).map(intakeLabel),
        // The fee in rupees and the whole degree's estimate, from the exchange-rate and living-cost tables (decision 0025).
        cost,
      };
    })(),
  );
}

/** 'Add to Interest' (spec section 4): saves the course for the logged-in student; adding twice changes nothing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  return refusalOr(async () => {
    await context.students.addInterest(student.studentId, parseId(params.courseID, "Course"));
    return { ok: true as const, message: studentMessages.interestAdded };
  });
}

export default function Course({ loaderData, actionData }: Route.ComponentProps) {
  const { course, interested, loggedIn, intakes, cost } = loaderData;
  const feeInRupees = cost.tuition.rate ? approxRupees(course.fee.amount, course.fee.currency, [cost.tuition.rate]) : null;
  const navigation = useNavigation();
  useEffect(() => {
    if (actionData) notify(actionData.ok ? "success" : "error", actionData.message);
  }, [actionData]);
  const facts: [string, string][] = [
    ["Level", course.level],
    ["Duration", formatDuration(course.durationMonths)],
    ["Tuition fees (illustrative)", feeInRupees ? `${formatFee(course.fee)} (${feeInRupees})` : formatFee(course.fee)],
    ...(formatFeeSource(course.fee) ? [["Fee source", formatFeeSource(course.fee)] as [string, string]] : []),
    ["Mode", course.mode],
    ["English exam waiver", course.englishExamWaiver ? "Yes" : "No"],
    ["Medium Of Instruction", course.mediumOfInstruction],
    ...(intakes.length > 0 ? [["Intakes", intakes.join("; ")] as [string, string]] : []),
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
          <p className="alert alert-danger">{actionData.message}</p>
        </noscript>
      )}
      {loggedIn &&
        (interested ? (
          <button type="button" className="btn btn-success mb-4" disabled>
            Interested
          </button>
        ) : (
          <Form method="post" className="mb-4">
            <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
              Add to Interest
            </button>
          </Form>
        ))}
      <dl className="row">
        {facts.map(([label, value]) => (
          <div key={label} className="col-sm-6 col-lg-4 mb-3">
            <dt>{label}</dt>
            <dd className="mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <DegreeCostTable cost={cost} durationMonths={course.durationMonths} country={course.university.country.name} />
    </div>
  );
}
