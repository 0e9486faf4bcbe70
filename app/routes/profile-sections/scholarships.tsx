import { ScholarshipDeadlines } from "~/components/scholarship-deadlines";
import { metaT } from "~/lib/i18n";
import { requireStudent } from "~/lib/login-required.server";
import recordsStyles from "../../styles/records.scss?url";
import { ProfileFrame } from "../profile/frame";
import type { Route } from "./+types/scholarships";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: `${t("Scholarships")} | ${t("Profile")} | Ignite` }];
};
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

/** The matching scholarships that close soon (decision 0025). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  return { deadlines: await context.scholarships.upcomingDeadlines(student.studentId) };
}

export default function ProfileScholarships({ loaderData }: Route.ComponentProps) {
  return (
    <ProfileFrame>
      <ScholarshipDeadlines deadlines={loaderData.deadlines} />
    </ProfileFrame>
  );
}
