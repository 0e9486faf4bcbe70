import { useState } from "react";
import { Link } from "react-router";
import { Flag, useFlagSprite } from "~/components/flag";
import { metaT, type Translator, useT } from "~/lib/i18n";
import { CARDS_PER_STRIP, homeStrips } from "../../vocabulary/catalogue.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("Ignite - Your academic Journey") },
    {
      name: "description",
      content: t(
        "Study abroad guidance for Indian students: courses, countries, universities, visa help and scholarships, with no middleman commission.",
      ),
    },
  ];
};

const infoCards = (
  t: Translator["t"],
  destinations: number,
): { title: string; text: string; link?: { to: string; label: string } }[] => [
  {
    title: t("Courses for you"),
    // The figure is the Countries page's own list, counted (decision 0051), never a number written here.
    text: t(
      "Find programmes that match your marks, budget and goals across {count, plural, one {# study destination} other {# study destinations}}.",
      { count: destinations },
    ),
  },
  {
    title: t("Get your visa"),
    text: t("Document checklists and mock visa interviews with counsellors who have done it before."),
    link: { to: "/visa", label: t("Visa help") },
  },
  {
    title: t("Scholarships"),
    text: t("We point you to the scholarships and fee waivers you are eligible for."),
    link: { to: "/scholarships", label: t("See scholarships") },
  },
];

type StripCard = { key: string; country: string; name: string; image: string; href?: string };

/** The spec's strips of four static cards each (spec section 2), shown while admins feature no university there. */
const staticCard = (country: string, name: string, image: number): StripCard => ({
  key: name,
  country,
  name,
  image: `/images/universities/${image}.svg`,
});
const staticStrips: StripCard[][] = [
  [
    staticCard("USA", "Massachusetts Institute of Technology", 101),
    staticCard("UK", "University of Oxford", 102),
    staticCard("Germany", "Technical University of Munich", 103),
    staticCard("Ireland", "Trinity College Dublin", 104),
  ],
  [
    staticCard("Australia", "University of Melbourne", 105),
    staticCard("France", "Sorbonne University", 106),
    staticCard("Netherlands", "University of Amsterdam", 107),
    staticCard("Singapore", "National University of Singapore", 108),
  ],
];

/**
 * The universities admins featured (decision 0019): places 1 to 4 fill the first strip, 5 to 8 the second,
 * each card linking to the university; a strip with none featured keeps the spec's static cards.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [featured, countries, { homeVideo }] = await Promise.all([
    context.catalogue.featuredUniversities(),
    context.catalogue.listCountries(),
    context.publicSettings(),
  ]);
  return {
    /** None until an admin sets one (decision 0053). */
    homeVideo,
    destinations: countries.length,
    strips: homeStrips.map((title, index) => {
      const mine = featured.filter((u) => Math.ceil(u.place / CARDS_PER_STRIP) === index + 1);
      const cards: StripCard[] = mine.map((u) => ({
        key: String(u.id),
        country: u.country.name,
        name: u.name,
        image: u.image,
        href: `/${u.country.slug}/universities/${u.id}`,
      }));
      return { title, cards: cards.length > 0 ? cards : (staticStrips[index] ?? []) };
    }),
  };
}

/** The spec's four flags, linking with its own spelling: /Germany/universities, /UK/universities... */
const majorCountries = [
  { label: "Germany", code: "de" },
  { label: "Ireland", code: "ie" },
  { label: "France", code: "fr" },
  { label: "UK", code: "gb" },
];

/**
 * The video an admin set (decision 0053) is a poster until clicked: no third-party request on first
 * load, and then only to the privacy-enhanced youtube-nocookie.com the page's CSP allows.
 */
