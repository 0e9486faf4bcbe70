import { Link } from "react-router";
import { metaT, useT } from "~/lib/i18n";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: `${t("Contact Us")} | Ignite` },
    { name: "description", content: t("Call, e-mail or visit Ignite's study-abroad guidance office in Kochi, Kerala.") },
  ];
};

export function loader({ context }: Route.LoaderArgs) {
  return { site: context.site };
}

/** A tel: address keeps only the digits and a leading plus sign of the displayed number. */
function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("+") ? "+" : ""}${digits.replace(/\+/g, "")}`;
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { email, phone } = loaderData.site;
  const { t } = useT();

  return (
    <div className="container py-5">
      <h1 className="mb-3">{t("Contact Us")}</h1>
      <p className="lead mb-5">
        {t(
          "Have a question about studying abroad? Call us, write to us or visit our office in Kochi. Our counsellors are happy to help.",
        )}
      </p>
      <div className="row g-4">
        <section className="col-12 col-md-6 col-lg-4" aria-labelledby="contact-phone">
          <h2 id="contact-phone" className="h5">
            {t("Phone")}
          </h2>
          <p className="mb-0">
            <a href={telHref(phone)}>{phone}</a>
          </p>
        </section>
        <section className="col-12 col-md-6 col-lg-4" aria-labelledby="contact-email">
          <h2 id="contact-email" className="h5">
            {t("Email")}
          </h2>
          <p className="mb-0">
            <a href={`mailto:${email}`}>{email}</a>
          </p>
        </section>
        <section className="col-12 col-md-6 col-lg-4" aria-labelledby="contact-office">
          <h2 id="contact-office" className="h5">
            {t("Office")}
          </h2>
          <address className="mb-0">
            Ignite Overseas Education
            <br />
            2nd Floor, MG Road
            <br />
            Ernakulam, Kochi
            <br />
            Kerala 682016
            <br />
            India
          </address>
        </section>
        <section className="col-12 col-md-6 col-lg-4" aria-labelledby="contact-hours">
          <h2 id="contact-hours" className="h5">
            {t("Office hours")}
          </h2>
          <p className="mb-0">
            {t("Monday to Saturday: 9:30 am to 6:00 pm IST")}
            <br />
            {t("Closed on Sundays and public holidays")}
          </p>
        </section>
      </div>
      <p className="mt-5 mb-0">
        {t("Prefer to talk it through?")}{" "}
        <Link className="btn btn-primary ms-1" to="/services/free-consultation">
          {t("Book a free consultation")}
        </Link>
      </p>
    </div>
  );
}
