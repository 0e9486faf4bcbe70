import { leadHistoryShapes } from "../../vocabulary/consultations.ts";

/** An audit entry of a lead, as the lead's page reads it. */
export interface LeadHistoryEntry {
  action: string;
  before: unknown;
  after: unknown;
}

/** A history line as a shape of vocabulary/consultations.ts and its values: never a raw code nor JSON. */
export interface LeadHistoryWords {
  shape: (typeof leadHistoryShapes)[keyof typeof leadHistoryShapes];
  values: Record<string, string>;
}

const text = (value: unknown) => (value === null || value === undefined || value === "" ? "" : String(value));

/** Says one change of a lead in words (decision 0035): "Status changed from New to Converted: became student #12". */
export function leadHistoryWords(entry: LeadHistoryEntry): LeadHistoryWords {
  const record = (value: unknown) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});
  const before = record(entry.before);
  const after = record(entry.after);
  switch (entry.action) {
    case "lead.created":
      return text(after.source) === "Website form" || !after.source
        ? { shape: leadHistoryShapes.booked, values: {} }
        : { shape: leadHistoryShapes.entered, values: { source: text(after.source) } };
    case "lead.status_changed": {
      const from = text(before.status);
      const to = text(after.status);
      if (to === "Lost" && text(after.lostReason))
        return { shape: leadHistoryShapes.lost, values: { from, reason: text(after.lostReason) } };
      if (to === "Converted" && text(after.studentId))
        return { shape: leadHistoryShapes.converted, values: { from, student: text(after.studentId) } };
      return { shape: leadHistoryShapes.status, values: { from, to } };
    }
    case "lead.assigned":
      return text(before.assignedTo)
        ? { shape: leadHistoryShapes.reassigned, values: { from: text(before.assignedTo), to: text(after.assignedTo) } }
        : { shape: leadHistoryShapes.assigned, values: { to: text(after.assignedTo) } };
    case "lead.assignee_mailed":
      return { shape: leadHistoryShapes.assigneeMailed, values: { to: text(after.assignedTo) } };
    case "lead.invited_to_sign_up":
      return { shape: leadHistoryShapes.invited, values: {} };
    case "lead.merged": {
      const merged = (after.merged ?? {}) as Record<string, unknown>;
      return {
        shape: leadHistoryShapes.merged,
        values: { lead: text(after.mergedLeadId), name: text(merged.name), email: text(merged.email) },
      };
    }
    case "bookings.erased":
      return { shape: leadHistoryShapes.erased, values: { count: text(after.bookings), reason: text(after.reason) } };
    default:
      return { shape: leadHistoryShapes.other, values: { action: entry.action } };
  }
}
