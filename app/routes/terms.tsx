import { Link } from "react-router";
import { LegalPage, LegalSection } from "~/components/legal-page";
import { metaT, useT } from "~/lib/i18n";
import type { ScreenHandle } from "~/root";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaT(matches)("Terms and Conditions")} | Ignite` },
  {
    name: "description",
    content: "The terms and conditions for using the Ignite website and its study-abroad guidance services.",
  },
];

/** The terms are shown without the header and footer (spec section 2). */
export const handle = { hideChrome: true } satisfies ScreenHandle;

export function loader({ context }: Route.LoaderArgs) {
  return { site: context.site };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData.site;
  const { t } = useT();

  return (
    <LegalPage
      title={t("Terms and Conditions")}
      lead={
        <>
          These terms govern your use of the Ignite website and services. By using the website you agree to them. If you do not
          agree, please do not use the website.
        </>
      }
    >
      <LegalSection id="terms-use" title="Use of the website" first>
        <p>
          The website is provided for your personal, non-commercial use in planning your studies abroad. You must be 18 years of
          age or over to use it, unless you do so under the supervision of a parent or legal guardian who accepts these terms on
          your behalf.
        </p>
        <p>
          You agree that the information you give us, including your personal details, academic records and documents, is
          accurate, complete and up to date, and that you will correct it if it changes.
        </p>
        <p>You agree not to:</p>
        <ul>
          <li>use the website for any unlawful or fraudulent purpose;</li>
          <li>submit false, forged or misleading information or documents;</li>
          <li>impersonate any person or misrepresent your connection with any person or institution;</li>
          <li>try to gain unauthorised access to the website, other accounts or our systems;</li>
          <li>upload viruses or any other harmful code, or interfere with the working of the website;</li>
          <li>copy, scrape or harvest content or data from the website by automated means;</li>
          <li>use the website to send spam or unsolicited advertising.</li>
        </ul>
      </LegalSection>

      <LegalSection id="terms-services" title="Services">
        <p>
          Ignite offers guidance on choosing courses, countries and universities, help with applications, visa support including
          mock visa interviews, and information on scholarships. Admission decisions are made by the universities and visa
          decisions by the authorities concerned; we cannot guarantee admission, a scholarship or a visa. Course, fee and
          university details on the website are given for guidance and may change; please confirm them with the university before
          you rely on them.
        </p>
      </LegalSection>

      <LegalSection id="terms-content" title="User content">
        <p>
          You keep ownership of the content you submit to us, such as documents, statements and messages. By submitting it, you
          grant Ignite a perpetual, worldwide, royalty-free, non-exclusive licence to use, copy, store and share that content as
          needed to provide our services, including sending it to the universities and authorities you apply to. You confirm that
          you have the right to submit it.
        </p>
      </LegalSection>

      <LegalSection id="terms-privacy" title="Privacy">
        <p>
          Our handling of your personal information is described in our <Link to="/privacy-policy">Privacy Policy</Link>, which
          forms part of these terms.
        </p>
      </LegalSection>

      <LegalSection id="terms-liability" title="Limitation of liability">
        <p>
          The website and its content are provided &quot;as is&quot;. To the fullest extent permitted by law, Ignite is not liable
          for any indirect, incidental or consequential loss arising from your use of the website or our services, including
          decisions made by universities, scholarship bodies or visa authorities, or interruptions to the website.
        </p>
      </LegalSection>

      <LegalSection id="terms-law" title="Governing law">
        <p>
          These terms are governed by the laws of [Jurisdiction], and any dispute arising from them is subject to the exclusive
          jurisdiction of the courts of [Jurisdiction].
        </p>
      </LegalSection>

      <LegalSection id="terms-changes" title="Changes to these terms">
        <p>
          We may change these terms from time to time. The current version is always published on this page. By continuing to use
          the website after a change, you accept the updated terms.
        </p>
      </LegalSection>

      <LegalSection id="terms-contact" title="Contact us">
        <p className="mb-0">
          If you have any questions about these terms, please e-mail us at <a href={`mailto:${email}`}>{email}</a> or visit our{" "}
          <Link to="/contact-us">contact page</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
