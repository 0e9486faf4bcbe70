import type { SlotDay } from "~/components/sessions-section";
import { indianDay } from "../../vocabulary/india-time.ts";

/**
 * Free times as a select shows them: grouped by their day in India (IST), each day's label and each
 * time written in the visitor's language. The option's value is the instant (ISO, UTC).
 */
export function slotDays(slots: Date[], locale: string): SlotDay[] {
  const dayLabel = new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "Asia/Kolkata" });
  const timeText = new Intl.DateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Asia/Kolkata",
  });
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const day = indianDay(slot);
    let group = days.at(-1);
    if (group?.day !== day) {
      group = { day, label: dayLabel.format(slot), times: [] };
      days.push(group);
    }
    group.times.push({ value: slot.toISOString(), text: timeText.format(slot) });
  }
  return days;
}
