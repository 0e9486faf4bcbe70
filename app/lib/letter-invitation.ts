/**
 * The invitation form of the letters screen (decision 0075) as a refusal shows it again: what was typed,
 * every application ticked (their ids joined by commas, since a refusal's values are strings) and the
 * waiver chosen, so a mistyped e-mail costs the student nothing they chose.
 */
export function invitationFormValues(form: FormData): Record<string, string> {
  const waiver = form.get("waiver");
  return {
    fullName: String(form.get("fullName") ?? ""),
    email: String(form.get("email") ?? ""),
    role: String(form.get("role") ?? ""),
    institution: String(form.get("institution") ?? ""),
    relation: String(form.get("relation") ?? ""),
    applicationIds: form.getAll("applicationIds").map(String).join(","),
    ...(waiver === null ? {} : { waiver: String(waiver) }),
  };
}

/** Whether the form shows an application ticked: as refused, else only the application the screen is for. */
export function applicationTicked(refused: Record<string, string> | undefined, id: number, screenApplicationId: number) {
  if (refused?.applicationIds === undefined) return id === screenApplicationId;
  return refused.applicationIds.split(",").includes(String(id));
}
