import { PrivacySection } from "~/components/privacy-section";
import { metaT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { requireStudent } from "~/lib/login-required.server";
import { languageOf } from "../../../platform/cookies.ts";
import { LANGUAGES } from "../../../vocabulary/languages.ts";
import recordsStyles from "../../styles/records.scss?url";
import { profileAction } from "../profile/action.server";
import { ProfileFrame } from "../profile/frame";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: `${t("Privacy")} | ${t("Profile")} | Ignite` }];
};
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

/** The student's control of their data (decision 0024): contact choices, who looked, the download, deletion. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  const when = (date: Date) => inIndianTime(date, "minutes", locale);
  const [contact, access, dataExport] = await Promise.all([
    context.privacy.contactPreferences(student.studentId),
    context.privacy.accessLog(student.studentId),
    context.privacy.latestExport(student.studentId),
  ]);
  return {
    contact: {
      preferredContact: contact.preferredContact,
      newsAndOffers: contact.newsAndOffers,
      consentVersion: contact.consentVersion,
      consented: contact.consentedAt ? when(contact.consentedAt) : null,
    },
    access: access.map((a) => ({ when: when(a.at), staffName: a.staffName, staffRole: a.staffRole, text: a.text })),
    dataExport: dataExport && { status: dataExport.status, url: dataExport.url, expires: when(dataExport.expiresAt) },
  };
}

export const action = ({ request, context }: Route.ActionArgs) => profileAction({ request, context });

export default function ProfilePrivacy({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfileFrame answer={actionData}>
      <PrivacySection {...loaderData} />
    </ProfileFrame>
  );
}
