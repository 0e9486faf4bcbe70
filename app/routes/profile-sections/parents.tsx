import { ParentLinksSection, ParentSharingSection } from "~/components/parent-links-section";
import { metaT } from "~/lib/i18n";
import { inIndianTime, timeAgo } from "~/lib/indian-time";
import { requireStudent } from "~/lib/login-required.server";
import { languageOf } from "../../../platform/cookies.ts";
import { LANGUAGES } from "../../../vocabulary/languages.ts";
import recordsStyles from "../../styles/records.scss?url";
import { profileAction } from "../profile/action.server";
import { ProfileFrame } from "../profile/frame";
import type { Route } from "./+types/parents";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: `${t("Share with a parent")} | ${t("Profile")} | Ignite` }];
};
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

/** A parent's read-only links (decision 0028): each with its openings; a new one is shown once. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  const when = (date: Date) => inIndianTime(date, "minutes", locale);
  const [links, sharing] = await Promise.all([
    context.parents.list(student.studentId),
    context.parents.sharing(student.studentId),
  ]);
  return {
    offerAmounts: sharing.offerAmounts,
    parentLinks: links.map((l) => ({
      id: l.id,
      label: l.label,
      state: l.state,
      created: when(l.createdAt),
      expires: when(l.expiresAt),
      revoked: l.revokedAt ? when(l.revokedAt) : null,
      openings: {
        count: l.openings.count,
        last: l.openings.lastAt ? { ...when(l.openings.lastAt), ago: timeAgo(l.openings.lastAt, new Date(), locale) } : null,
        recent: l.openings.recent.map((o) => ({ when: when(o.at), device: o.device })),
      },
    })),
  };
}

export const action = ({ request, context }: Route.ActionArgs) => profileAction({ request, context });

export default function ProfileParents({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfileFrame answer={actionData}>
      <ParentLinksSection
        links={loaderData.parentLinks}
        created={actionData?.ok && actionData.intent === "parent-link-create" ? actionData.url : undefined}
      />
      <ParentSharingSection offerAmounts={loaderData.offerAmounts} />
    </ProfileFrame>
  );
}