function IntroVideo({ videoId }: { videoId: string }) {
  const { t } = useT();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        className="video-frame rounded"
        src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1`}
        title={t("How Ignite works (video)")}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return (
    <button
      type="button"
      className="video-poster rounded d-flex flex-column align-items-center justify-content-center"
      onClick={() => setPlaying(true)}
    >
      <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="rgba(255,255,255,0.9)" />
        <path d="M26 20l20 12-20 12z" fill="#c2410c" />
      </svg>
      <span className="mt-2 fw-semibold">{t("Play video: how Ignite works")}</span>
    </button>
  );
}

function UniversityStrip({ title, items }: { title: string; items: StripCard[] }) {
  const { t } = useT();
  return (
    <section className="container py-4" aria-labelledby={`${title}-heading`.replace(/\s+/g, "-")}>
      <div className="d-flex justify-content-between align-items-baseline flex-wrap gap-2 mb-3">
        <h2 id={`${title}-heading`.replace(/\s+/g, "-")} className="h3 mb-0">
          {t(title)}
        </h2>
        <Link to="/universities">{t("View all University")}</Link>
      </div>
      <div className="d-flex flex-wrap flex-lg-nowrap gap-3 justify-content-center justify-content-lg-between">
        {items.map((u) => {
          const card = (
            <>
              <img className="card-img-top university-image" src={u.image} alt="" width={400} height={240} loading="lazy" />
              <div className="card-body">
                <p className="small text-body-secondary mb-1">{t("In {country}", { country: u.country })}</p>
                <h3 className="h6 mb-0">{u.name}</h3>
              </div>
            </>
          );
          return u.href ? (
            <Link key={u.key} to={u.href} className="card static-card text-decoration-none text-reset">
              {card}
            </Link>
          ) : (
            <div key={u.key} className="card static-card">
              {card}
            </div>
          );
        })}
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const [major, popular] = loaderData.strips;
  const { homeVideo } = loaderData;
  const { t } = useT();
  const flags = useFlagSprite(majorCountries.map((c) => c.code));
  return (
    <>
      <section className="hero py-5">
        <div className="container py-lg-4">
          <p className="text-uppercase small fw-semibold mb-2">{t("For scholars, with no middleman commission")}</p>
          <h1 className="display-5 fw-bold">{t("Ignite - Your academic Journey")}</h1>
          <p className="lead col-lg-7">
            {t(
              "Choose the right course, country and university, apply with confidence, and get help with your visa and scholarships.",
            )}
          </p>
          <Link to="/services/free-consultation" className="btn btn-light btn-lg fw-semibold">
            {t("Book Your Free Consultation")}
          </Link>
        </div>
      </section>

      <section className="container py-5" aria-label={t("What we do")}>
        <div className="d-flex flex-wrap gap-3 justify-content-center">
          {infoCards(t, loaderData.destinations).map((card) => (
            <div key={card.title} className="card info-card shadow-sm">
              <div className="card-body">
                <h2 className="h5 card-title">{card.title}</h2>
                <p className="card-text">{card.text}</p>
                {card.link && (
                  <Link to={card.link.to} className="card-link">
                    {card.link.label}
                  </Link>
                )}
              </div>
            </div>
          ))}
        </div>
      </section>

      <section className="container py-4">
        <div className="row g-4 align-items-center">
          {homeVideo && (
            <div className="col-lg-6">
              <IntroVideo videoId={homeVideo} />
            </div>
          )}
          <div className={homeVideo ? "col-lg-6" : "col-12"}>
            <h2 className="h3">{t("How it works")}</h2>
            <ol className="mb-0">
              <li>{t("Book a free consultation and tell us about your marks, budget and plans.")}</li>
              <li>{t("Your counsellor shortlists courses and universities that fit you.")}</li>
              <li>{t("We help you prepare your documents, SOP and applications.")}</li>
              <li>{t("Get visa guidance, mock visa interviews and scholarship advice until you fly.")}</li>
            </ol>
          </div>
        </div>
      </section>

      <section className="container py-4" aria-labelledby="major-countries">
        <div className="d-flex justify-content-between align-items-baseline flex-wrap gap-2 mb-3">
          <h2 id="major-countries" className="h3 mb-0">
            {t("Major Countries")}
          </h2>
          <Link to="/countries">{t("View all Countries")}</Link>
        </div>
        <div className="row row-cols-2 row-cols-md-4 g-3 text-center">
          {majorCountries.map((country) => (
            <div className="col" key={country.label}>
              <Link to={`/${country.label}/universities`} className="flag-link d-block text-decoration-none">
                <Flag sprite={flags} code={country.code} width={250} height={188} className="rounded shadow-sm" />
                <span className="d-block mt-2 fw-semibold">{country.label}</span>
              </Link>
            </div>
          ))}
        </div>
      </section>

      {major && <UniversityStrip title={major.title} items={major.cards} />}

      <section className="container py-4" aria-labelledby="about-us">
        <h2 id="about-us" className="h3">
          {t("About Us")}
        </h2>
        <p>
          {t(
            "Ignite is a study-abroad guidance team from Kochi, Kerala. We have helped students from across India find courses, prepare applications and get their visas, and we never take a commission from universities for sending you to them: our advice is about what fits you.",
          )}
        </p>
      </section>

      {popular && <UniversityStrip title={popular.title} items={popular.cards} />}
    </>
  );
}
