import { Link } from "react-router";
import { Flag, useFlagSprite } from "~/components/flag";
import { metaT, useT } from "~/lib/i18n";
import type { Route } from "./+types/visa";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: `${t("Visa help")} | Ignite` },
    {
      name: "description",
      content: t(
        "Student visa guides for the destinations Indian students choose most, with official fees and funds, and mock visa interviews.",
      ),
    },
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  return { guides: await context.visas.guides(), signedIn: context.student !== null };
}

/** Visa help (decision 0040): the guides by destination, the plan on an application, and interview practice. */
export default function Visa({ loaderData }: Route.ComponentProps) {
  const { guides, signedIn } = loaderData;
  const { t, language } = useT();
  const flags = useFlagSprite(guides.map((g) => g.code));
  return (
    <div className="container py-4">
      <h1 className="h2 mb-3">{t("Visa help")}</h1>
      <p className="lead">
        {t(
          "How to apply for your student visa, step by step, with the official fees and the funds to show. Every figure says where it comes from and when we checked it.",
        )}
      </p>
      <section aria-labelledby="guides" className="mb-5">
        <h2 id="guides" className="h4">
          {t("Visa guides by destination")}
        </h2>
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3">
          {guides.map((g) => (
            <li className="col" key={g.slug}>
              <Link to={`/visa/${g.slug}`} className="card h-100 text-decoration-none">
                <div className="card-body d-flex align-items-center gap-3">
                  <Flag sprite={flags} code={g.code} width={40} height={30} className="rounded border" />
                  <span>
                    <span className="d-block fw-semibold">{g.country}</span>
                    <span className="d-block small text-body-secondary">{g.visaName[language]}</span>
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
        <p className="small text-body-secondary">
          {t("Going somewhere else? Your counsellor will confirm the visa's steps, fees and funds with you.")}{" "}
          <Link to="/services/free-consultation">{t("Book a free consultation")}</Link>
        </p>
      </section>
      <section aria-labelledby="plan" className="mb-5">
        <h2 id="plan" className="h4">
          {t("Your visa plan")}
        </h2>
        <p>
          {t(
            "When the university's papers arrive (I-20, CAS, CoE or admission letter), your application gets a visa plan: the steps with their dates, the documents the visa needs, and a funds check that says plainly what is short.",
          )}
        </p>
        <Link to="/user/applications" className="btn btn-outline-primary">
          {t("See your applications")}
        </Link>
      </section>
      <section aria-labelledby="practice" className="mb-4">
        <h2 id="practice" className="h4">
          {t("Mock visa interviews")}
        </h2>
        <p>
          {t(
            "Practise a short, timed interview with questions chosen from your own file. Speak or type each answer and see at once what you covered, what officers worry about, and where your answer does not match your papers. Share it with your counsellor for a review.",
          )}
        </p>
        <Link to="/visa/practice" className="btn btn-primary">
          {signedIn ? t("Practise an interview") : t("Log in to practise")}
        </Link>
      </section>
    </div>
  );
}
