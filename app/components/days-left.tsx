import { useT } from "~/lib/i18n";

/**
 * How near a dated thing is (decision 0059): "today", "tomorrow" or "in N days" in India days, red at two
 * days or fewer, amber within two weeks. The Deadlines screen and the student's home show it alike.
 */
export function DaysLeft({ days }: { days: number }) {
  const { t } = useT();
  const tone = days <= 2 ? "danger" : days <= 14 ? "warning" : "secondary";
  return (
    <span className={`badge text-bg-${tone}`} data-testid="days-left">
      {days === 0 ? t("today") : days === 1 ? t("tomorrow") : t("in {days} days", { days })}
    </span>
  );
}
