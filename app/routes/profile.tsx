import { Link } from "react-router";
import { requireStudent } from "~/lib/login-required.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Profile | Ignite" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  return { student: { fullName: student.fullName, email: student.email, phone: student.phone } };
}

/** The account's details. Marks, documents, saved courses and applications arrive with the student records issue. */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const { student } = loaderData;
  return (
    <div className="container py-5" style={{ maxWidth: "40rem" }}>
      <h1 className="h2 mb-4">Profile</h1>
      <dl className="row">
        <dt className="col-sm-4">Full name</dt>
        <dd className="col-sm-8">{student.fullName}</dd>
        <dt className="col-sm-4">Email</dt>
        <dd className="col-sm-8">{student.email}</dd>
        <dt className="col-sm-4">Phone</dt>
        <dd className="col-sm-8">{student.phone}</dd>
      </dl>
      <p>
        Need help choosing? <Link to="/services/free-consultation">Book a free consultation</Link>.
      </p>
    </div>
  );
}
