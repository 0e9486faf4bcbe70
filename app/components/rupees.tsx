import { formatDuration } from "../../modules/catalogue/format.ts";
import type { DegreeCost, ExchangeRate } from "../../modules/costs/costs.ts";
import { atTheRateOf, costMessages, formatMoney, formatRupees } from "../../vocabulary/costs.ts";

/** A fee's approximate amount in rupees from the page's rates ("≈ ₹1,33,400"), or null without its currency's rate. */
export function approxRupees(amount: number, currency: string, rates: readonly ExchangeRate[]): string | null {
  const rate = rates.find((r) => r.currency === currency.toUpperCase());
  return rate ? `≈ ${formatRupees(amount * rate.rupeesPerUnit)}` : null;
}

/**
 * Under a page's rupee amounts: "Rupee amounts are approximately, at the rate of 2 January 2025 (EUR:
 * RBI reference rate)", one line for each day and source the page used.
 */
export function RateNote({ rates }: { rates: readonly ExchangeRate[] }) {
  if (rates.length === 0) return null;
  const groups = new Map<string, string[]>();
  for (const rate of rates) {
    const key = `${rate.rateDate}|${rate.source}`;
    groups.set(key, [...(groups.get(key) ?? []), rate.currency]);
  }
  return (
    <p className="small text-body-secondary" data-testid="rate-note">
      Rupee amounts (₹) are{" "}
      {[...groups.entries()].map(([key, currencies], i) => {
        const [date = "", source] = key.split("|");
        return (
          <span key={key}>
            {i > 0 && "; "}
            {atTheRateOf(date)} ({currencies.join(", ")}: {source})
          </span>
        );
      })}
      .
    </p>
  );
}

const periodWords = { year: "a year", semester: "a semester", total: "in total" } as const;

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
  const { tuition, living } = cost;
  const duration = formatDuration(durationMonths);
  const tuitionHow =
    tuition.period === "total"
      ? `${formatMoney(tuition.perPeriod, tuition.currency)} for the course`
      : `${formatMoney(tuition.perPeriod, tuition.currency)} ${periodWords[tuition.period]} over ${duration}`;
  const rupees = (part: { rupees: number | null; currency: string }) =>
    part.rupees === null ? costMessages.noRate(part.currency) : formatRupees(part.rupees);
  const rates = [tuition.rate, living?.rate].filter((r): r is ExchangeRate => Boolean(r));
  const unique = rates.filter((r, i) => rates.findIndex((o) => o.currency === r.currency) === i);
  return (
    <section aria-labelledby="degree-cost" className="mb-4">
      <h2 id="degree-cost" className="h4">
        Estimated total cost of the degree
      </h2>
      <div className="table-responsive">
        <table className="table table-sm align-middle" style={{ maxWidth: "48rem" }}>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col" className="text-end">
                In its currency
              </th>
              <th scope="col" className="text-end">
                In rupees (approx.)
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className="fw-normal">
                Tuition: {tuitionHow}
              </th>
              <td className="text-end">{formatMoney(tuition.amount, tuition.currency)}</td>
              <td className="text-end">{rupees(tuition)}</td>
            </tr>
            <tr>
              <th scope="row" className="fw-normal">
                {living ? (
                  <>
                    Living costs in {country}: {formatMoney(living.perYear, living.currency)} a year over {duration}
                    <br />
                    <span className="small text-body-secondary">
                      Source: {living.source}, {living.year}
                    </span>
                  </>
                ) : (
                  <>Living costs: {cost.livingLeftOut === "online" ? costMessages.onlineNoLiving : costMessages.noLivingCost}</>
                )}
              </th>
              <td className="text-end">{living ? formatMoney(living.amount, living.currency) : "—"}</td>
              <td className="text-end">{living ? rupees(living) : "—"}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Estimated total</th>
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
