import type { AppLoadContext } from "react-router";
import { byIntent } from "~/lib/intents.server";
import { requireStudent } from "~/lib/login-required.server";
import {
  contactChoicesAction,
  createParentLinkAction,
  dataExportAction,
  deleteDocumentAction,
  messageAction,
  parentSharingAction,
  revokeParentLinkAction,
  saveDetailsAction,
  signOutOthersAction,
} from "./actions.server";
import { bookSessionAction, cancelSessionAction, moveSessionAction } from "./sessions.server";

/**
 * The profile's one action, shared by `/profile` and each section's page (decision 0062): each section's
 * form posts its intent to the page it is on (a fetcher with scripts, a plain post without, which then
 * shows its answer on the same page); `byIntent` hands it to that section's own action. The details form
 * is the default. A form of an older page that posts to `/profile` is still answered there.
 */
export async function profileAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const student = requireStudent(request, context.student);
  const form = await request.formData();
  const section = { request, context, studentId: student.studentId, form };
  return byIntent(
    form.get("intent"),
    {
      save: () => saveDetailsAction(section),
      "delete-document": () => deleteDocumentAction(section),
      "sign-out-others": () => signOutOthersAction(section),
      "parent-link-create": () => createParentLinkAction(section),
      "parent-link-revoke": () => revokeParentLinkAction(section),
      "parent-sharing": () => parentSharingAction(section),
      "contact-choices": () => contactChoicesAction(section),
      "data-export": () => dataExportAction(section),
      message: () => messageAction(section),
      "session-book": () => bookSessionAction(section),
      "session-move": () => moveSessionAction(section),
      "session-cancel": () => cancelSessionAction(section),
    },
    { otherwise: "save" },
  );
}

export type ProfileAnswer = Awaited<ReturnType<typeof profileAction>>;
