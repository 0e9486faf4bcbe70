import { Link } from "react-router";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = () => [{ title: "Sign Up | Ignite" }];

export default function Signup() {
  return (
    <div className="container py-5" style={{ maxWidth: "32rem" }}>
      <h1 className="h2">Sign Up</h1>
      <p>Student accounts are opening soon.</p>
      <p>
        Already know what you want to study? <Link to="/services/free-consultation">Book a free consultation</Link> and a
        counsellor will call you.
      </p>
    </div>
  );
}
