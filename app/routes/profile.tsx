import { redirect } from "react-router";
import { metaT } from "~/lib/i18n";
import { requireStudent } from "~/lib/login-required.server";
import { profileSchema } from "../../modules/students/input.ts";
import { fieldRules } from "../../modules/validation.ts";
import recordsStyles from "../styles/records.scss?url";
import type { Route } from "./+types/profile";
import { profileAction } from "./profile/action.server";
import { PersonalDetailsSection } from "./profile/details";
import { ProfileFrame } from "./profile/frame";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Profile")} | Ignite` }];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

/**
 * The spec's `/profile`: personal details, marks and test scores, read-only or in edit mode (`?edit=1`
 * without scripts). Each other section has its own page (decision 0062), one tap away in the section nav.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  // The one long page's address for the sessions' kind (a link of an older page) opens the Sessions page.
  const url = new URL(request.url);
  if (url.searchParams.has("sessionKind")) throw redirect(`/profile/sessions${url.search}`);
  return { profile: await context.students.getProfile(student.studentId), rules: fieldRules(profileSchema) };
}

/** Every section's intent is still answered here, for a form of an older page (decision 0062). */
export const action = ({ request, context }: Route.ActionArgs) => profileAction({ request, context });

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfileFrame answer={actionData}>
      <PersonalDetailsSection profile={loaderData.profile} rules={loaderData.rules} />
    </ProfileFrame>
  );
}
