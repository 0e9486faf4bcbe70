import type { AppLoadContext } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { accountMessages } from "../../../vocabulary/accounts.ts";
import { documentMessages } from "../../../vocabulary/documents.ts";
import { messageMessages } from "../../../vocabulary/messages.ts";
import { parentMessages } from "../../../vocabulary/parents.ts";
import { privacyMessages } from "../../../vocabulary/privacy.ts";
import { qualificationLevels, studentMessages } from "../../../vocabulary/students.ts";

/**
 * Each section's own action on the profile (app/routes/profile.tsx picks one by the form's intent).
 * The student is always the session's; nothing in the form names them.
 */
export type SectionArgs = { request: Request; context: AppLoadContext; studentId: number; form: FormData };

const textsOf = (form: FormData) => (name: string) => String(form.get(name) ?? "");

/** Personal details, marks and English test (intent `save`, the page's main form): one schema checks the whole record. */
export function saveDetailsAction({ context, studentId, form }: SectionArgs) {
  const value = textsOf(form);
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  return refusalOr(async () => {
    await context.students.updateProfile(studentId, {
      name1: value("name1"),
      phone: value("phone"),
      gender: value("gender"),
      dob: value("dob"),
      passport_no: value("passport_no"),
      address: value("address"),
      qualifications: qualificationLevels.map((level) => ({
        qualification: level,
        percentage: value(`percentage-${level}`),
        cgpa: value(`cgpa-${level}`),
      })),
      english_test: value("english_test"),
      english_score: value("english_score"),
      gre_score: value("gre_score"),
      gmat_score: value("gmat_score"),
    });
    return { ok: true as const, intent: "save" as const, message: studentMessages.edited };
  }, values);
}

/** Documents: delete one (uploads go through the JSON API for their progress bar). */
export function deleteDocumentAction({ context, studentId, form }: SectionArgs) {
  return refusalOr(async () => {
    const removed = await context.documents.remove(studentId, textsOf(form)("attachment_type"));
    return { ok: true as const, intent: "delete-document" as const, message: documentMessages.deleted(removed) };
  });
}

/** Signed-in devices: sign out of all the others. */
export async function signOutOthersAction({ context, studentId }: SectionArgs) {
  const ended = await context.identity.signOutOtherDevices(studentId, context.sessionToken ?? "");
  return { ok: true as const, intent: "sign-out-others" as const, message: accountMessages.signedOutOthers(ended) };
}

/** Share with a parent: a new read-only link, shown this once (only its hash is kept). */
export function createParentLinkAction({ request, context, studentId, form }: SectionArgs) {
  const value = textsOf(form);
  return refusalOr(async () => {
    const created = await context.parents.create(studentId, { label: value("label"), days: value("days") });
    // The answer carries the link, never the loader.
    const url = context.parents.addressOf(created.path, request.url);
    return { ok: true as const, intent: "parent-link-create" as const, message: parentMessages.created, url };
  });
}

/** Share with a parent: revoke a link. */
export function revokeParentLinkAction({ context, studentId, form }: SectionArgs) {
  return refusalOr(async () => {
    await context.parents.revoke(studentId, Number.parseInt(textsOf(form)("linkId"), 10) || 0);
    return { ok: true as const, intent: "parent-link-revoke" as const, message: parentMessages.revoked };
  });
}

/** Share with a parent: whether the links show the offers' amounts (decision 0091). */
export function parentSharingAction({ context, studentId, form }: SectionArgs) {
  return refusalOr(async () => {
    const sharing = await context.parents.setSharing(studentId, { offerAmounts: form.get("offerAmounts") === "on" });
    return {
      ok: true as const,
      intent: "parent-sharing" as const,
      message: sharing.offerAmounts ? parentMessages.sharingSaved : parentMessages.sharingOff,
    };
  });
}

/** Privacy: how the student wants to be contacted. */
export function contactChoicesAction({ context, studentId, form }: SectionArgs) {
  const value = textsOf(form);
  return refusalOr(async () => {
    await context.privacy.changeContactPreferences(studentId, {
      preferredContact: value("preferredContact"),
      newsAndOffers: value("newsAndOffers"),
    });
    return { ok: true as const, intent: "contact-choices" as const, message: privacyMessages.contactSaved };
  });
}

/** Privacy: a ZIP of everything held, prepared in the background. */
export function dataExportAction({ context, studentId }: SectionArgs) {
  return refusalOr(async () => {
    await context.privacy.requestExport(studentId);
    return { ok: true as const, intent: "data-export" as const, message: privacyMessages.exportAsked };
  });
}

/** My counsellor: write to them (plain text, optionally one of the student's documents attached). */
export function messageAction({ context, studentId, form }: SectionArgs) {
  const value = textsOf(form);
  const values = { intent: "message", body: value("body"), attachment: value("attachment") };
  return refusalOr(async () => {
    const sent = await context.messages.write(studentId, { body: value("body"), attachment: value("attachment") });
    const message = sent.attachment ? messageMessages.sentWith(sent.attachment.name) : messageMessages.sent;
    return { ok: true as const, intent: "message" as const, message };
  }, values);
}
