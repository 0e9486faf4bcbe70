import { useActionData, useFetcher } from "react-router";
import type { Refusal } from "./form-result.server";
import { useActionToast } from "./use-action-toast";

/** What a hub screen's action answers one section: its message, and the intent it answered. */
export type SectionAnswer = { ok: true; intent: string; message: string } | Refusal;

/**
 * One section of a hub screen (the profile, a student's record), with its own form and its own answer.
 * The form posts the section's `intent` to the screen's action: through the section's own fetcher when
 * scripts run (its own busy state, its own toast), as a plain form post without (the screen renders again
 * with the answer, which the section picks out by its intent). Markup and address stay the screen's.
 */
export function useSectionForm<A extends SectionAnswer = SectionAnswer>(intent: string) {
  const fetcher = useFetcher<A>();
  const posted = useActionData() as SectionAnswer | undefined;
  const plain = posted && (posted.ok ? posted.intent : posted.values.intent) === intent ? (posted as A) : undefined;
  const answer = (fetcher.data as A | undefined) ?? plain;
  useActionToast(fetcher.state === "idle" ? (fetcher.data as A | undefined) : undefined);
  return {
    Form: fetcher.Form,
    busy: fetcher.state !== "idle",
    answer,
    refusal: answer && !answer.ok ? (answer as Refusal) : undefined,
  };
}
