import { Link } from "react-router";
import { LegalPage, LegalSection } from "~/components/legal-page";
import { metaT, useT } from "~/lib/i18n";
import type { ScreenHandle } from "~/root";
import { SESSION_DAYS, SESSION_IDLE_DAYS } from "../../vocabulary/accounts.ts";
import { PARENT_LINK_KEPT_DAYS } from "../../vocabulary/parents.ts";
import { consentWording, DATA_EXPORT_HOURS } from "../../vocabulary/privacy.ts";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaT(matches)("Privacy Policy")} | Ignite` },
  {
    name: "description",
    content:
      "How Ignite collects, uses, shares and protects the personal information of students using its study-abroad guidance services.",
  },
];

/** The privacy policy is shown without the header and footer (spec section 2). */
export const handle = { hideChrome: true } satisfies ScreenHandle;

export async function loader({ context }: Route.LoaderArgs) {
  // The period in force, as an admin set it: the page says what the nightly job does.
  return { site: context.site, retentionMonths: await context.privacy.bookingRetentionMonths() };
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData.site;
  const { t } = useT();
  const { retentionMonths } = loaderData;
  const mail = <a href={`mailto:${email}`}>{email}</a>;

  return (
    <LegalPage
      title={t("Privacy Policy")}
      lead={
        <>
          Ignite (&quot;Ignite&quot;, &quot;we&quot;, &quot;us&quot;) is a study-abroad guidance company with its office in Kochi,
          Kerala, India. This policy explains what information we collect when you use our website and services, how we use it and
          the choices you have.
        </>
      }
    >
      <LegalSection id="privacy-personal" title="Personal information" first>
        <p>We collect only what you give us:</p>
        <ul>
          <li>
            when you book a free consultation: your name, phone number, e-mail, study destination, type of study, subject, and if
            you give them your year of study, state and qualification;
          </li>
          <li>when you sign up: your full name, e-mail, phone number and a password (kept only as a one-way hash);</li>
          <li>
            on your profile: gender, date of birth, passport number, address, your marks, the courses you save, and the documents
            and photo you upload (CV, statement of purpose, letters of recommendation, passport, mark sheets);
          </li>
          <li>
            how you want to be contacted (e-mail, WhatsApp or a phone call) and whether you want news and offers. News and offers
            are off unless you tick the box. We keep your choice with the version of the notice you agreed to (now{" "}
            {consentWording.version}) and the time.
          </li>
        </ul>
        <p>When our staff work on your applications they record each stage, the offer or visa details and internal notes.</p>
      </LegalSection>

      <LegalSection id="privacy-payment" title="Payment information">
        <p>
          Ignite takes no payments on this website and stores no card numbers, UPI details or bank passwords. Fees you pay to a
          university are paid to that university.
        </p>
      </LegalSection>

      <LegalSection id="privacy-automatic" title="Automatically collected information">
        <p>
          Signing in sets one cookie, which keeps you signed in for {SESSION_DAYS} days, or until it is unused for{" "}
          {SESSION_IDLE_DAYS} days; a password reset uses a second one for 15 minutes. We note the browser and system each session
          was opened from, so your profile can list your signed-in devices. Your browser keeps your e-mail and account number, and
          after a booking your first and last name, so the site can show them. The address you connect from is used to count
          requests against abuse limits for at most an hour. Our server logs record each request&apos;s path, time and outcome,
          never passwords or codes. We use no advertising or tracking cookies.
        </p>
      </LegalSection>

      <LegalSection id="privacy-use" title="How we use your information">
        <p>We use your information to:</p>
        <ul>
          <li>arrange your free consultation and advise you on courses, countries and universities;</li>
          <li>run your account, your saved courses and the applications our counsellors prepare with you;</li>
          <li>
            contact you about your consultation, applications and account, the way you chose; our staff see your choice and are
            warned before using another way;
          </li>
          <li>send news and offers only if you ticked the box for them;</li>
          <li>keep the website secure, prevent misuse and count our work in anonymous reports.</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-sharing" title="Sharing your information">
        <p>
          We do not sell your personal information or share it for marketing. Inside Ignite, your counsellor sees your record;
          admins and read-only staff may see every record; document verifiers open documents to check them. Every time staff open
          or download one of your documents, or export a list that includes you, it is recorded, and you can see it on your
          profile under &quot;Who has seen my data&quot;. Outside Ignite we share your details only with the universities you ask
          us to apply to, with visa authorities when you ask for our help with a visa, or where the law requires it.
        </p>
      </LegalSection>

      <LegalSection id="privacy-security" title="Data security">
        <p>
          Passwords and one-time codes are stored only as hashes. Documents are kept in private storage under random names and are
          sent only to you and to the staff allowed to see them, each staff view recorded in an audit log that cannot be changed.
          Please keep your password private and tell us at once if you believe your account has been misused.
        </p>
      </LegalSection>

      <LegalSection id="privacy-retention" title="How long we keep it">
        <ul>
          <li>Your account and everything in it: until you delete it, or ask us to.</li>
          <li>
            A consultation booking that never became an account: {retentionMonths} months from the booking. Then the names, phone,
            e-mail and answers are deleted every night; our reports keep only an anonymous count.
          </li>
          <li>
            Signed-in sessions end after {SESSION_DAYS} days (or {SESSION_IDLE_DAYS} unused) and are then deleted; password-reset
            codes after 10 minutes; a download of your data after {DATA_EXPORT_HOURS} hours.
          </li>
          <li>
            A link you gave a parent, with the record of its openings: {PARENT_LINK_KEPT_DAYS} days after it expired or you
            revoked it.
          </li>
          <li>
            The record of what our staff did (the audit log) is kept so we can show how your data was handled; it names you by
            account number, not by name.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-rights" title="Your rights">
        <p>
          India&apos;s Digital Personal Data Protection Act, 2023 gives you the right to know, correct and erase your data. On
          your profile you can:
        </p>
        <ul>
          <li>see and correct your details and marks, and replace or delete any document;</li>
          <li>change how you want to be contacted and whether you want news and offers, at any time;</li>
          <li>see who among our staff has opened your documents or exported a list that included you;</li>
          <li>
            give a parent or guardian a read-only link to your applications and their stages (never your documents, marks or
            contact details), see each time it was opened (when, and the browser&apos;s name only), and revoke it at any time;
          </li>
          <li>
            download everything we hold about you (a ZIP with your details, marks, saved courses, applications and their history,
            bookings, consents and your documents), through a link only you can use, for {DATA_EXPORT_HOURS} hours;
          </li>
          <li>
            delete your account: after you enter your password again, your account, documents, photo, our notes and your sessions
            are erased for good and the files removed from storage; your bookings and applications remain only as anonymous counts
            in our reports. You may sign up again later with the same e-mail.
          </li>
        </ul>
        <p>
          Without an account, or if you cannot sign in, write to {mail}: we confirm who you are and carry out the same erasure,
          which our audit log records.
        </p>
      </LegalSection>

      <LegalSection id="privacy-payment-processing" title="Payment processing">
        <p>
          No payment is processed on this website. If that changes, this page will say which payment partner handles it and what
          it keeps, before any payment is taken.
        </p>
      </LegalSection>

      <LegalSection id="privacy-changes" title="Changes to this policy">
        <p>
          We may update this policy from time to time; the current version is always on this page. When the notice you agree to on
          our forms changes, its version changes too, and the new version is recorded with your choices the next time you give
          them.
        </p>
      </LegalSection>

      <LegalSection id="privacy-copyright" title="Copyright">
        <p>
          The content of this website, including text, graphics and logos, belongs to Ignite or its licensors and may not be
          copied or republished without our written permission.
        </p>
      </LegalSection>

      <LegalSection id="privacy-contact" title="Contact us">
        <p className="mb-0">
          If you have any questions about this policy or about how we handle your information, please e-mail us at {mail} or visit
          our <Link to="/contact-us">contact page</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
