import type { AppLoadContext } from "react-router";
import type { SessionRow, SessionsSectionProps } from "~/components/sessions-section";
import { refusalOr } from "~/lib/form-result.server";
import { inIndianTime } from "~/lib/indian-time";
import { slotDays } from "~/lib/slot-days.server";
import { AppError } from "../../../modules/errors.ts";
import {
  type SessionKind,
  sessionKindKeys,
  sessionKinds,
  sessionMessages,
  sessionOutcomeLabels,
} from "../../../vocabulary/counselling.ts";
import type { SectionArgs } from "./actions.server";

/** The profile's Sessions section (decision 0036): the student's sessions, their counsellor, and the free times of the kind chosen. */
export async function sessionsSection(
  context: AppLoadContext,
  studentId: number,
  url: URL,
  locale: string,
): Promise<SessionsSectionProps> {
  const asked = url.searchParams.get("sessionKind") ?? "";
  const kind: SessionKind = (sessionKindKeys as string[]).includes(asked) ? (asked as SessionKind) : "consultation-call";
  const [counsellor, sessions] = await Promise.all([
    context.counselling.counsellorOf(studentId),
    context.counselling.forStudent(studentId),
  ]);
  const now = new Date();
  const rows: SessionRow[] = await Promise.all(
    sessions.map(async (s) => ({
      id: s.id,
      kind: s.kind,
      kindLabel: sessionKinds[s.kind].label,
      when: inIndianTime(s.startsAt, "minutes", locale),
      counsellor: s.counsellor,
      meetingLink: s.meetingLink,
      state: s.cancelled ? ("cancelled" as const) : s.endsAt > now ? ("coming" as const) : ("past" as const),
      outcome: s.outcome ? sessionOutcomeLabels[s.outcome] : null,
      changeable: s.changeable,
      invitationUnsent: s.invitationUnsent && !s.cancelled && s.endsAt > now,
      moveTo: s.changeable ? slotDays(await context.counselling.slotsForStudent(studentId, s.kind, s.id), locale) : [],
    })),
  );
  const slots = counsellor?.bookable ? slotDays(await context.counselling.slotsForStudent(studentId, kind), locale) : [];
  return {
    counsellor: counsellor && { fullName: counsellor.fullName, bookable: counsellor.bookable },
    sessions: rows,
    kinds: sessionKindKeys.map((key) => ({ key, label: sessionKinds[key].label, minutes: sessionKinds[key].minutes })),
    kind,
    slots,
  };
}

const textsOf = (form: FormData) => (name: string) => String(form.get(name) ?? "");
const idOf = (form: FormData) => Number.parseInt(textsOf(form)("sessionId"), 10) || 0;

/** Books a session with the student's counsellor. */
export function bookSessionAction({ context, studentId, form }: SectionArgs) {
  const value = textsOf(form);
  return refusalOr(async () => {
    const { message } = await context.counselling.book(studentId, { kind: value("kind"), slot: value("slot") });
    return { ok: true as const, intent: "session-book" as const, message };
  });
}

/** Moves one of the student's sessions. */
export function moveSessionAction({ context, studentId, form }: SectionArgs) {
  return refusalOr(async () => {
    const { message } = await context.counselling.move(studentId, idOf(form), { slot: textsOf(form)("slot") });
    return { ok: true as const, intent: "session-move" as const, message };
  });
}

/** Cancels one of the student's sessions. */
export function cancelSessionAction({ context, studentId, form }: SectionArgs) {
  return refusalOr(async () => {
    // The button's second step (decision 0051), checked here whatever the browser sent.
    if (form.get("confirm") !== "yes") throw new AppError("invalid_input", sessionMessages.cancelNotConfirmed);
    const { message } = await context.counselling.cancel(studentId, idOf(form));
    return { ok: true as const, intent: "session-cancel" as const, message };
  });
}
