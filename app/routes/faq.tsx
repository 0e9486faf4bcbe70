import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = () => [
  { title: "FAQ | Ignite" },
  {
    name: "description",
    content:
      "Answers to common questions about applying to universities abroad with Ignite: timing, application packages and entry requirements.",
  },
];

type FaqItem = { question: string; answer: ReactNode };

const items: FaqItem[] = [
  {
    question: "When is the best time to apply?",
    answer: (
      <>
        <p>
          Start at least one year before the intake you are aiming for. Most universities open applications nine to twelve months
          ahead, popular courses fill early, and scholarship deadlines often come before the course deadline.
        </p>
        <p className="mb-0">
          Starting early also leaves time for English tests, document attestation, education loans and the student visa, which can
          take several weeks on its own.
        </p>
      </>
    ),
  },
  {
    question: "What is an application package?",
    answer: (
      <>
        <p>
          An application package is the complete set of documents a university asks for to assess your application. It usually
          contains:
        </p>
        <ul>
          <li>the completed application form for the course;</li>
          <li>academic transcripts and mark sheets (10th, 12th and, for postgraduate courses, your bachelor&apos;s degree);</li>
          <li>a statement of purpose (SOP) explaining why you chose the course, the university and the country;</li>
          <li>letters of recommendation (LORs) from teachers or employers;</li>
          <li>a CV or résumé;</li>
          <li>test scores, such as IELTS, TOEFL, PTE, GRE or GMAT, where the course asks for them;</li>
          <li>a copy of your passport;</li>
          <li>
            financial documents showing how you will pay tuition fees and living costs, such as bank statements or a loan sanction
            letter.
          </li>
        </ul>
        <p className="mb-0">
          Requirements differ between universities and countries. Your Ignite counsellor checks each package against the
          university&apos;s list before it is submitted.
        </p>
      </>
    ),
  },
  {
    question: "What are the entry requirements?",
    answer: (
      <p className="mb-0">
        Entry requirements vary by university, course and country. Details for this section will be added soon. In the meantime,
        please contact our counsellors for guidance on the course you are interested in.
      </p>
    ),
  },
  {
    question: "What if I do not have the minimum qualification?",
    answer: (
      <p className="mb-0">
        There may still be options available to you. Details for this section will be added soon. In the meantime, please speak to
        one of our counsellors about your situation.
      </p>
    ),
  },
];

export default function Faq() {
  // The first answer starts open so it can be read before the page's script loads.
  const [openIndex, setOpenIndex] = useState<number | null>(0);

  return (
    <div className="container py-5">
      <h1 className="mb-4">Frequently Asked Questions</h1>
      <div className="accordion" id="faq-accordion">
        {items.map((item, index) => {
          const open = openIndex === index;
          const headingId = `faq-heading-${index}`;
          const panelId = `faq-panel-${index}`;
          return (
            <div className="accordion-item" key={item.question}>
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
        Still have a question? <Link to="/contact-us">Contact us</Link> or{" "}
        <Link to="/services/free-consultation">book a free consultation</Link>.
      </p>
    </div>
  );
}
