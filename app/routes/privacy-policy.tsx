import { Link } from "react-router";
import type { ScreenHandle } from "~/root";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy | Ignite" },
  {
    name: "description",
    content:
      "How Ignite collects, uses, shares and protects the personal information of students using its study-abroad guidance services.",
  },
];

/** The privacy policy is shown without the header and footer (spec section 2). */
export const handle = { hideChrome: true } satisfies ScreenHandle;

export function loader({ context }: Route.LoaderArgs) {
  return { site: context.site };
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData.site;
  const mail = <a href={`mailto:${email}`}>{email}</a>;

  return (
    <div className="container py-5">
      <p className="mb-4">
        <Link to="/">
          <span aria-hidden="true">&larr;</span> Back to home
        </Link>
      </p>
      <h1 className="mb-3">Privacy Policy</h1>
      <p className="lead">
        Ignite (&quot;Ignite&quot;, &quot;we&quot;, &quot;us&quot;) is a study-abroad guidance company with its office in Kochi,
        Kerala, India. This policy explains what information we collect when you use our website and services, how we use it and
        the choices you have.
      </p>

      <section className="mt-5" aria-labelledby="privacy-personal">
        <h2 id="privacy-personal" className="h4">
          Personal information
        </h2>
        <p>
          When you sign up, book a free consultation, complete your profile or apply to a course through us, we collect the
          information you give us. This may include your name, e-mail address, phone number, date of birth, address, academic
          history and marks, test scores, the courses and countries you are interested in, and documents you upload such as mark
          sheets, passport copies, statements of purpose and letters of recommendation.
        </p>
      </section>

      <section className="mt-4" aria-labelledby="privacy-payment">
        <h2 id="privacy-payment" className="h4">
          Payment information
        </h2>
        <p>
          If you pay for a service, such as an application fee, we record the amount, the date, the service paid for and a
          transaction reference. Card numbers, UPI credentials and net-banking passwords are entered with our payment partner and
          are not stored by Ignite.
        </p>
      </section>

      <section className="mt-4" aria-labelledby="privacy-automatic">
        <h2 id="privacy-automatic" className="h4">
          Automatically collected information
        </h2>
        <p>
          When you visit the website we automatically receive technical information such as your IP address, browser and device
          type, the pages you view, the time of your visit and the site that referred you. We use cookies and similar storage to
          keep you signed in and to remember your preferences. You can block cookies in your browser, but some features, such as
          signing in, may then not work.
        </p>
      </section>

      <section className="mt-4" aria-labelledby="privacy-use">
        <h2 id="privacy-use" className="h4">
          How we use your information
        </h2>
        <p>We use your information to:</p>
        <ul>
          <li>provide counselling and suggest courses, countries, universities and scholarships that fit your profile;</li>
          <li>prepare and submit applications to universities on your behalf, with your agreement;</li>
          <li>help with visa applications and mock visa interviews;</li>
          <li>contact you about your consultation, applications and account by e-mail, phone or messaging apps;</li>
          <li>keep the website secure, prevent misuse and improve our services;</li>
          <li>meet our legal and regulatory obligations.</li>
        </ul>
      </section>

      <section className="mt-4" aria-labelledby="privacy-sharing">
        <h2 id="privacy-sharing" className="h4">
          Sharing your information
        </h2>
        <p>
          We do not sell your personal information. We share it only where needed to provide our services: with the universities
          and colleges you choose to apply to, with visa and immigration authorities when you ask us to help with a visa, with
          education-loan and accommodation partners if you request their services, and with service providers who host our systems
          or process payments for us under confidentiality obligations. We may also disclose information where required by law or
          to protect the rights and safety of our students, staff or others.
        </p>
      </section>

      <section className="mt-4" aria-labelledby="privacy-security">
        <h2 id="privacy-security" className="h4">
          Data security
        </h2>
        <p>
          We use reasonable technical and organisational measures to protect your information, including encrypted connections,
          access controls and limited staff access. No method of transmission or storage is completely secure, so we cannot
          guarantee absolute security. Please keep your password private and tell us at once if you believe your account has been
          misused.
        </p>
      </section>

      <section className="mt-4" aria-labelledby="privacy-rights">
        <h2 id="privacy-rights" className="h4">
          Your rights
        </h2>
        <p>
          You may ask to see the personal information we hold about you, to correct it, or to have it deleted when it is no longer
          needed for the services you asked for or for legal purposes. You may also withdraw your consent to marketing messages at
          any time. To make a request, write to {mail}. We may need to confirm your identity first.
        </p>
      </section>

      <section className="mt-4" aria-labelledby="privacy-payment-processing">
        <h2 id="privacy-payment-processing" className="h4">
          Payment processing
        </h2>
        <p>
          Online payments are handled by third-party payment gateways that follow recognised card-industry security standards.
          Their use of your payment details is governed by their own privacy policies. Fees paid directly to a university are
          handled under that university&apos;s terms.
        </p>
      </section>

      <section className="mt-4" aria-labelledby="privacy-changes">
        <h2 id="privacy-changes" className="h4">
          Changes to this policy
        </h2>
        <p>
          We may update this policy from time to time. The current version is always available on this page, and we will let
          registered students know by e-mail about significant changes.
        </p>
      </section>

      <section className="mt-4" aria-labelledby="privacy-copyright">
        <h2 id="privacy-copyright" className="h4">
          Copyright
        </h2>
        <p>
          The content of this website, including text, graphics and logos, belongs to Ignite or its licensors and may not be
          copied or republished without our written permission.
        </p>
      </section>

      <section className="mt-4" aria-labelledby="privacy-contact">
        <h2 id="privacy-contact" className="h4">
          Contact us
        </h2>
        <p className="mb-0">
          If you have any questions about this policy or about how we handle your information, please e-mail us at {mail} or visit
          our <Link to="/contact-us">contact page</Link>.
        </p>
      </section>
    </div>
  );
}
