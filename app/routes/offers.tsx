import { Form, Link, useNavigation } from "react-router";
import { RateNote } from "~/components/rupees";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../modules/ids.ts";
import { formatLongDate, formatMoney, formatRupees } from "../../vocabulary/costs.ts";
import { conditionStateLabels, offerKindLabels, offerMessages, offerStateLabels } from "../../vocabulary/offers.ts";
import type { Route } from "./+types/offers";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Your offers")} | Ignite` }];

/** The student's offers side by side: what each really costs in rupees beside the funding plan, and the replies (decisions 0078-0081). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  return orRouteError(
    (async () => {
      const [offers, awaiting] = await Promise.all([
        context.offers.list(student.studentId),
        // Letters the student uploaded, not compared until the counsellor confirms them (decision 0092).
        context.offers.awaiting(student.studentId),
      ]);
      const currencies = offers.flatMap((o) => o.cost.lines.map((l) => l.currency)).filter((c) => c !== "INR");
      return {
        offers,
        awaiting: awaiting.map((a) => ({
          applicationId: a.applicationId,
          university: a.university,
          course: a.course,
          country: a.country,
          letter: a.letter ? { name: a.letter.name, url: a.letter.url } : null,
        })),
        rates: currencies.length ? await context.costs.ratesFor(currencies) : [],
      };
    })(),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(async () => {
    const offer = await context.offers.reply(student.studentId, parseId(form.offer, "Offer"), {
      reply: form.reply,
      reason: form.reason,
    });
    const message =
      offer.state === "accepted" ? offerMessages.accepted : offer.state === "held" ? offerMessages.held : offerMessages.declined;
    return { ok: true as const, message, offer: offer.id };
  }, form);
}

const stateTone = {
  open: "text-bg-warning",
  accepted: "text-bg-success",
  held: "text-bg-info",
  declined: "text-bg-secondary",
} as const;

export default function Offers({ loaderData, actionData }: Route.ComponentProps) {
  const { offers, awaiting, rates } = loaderData;
  const { t, day } = useT();
  // A source's date is a day ("28 November 2026") or, for a yearly figure, its year as the source gives it.
  const dated = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? day(date, formatLongDate) : date);
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData ? { ok: actionData.ok, message: t(actionData.message) } : undefined);
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const rupees = (n: number | null) => (n === null ? t("No rupee figure") : formatRupees(n));
  return (
    <div className="container py-4">
      <p className="mb-2">
        <Link to="/user/applications">← {t("Applications")}</Link>
      </p>
      <h1 className="h2 mb-2">{t("Your offers")}</h1>
      <p>
        {t("Each offer's whole cost in rupees, what your funding plan covers and what is short.")}{" "}
        <Link to="/user/funding">{t("Your funding plan")}</Link>
      </p>
      {awaiting.length > 0 && (
        <section aria-labelledby="awaiting-heading" className="mb-4" data-testid="offers-awaiting">
          <h2 id="awaiting-heading" className="h5">
            {t(offerMessages.awaitingHeading)}
          </h2>
          <p className="small text-body-secondary">{t(offerMessages.awaitingHint)}</p>
          <ul className="list-group">
            {awaiting.map((a) => (
              <li key={a.applicationId} className="list-group-item" data-testid="offer-awaiting">
                <Link to={`/user/applications/${a.applicationId}`} className="fw-semibold">
                  {a.university}
                </Link>
                <div className="small">
                  {a.course}, {t(a.country)}
                  {a.letter && (
                    <>
                      {" "}
                      ·{" "}
                      <a href={a.letter.url} target="_blank" rel="noopener">
                        {a.letter.name}
                      </a>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {offers.length === 0 && awaiting.length === 0 && (
        <p className="alert alert-info">
          {t("No offers yet. Your counsellor records each offer when the letter arrives.")}{" "}
          {t("You can also upload the letter on your application's page.")}
        </p>
      )}
      <div className="row g-3">
        {offers.map((offer) => {
          const titleId = `offer-${offer.id}`;
          const mayReply = !offer.replyClosed && (offer.state === "open" || offer.state === "held");
          const refused = refusal && refusal.values.offer === String(offer.id) ? refusal : undefined;
          return (
            <section key={offer.id} className="col-12 col-lg-6" aria-labelledby={titleId} data-testid="offer">
              <div className="card h-100">
                <div className="card-body">
                  <h2 id={titleId} className="h5 mb-1">
                    {offer.application.university}
                  </h2>
                  <p className="text-body-secondary mb-2">
                    {offer.application.course}, {offer.application.country}
                  </p>
                  <p className="mb-2">
                    <span className={`badge ${stateTone[offer.state]}`} data-testid="offer-state">
                      {t(offerStateLabels[offer.state])}
                    </span>{" "}
                    <span className="badge text-bg-light">{t(offerKindLabels[offer.kind])}</span>
                  </p>
                  <p className="mb-2" data-testid="reply-by">
                    {t("Reply by {day}", { day: day(offer.replyBy, formatLongDate) })}
                    {offer.replyClosed && <span className="text-danger"> · {t("The reply date has passed")}</span>}
                  </p>
                  {offer.conditions.length > 0 && (
                    <>
                      <h3 className="h6">{t("Conditions")}</h3>
                      <ul className="small">
                        {offer.conditions.map((c) => (
                          <li key={c.text}>
                            {c.text}: <strong>{t(conditionStateLabels[c.state])}</strong>
                            {c.dueOn && <> ({t("due {day}", { day: day(c.dueOn, formatLongDate) })})</>}
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                  {offer.deposit && (
                    <p className="small mb-2">
                      {t("Deposit: {amount}", { amount: formatMoney(offer.deposit.amount, offer.deposit.currency) })}
                      {offer.deposit.dueOn && <> · {t("due {day}", { day: day(offer.deposit.dueOn, formatLongDate) })}</>}
                    </p>
                  )}
                  {offer.scholarship?.renewableOn && (
                    <p className="small mb-2">
                      {t("Scholarship renewable on: {terms}", { terms: offer.scholarship.renewableOn })}
                    </p>
                  )}
                  <h3 className="h6">{t("Whole cost")}</h3>
                  <div className="table-responsive">
                    <table className="table table-sm small mb-2" data-testid="cost">
                      <thead>
                        <tr>
                          <th scope="col">{t("Item")}</th>
                          <th scope="col" className="text-end">
                            {t("Amount")}
                          </th>
                          <th scope="col" className="text-end">
                            ₹
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {offer.cost.lines.map((line) => (
                          <tr key={`${line.key}-${line.label}`}>
                            <th scope="row" className="fw-normal">
                              {t(line.label)}
                              <br />
                              <span className="text-body-secondary">
                                {line.reckoning}. {t("Source: {source}", { source: line.source })}
                                {line.sourceDate && !line.estimate ? ` (${dated(line.sourceDate)})` : ""}
                                {line.estimate
                                  ? ` · ${line.sourceDate ? t("an estimate as of {date}, not a quote", { date: dated(line.sourceDate) }) : t("an estimate, not a quote")}`
                                  : ""}
                              </span>
                            </th>
                            <td className="text-end text-nowrap">{formatMoney(line.amount, line.currency)}</td>
                            <td className="text-end text-nowrap">{rupees(line.rupees)}</td>
                          </tr>
                        ))}
                        {/* An online course's costs abroad, named and not counted (decision 0081's amendment). */}
                        {offer.cost.notNeeded.map((key) => (
                          <tr key={`not-needed-${key}`} data-testid="not-needed">
                            <th scope="row" className="fw-normal">
                              {key === "living"
                                ? t("Living costs abroad")
                                : key === "visa"
                                  ? t("Student visa and health charges")
                                  : t("Flight to the country")}
                            </th>
                            <td colSpan={2} className="text-end text-body-secondary">
                              {t("Not needed: online course, studied from home")}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                      <tfoot>
                        <tr>
                          <th scope="row">{t("Total")}</th>
                          <td />
                          <td className="text-end fw-semibold" data-testid="total">
                            {rupees(offer.cost.totalRupees)}
                          </td>
                        </tr>
                        <tr>
                          <th scope="row" className="fw-normal">
                            {t("Your funding plan covers")}
                          </th>
                          <td />
                          <td className="text-end" data-testid="covered">
                            {offer.cost.coveredRupees === null ? t("No plan yet") : formatRupees(offer.cost.coveredRupees)}
                          </td>
                        </tr>
                        <tr>
                          <th scope="row">{t("Short")}</th>
                          <td />
                          <td className="text-end fw-semibold" data-testid="short">
                            {offer.cost.shortRupees === null ? "–" : formatRupees(offer.cost.shortRupees)}
                          </td>
                        </tr>
                      </tfoot>
                    </table>
                  </div>
                  {/* Each scholarship counted once (decision 0111): why a source of the plan is not in what it covers. */}
                  {offer.cost.fundingNotCounted.map((source) => {
                    const amount =
                      source.currency === "INR" ? formatRupees(source.amount) : formatMoney(source.amount, source.currency);
                    return (
                      <p key={`${source.reason}-${amount}`} className="small alert alert-info py-1" data-testid="not-counted">
                        {source.reason === "this-offer"
                          ? t(
                              "Counted once: the scholarship of {amount} in your funding plan is this offer's scholarship, already taken off the fees.",
                              { amount },
                            )
                          : t(
                              "Not counted for this offer: the scholarship of {amount} in your funding plan is the one on your offer from {university}, paid only if you go there.",
                              { amount, university: source.university ?? "" },
                            )}
                      </p>
                    );
                  })}
                  {offer.cost.scholarshipCapped && (
                    <p className="small alert alert-info py-1">
                      {t("The scholarship is larger than the tuition: it is counted up to the tuition only.")}
                    </p>
                  )}
                  {offer.cost.missing.length > 0 && (
                    <p className="small alert alert-warning py-1" data-testid="missing-costs">
                      {offer.cost.missing.length > 1
                        ? t(
                            "This total leaves out living costs and the visa charges: we have no figures for {country} yet, so it does not say what is short.",
                            { country: offer.application.country },
                          )
                        : offer.cost.missing[0] === "living"
                          ? t(
                              "This total leaves out living costs: we have no figures for {country} yet, so it does not say what is short.",
                              { country: offer.application.country },
                            )
                          : t(
                              "This total leaves out the visa charges: we have no visa guide for {country} yet, so it does not say what is short.",
                              { country: offer.application.country },
                            )}
                    </p>
                  )}
                  {offer.cost.noRate.map((currency) => (
                    <p key={currency} className="small alert alert-warning py-1" data-testid="no-rate">
                      {t(offerMessages.noRate(currency))}
                    </p>
                  ))}
                  {offer.cost.toConfirm.length > 0 && (
                    <p className="small text-body-secondary">
                      {t("Not counted until confirmed on the official page: {charges}", {
                        charges: offer.cost.toConfirm.map((c) => `${c.label} ${formatMoney(c.amount, c.currency)}`).join("; "),
                      })}
                    </p>
                  )}
                  {offer.state === "declined" && offer.declineReason && (
                    <p className="small">{t("You declined: {reason}", { reason: offer.declineReason })}</p>
                  )}
                  {mayReply && (
                    <Form
                      method="post"
                      className="border-top pt-2"
                      aria-label={t("Reply to {university}", { university: offer.application.university })}
                    >
                      <input type="hidden" name="offer" value={offer.id} />
                      {refused && (
                        <p className="alert alert-danger py-1 small" role="alert">
                          {t(refused.message)}
                        </p>
                      )}
                      <fieldset className="mb-2">
                        <legend className="h6">{t("Your reply")}</legend>
                        {(offer.state === "open" || offer.state === "held") && (
                          <div className="form-check">
                            <input
                              className="form-check-input"
                              type="radio"
                              name="reply"
                              value="accept"
                              id={`accept-${offer.id}`}
                            />
                            <label className="form-check-label" htmlFor={`accept-${offer.id}`}>
                              {t("Accept (my firm choice)")}
                            </label>
                          </div>
                        )}
                        {offer.backupAllowed && offer.state === "open" && (
                          <div className="form-check">
                            <input className="form-check-input" type="radio" name="reply" value="hold" id={`hold-${offer.id}`} />
                            <label className="form-check-label" htmlFor={`hold-${offer.id}`}>
                              {t("Hold as my backup")}
                            </label>
                          </div>
                        )}
                        <div className="form-check">
                          <input
                            className="form-check-input"
                            type="radio"
                            name="reply"
                            value="decline"
                            id={`decline-${offer.id}`}
                          />
                          <label className="form-check-label" htmlFor={`decline-${offer.id}`}>
                            {t("Decline")}
                          </label>
                        </div>
                      </fieldset>
                      <div className="mb-2">
                        <label className="form-label small" htmlFor={`reason-${offer.id}`}>
                          {t("Why you are declining (if you decline)")}
                        </label>
                        <textarea
                          className={`form-control form-control-sm${refused?.fields.reason ? " is-invalid" : ""}`}
                          id={`reason-${offer.id}`}
                          name="reason"
                          rows={2}
                          maxLength={500}
                          defaultValue={refused?.values.reason ?? ""}
                        />
                      </div>
                      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                        {t("Send my reply")}
                      </button>
                    </Form>
                  )}
                </div>
              </div>
            </section>
          );
        })}
      </div>
      <div className="mt-3">
        <RateNote rates={rates} />
      </div>
    </div>
  );
}
