import { DevicesSection } from "~/components/devices-section";
import { metaT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { requireStudent } from "~/lib/login-required.server";
import { languageOf } from "../../../platform/cookies.ts";
import { LANGUAGES } from "../../../vocabulary/languages.ts";
import recordsStyles from "../../styles/records.scss?url";
import { profileAction } from "../profile/action.server";
import { ProfileFrame } from "../profile/frame";
import type { Route } from "./+types/devices";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: `${t("Signed-in devices")} | ${t("Profile")} | Ignite` }];
};
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

/** Where the student is signed in, and signing out of the others. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  const when = (date: Date) => inIndianTime(date, "minutes", locale);
  const sessions = await context.identity.devices(student.studentId, context.sessionToken ?? "");
  return {
    devices: sessions.map((s) => ({
      id: s.id,
      device: s.device,
      current: s.current,
      signedIn: when(s.signedInAt),
      lastSeen: when(s.lastSeenAt),
    })),
  };
}

export const action = ({ request, context }: Route.ActionArgs) => profileAction({ request, context });

export default function ProfileDevices({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfileFrame answer={actionData}>
      <DevicesSection devices={loaderData.devices} />
    </ProfileFrame>
  );
}
