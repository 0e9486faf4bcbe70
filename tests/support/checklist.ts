import type { ApiClient } from "./api-client.ts";

/**
 * Waives, with a reason, every checklist item of an application that is not approved, as a counsellor
 * does when the university needs none of them: what tests about later stages do before moving an
 * application to "Ready to submit" (a stage that says the documents are complete; decision 0035).
 */
export async function waiveOutstandingItems(api: ApiClient, applicationId: number, cookie: string): Promise<void> {
  const answer = await api.get(`/api/v1/staff/applications/${applicationId}`, { cookie });
  if (answer.status !== 200) throw new Error(`application ${applicationId}: ${answer.status} ${answer.text}`);
  for (const entry of answer.body.data.checklist as { item: string; state: string }[]) {
    if (entry.state === "Approved" || entry.state === "Waived") continue;
    const waived = await api.post(
      `/api/v1/staff/applications/${applicationId}/waivers`,
      { item: entry.item, reason: "Not needed by this university (test)" },
      { cookie },
    );
    if (waived.status !== 200) throw new Error(`waiving ${entry.item}: ${waived.status} ${waived.text}`);
  }
}
