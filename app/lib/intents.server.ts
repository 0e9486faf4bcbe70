import { AppError } from "../../modules/errors.ts";

/** What runs one intent: a route action's piece of work, answering what the action answers. */
export type IntentHandler = () => unknown;

/**
 * The one way a route action picks its work: the form's `intent` field names a handler. `otherwise`
 * names the handler for a form that names none of them (a screen's main form, posted without an
 * intent); without it such a form is refused (400, `unknown`, "Unknown action" unless told).
 *
 *   const form = await request.formData();
 *   return byIntent(form.get("intent"), {
 *     note: () => refusalOr(() => addNote(form)),
 *     ...taskIntents(context.staff, member, form, { studentId }),
 *   });
 *
 * Each handler is called only when chosen; the answer's type is the union of theirs, so a screen's
 * `actionData` tells them apart as before.
 */
export function byIntent<H extends Record<string, IntentHandler>>(
  intent: FormDataEntryValue | null | undefined,
  handlers: H,
  { otherwise, unknown = "Unknown action" }: { otherwise?: keyof H & string; unknown?: string } = {},
): ReturnType<H[keyof H]> {
  const named = typeof intent === "string" && Object.hasOwn(handlers, intent) ? intent : otherwise;
  if (named === undefined) throw new AppError("invalid_input", unknown);
  return (handlers[named] as IntentHandler)() as ReturnType<H[keyof H]>;
}
