import { requireStudent } from "~/lib/login-required.server";
import { applicationStatusTones } from "../../vocabulary/applications.ts";
import { studentMessages } from "../../vocabulary/students.ts";
import type { Route } from "./+types/applications";

export const meta: Route.MetaFunction = () => [{ title: "Applications | Ignite" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  return { applications: await context.students.listApplications(student.studentId) };
}

export default function Applications({ loaderData }: Route.ComponentProps) {
  const { applications } = loaderData;
  return (
    <div className="container py-4">
      <h1 className="h2 mb-4">Applications</h1>
      {applications.length === 0 ? (
        <div className="text-center my-5">
          <img src="/images/no-applications.svg" alt="" width={160} height={120} />
          <p className="fs-5 mt-3">{studentMessages.noApplications}</p>
        </div>
      ) : (
        <ul className="list-unstyled row row-cols-1 row-cols-md-2 g-3">
          {applications.map((application) => (
            <li className="col" key={application.id}>
              <div className="card h-100">
                <div className="card-body">
                  <span className={`badge text-bg-${applicationStatusTones[application.status]} mb-2`}>{application.status}</span>
                  <p className="small text-body-secondary mb-1">In {application.country}</p>
                  <h2 className="h6 mb-1">{application.course}</h2>
                  <p className="mb-0">{application.university}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
