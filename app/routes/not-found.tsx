import { data } from "react-router";
import { NotFound } from "~/components/not-found";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundScreen() {
  return <NotFound />;
}
