import { SessionsSection } from "~/components/sessions-section";
import { metaT } from "~/lib/i18n";
import { requireStudent } from "~/lib/login-required.server";
import { languageOf } from "../../../platform/cookies.ts";
import { LANGUAGES } from "../../../vocabulary/languages.ts";
import recordsStyles from "../../styles/records.scss?url";
import { profileAction } from "../profile/action.server";
import { ProfileFrame } from "../profile/frame";
import { sessionsSection } from "../profile/sessions.server";
import type { Route } from "./+types/sessions";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: `${t("Sessions")} | ${t("Profile")} | Ignite` }];
};
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

/** Sessions with the counsellor (decision 0036): booked ones, and the free times of the kind chosen (`?sessionKind=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  return sessionsSection(context, student.studentId, new URL(request.url), locale);
}

export const action = ({ request, context }: Route.ActionArgs) => profileAction({ request, context });

export default function ProfileSessions({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfileFrame answer={actionData}>
      <SessionsSection {...loaderData} />
    </ProfileFrame>
  );
}
