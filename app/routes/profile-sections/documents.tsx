import { useRouteLoaderData } from "react-router";
import { DocumentsSection } from "~/components/documents-section";
import { metaT } from "~/lib/i18n";
import { requireStudent } from "~/lib/login-required.server";
import type { loader as rootLoader } from "../../root";
import recordsStyles from "../../styles/records.scss?url";
import { profileAction } from "../profile/action.server";
import { ProfileFrame } from "../profile/frame";
import type { Route } from "./+types/documents";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: `${t("Documents")} | ${t("Profile")} | Ignite` }];
};
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

/** The profile's documents and photo (decision 0062): uploads go through the JSON API, deletion through this page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const files = await context.documents.list(student.studentId);
  return {
    documents: files.map((f) => ({
      attachmentType: f.attachmentType,
      url: f.url,
      name: f.name,
      size: f.size,
      contentType: f.contentType,
      reviewState: f.reviewState,
      reviewReason: f.reviewReason,
      reviewMessage: f.reviewMessage,
    })),
  };
}

export const action = ({ request, context }: Route.ActionArgs) => profileAction({ request, context });

export default function ProfileDocuments({ loaderData, actionData }: Route.ComponentProps) {
  // The photo is already in the root data (the navbar shows it); it is not read twice.
  const photoUrl = useRouteLoaderData<typeof rootLoader>("root")?.student?.photoUrl ?? null;
  return (
    <ProfileFrame answer={actionData}>
      <DocumentsSection documents={loaderData.documents} photoUrl={photoUrl} />
    </ProfileFrame>
  );
}
