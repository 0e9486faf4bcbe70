import { useT } from "~/lib/i18n";
import type { DegreeCost, ExchangeRate } from "../../modules/costs/costs.ts";
import { costMessages, formatLongDate, formatMoney, formatRupees } from "../../vocabulary/costs.ts";

/** A fee's approximate amount in rupees from the page's rates ("≈ ₹1,33,400"), or null without its currency's rate. */
export function approxRupees(amount: number, currency: string, rates: readonly ExchangeRate[]): string | null {
  const rate = rates.find((r) => r.currency === currency.toUpperCase());
  return rate ? `≈ ${formatRupees(amount * rate.rupeesPerUnit)}` : null;
}

/**
 * Under a page's rupee amounts: "Rupee amounts (₹) are worked out approximately, at the rate of 8 May 2026 (EUR:
 * European Central Bank euro reference rate for INR)", one line for each day and source the page used.
 */
export function RateNote({ rates }: { rates: readonly ExchangeRate[] }) {
  const { t, day } = useT();
  if (rates.length === 0) return null;
  const groups = new Map<string, string[]>();
  for (const rate of rates) {
    const key = `${rate.rateDate}|${rate.source}`;
    groups.set(key, [...(groups.get(key) ?? []), rate.currency]);
  }
  return (
    <p className="small text-body-secondary" data-testid="rate-note">
      {t("Rupee amounts (₹) are worked out {rates}.", {
        rates: [...groups.entries()]
          .map(([key, currencies]) => {
            const [date = "", source] = key.split("|");
            // vocabulary/costs.ts's atTheRateOf, in the screen's language.
            const when = t("approximately, at the rate of {date}", { date: day(date, formatLongDate) });
            return `${when} (${currencies.join(", ")}: ${source})`;
          })
          .join("; "),
      })}
    </p>
  );
}

/** A course's estimated total (decision 0025): tuition and living costs, each in its currency and in rupees, then the sum. */
export function DegreeCostTable({
  cost,
  durationMonths,
  country,
}: {
  cost: DegreeCost;
  durationMonths: number;
  country: string;
}) {
  const { t, duration: inWords } = useT();
  const { tuition, living } = cost;
  const duration = inWords(durationMonths);
  const amount = formatMoney(tuition.perPeriod, tuition.currency);
  const tuitionHow =
    tuition.period === "total"
      ? t("{amount} for the course", { amount })
      : tuition.period === "year"
        ? t("{amount} a year over {duration}", { amount, duration })
        : t("{amount} a semester over {duration}", { amount, duration });
  const rupees = (part: { rupees: number | null; currency: string }) =>
    part.rupees === null ? t("No rupee rate for {currency} yet", { currency: part.currency }) : formatRupees(part.rupees);
  const rates = [tuition.rate, living?.rate].filter((r): r is ExchangeRate => Boolean(r));
  const unique = rates.filter((r, i) => rates.findIndex((o) => o.currency === r.currency) === i);
  return (
    <section aria-labelledby="degree-cost" className="mb-4">
      <h2 id="degree-cost" className="h4">
        {t("Estimated total cost of the degree")}
      </h2>
      <div className="table-responsive">
        <table className="table table-sm align-middle" style={{ maxWidth: "48rem" }}>
          <thead>
            <tr>
              <th scope="col">{t("Part")}</th>
              <th scope="col" className="text-end">
                {t("In its currency")}
              </th>
              <th scope="col" className="text-end">
                {t("In rupees (approx.)")}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className="fw-normal">
                {t("Tuition: {how}", { how: tuitionHow })}
              </th>
              <td className="text-end">{formatMoney(tuition.amount, tuition.currency)}</td>
              <td className="text-end">{rupees(tuition)}</td>
            </tr>
            <tr>
              <th scope="row" className="fw-normal">
                {living ? (
                  <>
                    {t("Living costs in {country}: {amount} a year over {duration}", {
                      country,
                      amount: formatMoney(living.perYear, living.currency),
                      duration,
                    })}
                    <br />
                    <span className="small text-body-secondary">
                      {t("Source: {source}, {year}", { source: living.source, year: living.year })}
                    </span>
                  </>
                ) : (
                  t("Living costs: {why}", {
                    why: t(cost.livingLeftOut === "online" ? costMessages.onlineNoLiving : costMessages.noLivingCost),
                  })
                )}
              </th>
              <td className="text-end">{living ? formatMoney(living.amount, living.currency) : "—"}</td>
              <td className="text-end">{living ? rupees(living) : "—"}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("Estimated total")}</th>
              <td />
              <td className="text-end fw-bold" data-testid="degree-total">
                {cost.totalRupees === null ? "—" : formatRupees(cost.totalRupees)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <RateNote rates={unique} />
    </section>
  );
}
