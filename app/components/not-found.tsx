import { Link } from "react-router";

export function NotFound() {
  return (
    <div className="container py-5 text-center">
      <title>Page Not Found | Ignite</title>
      <h1>Page Not Found</h1>
      <p className="lead">The page you are looking for does not exist or has moved.</p>
      <Link className="btn btn-primary" to="/">
        Go Back Home
      </Link>
    </div>
  );
}
