import { threadOf } from "~/lib/conversation";
import { metaT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { requireStudent } from "~/lib/login-required.server";
import { messageSchema } from "../../../modules/messages/messages.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { languageOf } from "../../../platform/cookies.ts";
import { sessionKinds } from "../../../vocabulary/counselling.ts";
import { LANGUAGES } from "../../../vocabulary/languages.ts";
import recordsStyles from "../../styles/records.scss?url";
import { profileAction } from "../profile/action.server";
import { CounsellorSection } from "../profile/counsellor";
import { ProfileFrame } from "../profile/frame";
import type { Route } from "./+types/counsellor";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: `${t("My counsellor")} | ${t("Profile")} | Ignite` }];
};
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

/** My counsellor (decision 0037): who looks after the student, the next session, and the conversation. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  const when = (date: Date) => inIndianTime(date, "minutes", locale);
  const [conversation, files, sessions] = await Promise.all([
    // Reading it marks what staff wrote as read (the navbar's count goes to zero).
    context.messages.conversation(student.studentId),
    context.documents.list(student.studentId),
    context.counselling.forStudent(student.studentId),
  ]);
  const now = Date.now();
  const next = sessions
    .filter((s) => !s.cancelled && s.endsAt.getTime() > now)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  return {
    nextSession: next ? { kindLabel: sessionKinds[next.kind].label, when: when(next.startsAt).text } : null,
    counsellor: conversation.counsellor?.fullName ?? null,
    messages: threadOf(conversation, "student", when, (document) => document.url),
    documents: files.map((f) => ({ publicId: f.publicId, attachmentType: f.attachmentType, name: f.name })),
    rules: fieldRules(messageSchema),
  };
}

export const action = ({ request, context }: Route.ActionArgs) => profileAction({ request, context });

export default function ProfileCounsellor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfileFrame answer={actionData}>
      <CounsellorSection {...loaderData} />
    </ProfileFrame>
  );
}
