import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { metaT, type Translator, useT } from "~/lib/i18n";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: `${t("FAQ")} | Ignite` },
    {
      name: "description",
      content: t(
        "Answers to common questions about applying to universities abroad with Ignite: timing, application packages and entry requirements.",
      ),
    },
  ];
};

type FaqItem = { question: string; answer: ReactNode };

/** The questions and answers in the visitor's language. */
const faqItems = (t: Translator["t"]): FaqItem[] => [
  {
    question: t("When is the best time to apply?"),
    answer: (
      <>
        <p>
          {t(
            "Start at least one year before the intake you are aiming for. Most universities open applications nine to twelve months ahead, popular courses fill early, and scholarship deadlines often come before the course deadline.",
          )}
        </p>
        <p className="mb-0">
          {t(
            "Starting early also leaves time for English tests, document attestation, education loans and the student visa, which can take several weeks on its own.",
          )}
        </p>
      </>
    ),
  },
  {
    question: t("What is an application package?"),
    answer: (
      <>
        <p>
          {t(
            "An application package is the complete set of documents a university asks for to assess your application. It usually contains:",
          )}
        </p>
        <ul>
          <li>{t("the completed application form for the course;")}</li>
          <li>{t("academic transcripts and mark sheets (10th, 12th and, for postgraduate courses, your bachelor's degree);")}</li>
          <li>{t("a statement of purpose (SOP) explaining why you chose the course, the university and the country;")}</li>
          <li>{t("letters of recommendation (LORs) from teachers or employers;")}</li>
          <li>{t("a CV or résumé;")}</li>
          <li>{t("test scores, such as IELTS, TOEFL, PTE, GRE or GMAT, where the course asks for them;")}</li>
          <li>{t("a copy of your passport;")}</li>
          <li>
            {t(
              "financial documents showing how you will pay tuition fees and living costs, such as bank statements or a loan sanction letter.",
            )}
          </li>
        </ul>
        <p className="mb-0">
          {t(
            "Requirements differ between universities and countries. Your Ignite counsellor checks each package against the university's list before it is submitted.",
          )}
        </p>
      </>
    ),
  },
  {
    question: t("What are the entry requirements?"),
    answer: (
      <p className="mb-0">
        {t(
          "Entry requirements vary by university, course and country. Details for this section will be added soon. In the meantime, please contact our counsellors for guidance on the course you are interested in.",
        )}
      </p>
    ),
  },
  {
    question: t("What if I do not have the minimum qualification?"),
    answer: (
      <p className="mb-0">
        {t(
          "There may still be options available to you. Details for this section will be added soon. In the meantime, please speak to one of our counsellors about your situation.",
        )}
      </p>
    ),
  },
];

export default function Faq() {
  const { t } = useT();
  const items = faqItems(t);
  // The first answer starts open so it can be read before the page's script loads.
  const [openIndex, setOpenIndex] = useState<number | null>(0);

  return (
    <div className="container py-5">
      <h1 className="mb-4">{t("Frequently Asked Questions")}</h1>
      <div className="accordion" id="faq-accordion">
        {items.map((item, index) => {
          const open = openIndex === index;
          const headingId = `faq-heading-${index}`;
          const panelId = `faq-panel-${index}`;
          return (
            <div className="accordion-item" key={headingId}>
              <h2 className="accordion-header" id={headingId}>
                <button
                  className={open ? "accordion-button" : "accordion-button collapsed"}
                  type="button"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpenIndex(open ? null : index)}
                >
                  {item.question}
                </button>
              </h2>
              {/* A named section is a region landmark, as in Bootstrap's role="region" markup. */}
              <section
                id={panelId}
                className={open ? "accordion-collapse collapse show" : "accordion-collapse collapse"}
                aria-labelledby={headingId}
              >
                <div className="accordion-body">{item.answer}</div>
              </section>
            </div>
          );
        })}
      </div>
      <p className="mt-4 mb-0">
        {t("Still have a question?")} <Link to="/contact-us">{t("Contact us")}</Link> {t("or")}{" "}
        <Link to="/services/free-consultation">{t("book a free consultation")}</Link>.
      </p>
    </div>
  );
}
