import type { ReactNode } from "react";
import { Link } from "react-router";
import { ApplicationSummary } from "~/components/application-summary";
import { DaysLeft } from "~/components/days-left";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { requireStudent } from "~/lib/login-required.server";
import { languageOf } from "../../platform/cookies.ts";
import { waitingOnLabels } from "../../vocabulary/applications.ts";
import { sessionKinds } from "../../vocabulary/counselling.ts";
import { deadlineKinds, deadlineMessages } from "../../vocabulary/deadlines.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import { messageMessages } from "../../vocabulary/messages.ts";
import { dayLabel } from "../../vocabulary/scholarships.ts";
import { profileSections, studentMessages } from "../../vocabulary/students.ts";
import recordsStyles from "../styles/records.scss?url";
import type { Route } from "./+types/student-home";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Your home")} | Ignite` }];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

/** How many of the dated things ahead the home shows; the Deadlines screen has them all. */
const NEAREST_DEADLINES = 3;

/** What the student uploads or corrects; the other outstanding items wait on staff's review. */
const studentsToDo = new Set(["Missing", "Correction requested"]);

/**
 * A signed-in student's home (decision 0062): their applications with the next step of each, unread
 * messages, the next session, and one tap to each section of the profile. It reads and marks nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  const home = await context.home.forStudent(student.studentId);
  const ahead = home.deadlines;
  const next = home.nextSession;
  return {
    firstName: student.fullName.split(/\s+/)[0] ?? student.fullName,
    applications: home.applications.map((a) => ({
      ...a,
      toUpload: a.outstanding.filter((o) => studentsToDo.has(o.state)).map((o) => o.item),
      inReview: a.outstanding.filter((o) => !studentsToDo.has(o.state)).length,
    })),
    deadlines: ahead.slice(0, NEAREST_DEADLINES).map((item) => ({
      uid: item.uid,
      kind: item.kind,
      day: item.day,
      daysLeft: item.daysLeft,
      title: item.title,
      titleHi: item.titleHi,
      detail: item.detail,
    })),
    unreadMessages: home.unreadMessages,
    counsellor: home.counsellor,
    nextSession: next && {
      kindLabel: sessionKinds[next.kind].label,
      when: inIndianTime(next.startsAt, "minutes", locale),
      counsellor: next.counsellor,
      meetingLink: next.meetingLink,
    },
  };
}

type HomeData = Route.ComponentProps["loaderData"];

/**
 * One card of the home: a titled region with its body and, below, where to go for more. A new card (the
 * nearest deadlines, say) is one more component built on it and one more line in `Home` below.
 */
export function HomeCard({ id, title, more, children }: { id: string; title: string; more?: ReactNode; children: ReactNode }) {
  return (
    <section className="card mb-4" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5 card-title">
          {title}
        </h2>
        {children}
        {more && <p className="mb-0 mt-2">{more}</p>}
      </div>
    </section>
  );
}

function ApplicationsCard({ applications }: Pick<HomeData, "applications">) {
  const { t } = useT();
  return (
    <HomeCard
      id="home-applications"
      title={t("Your applications")}
      more={<Link to="/user/applications">{t("All your applications")}</Link>}
    >
      {applications.length === 0 ? (
        <>
          <p>{t(studentMessages.noApplications)}</p>
          <p className="mb-0">
            <Link to="/search" className="btn btn-primary">
              {t("Find a course")}
            </Link>
          </p>
        </>
      ) : (
        <ul className="list-unstyled mb-0">
          {applications.map((application) => (
            <li key={application.id} className="border-bottom py-3" data-testid="home-application">
              <ApplicationSummary application={application} />
              <p className="mb-1">
                <strong>{t("Next:")}</strong> <span data-testid="next-step">{t(application.nextAction)}</span>
              </p>
              {application.toUpload.length > 0 && (
                <p className="mb-1" data-testid="still-needed">
                  {t("Still needed:")} {application.toUpload.map((item) => t(item)).join(", ")}.{" "}
                  <Link to={`/user/applications/${application.id}`}>{t("Upload them on the application's page")}</Link>
                </p>
              )}
              {application.inReview > 0 && (
                <p className="small mb-1">
                  {t("{count, plural, one {# document waits} other {# documents wait}} for your counsellor's review.", {
                    count: application.inReview,
                  })}
                </p>
              )}
              <p className="small text-body-secondary mb-0">{t(waitingOnLabels.student[application.waitingOn])}</p>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

/** The nearest dated things ahead (decision 0059), with their days left; the Deadlines screen lists every one. */
function DeadlinesCard({ deadlines }: Pick<HomeData, "deadlines">) {
  const { t, day, language } = useT();
  return (
    <HomeCard id="home-deadlines" title={t("Nearest deadlines")} more={<Link to="/deadlines">{t("All your deadlines")}</Link>}>
      {deadlines.length === 0 ? (
        <p className="mb-0">{t(deadlineMessages.nothingAhead)}</p>
      ) : (
        <ol className="list-unstyled mb-0">
          {deadlines.map((item) => (
            <li key={item.uid} className="mb-2" data-testid="home-deadline">
              <div className="d-flex flex-wrap align-items-baseline gap-2">
                <time dateTime={item.day} className="fw-semibold">
                  {day(item.day, dayLabel)}
                </time>
                <DaysLeft days={item.daysLeft} />
              </div>
              <p className="mb-0 small">
                {t(deadlineKinds[item.kind])}: {language === "hi" && item.titleHi ? item.titleHi : t(item.title)}
                {item.detail && <span className="text-body-secondary"> · {item.detail}</span>}
              </p>
            </li>
          ))}
        </ol>
      )}
    </HomeCard>
  );
}

function MessagesCard({ unreadMessages, counsellor }: Pick<HomeData, "unreadMessages" | "counsellor">) {
  const { t } = useT();
  return (
    <HomeCard
      id="home-messages"
      title={t("Messages")}
      more={counsellor && <Link to="/profile/counsellor">{t("Write to your counsellor")}</Link>}
    >
      {!counsellor ? (
        <p className="mb-0">{t(messageMessages.noCounsellorYet)}</p>
      ) : unreadMessages > 0 ? (
        <p className="mb-0" data-testid="home-unread">
          <Link to="/profile/counsellor" className="fw-semibold">
            {t("{count, plural, one {# new message} other {# new messages}} from {name}", {
              count: unreadMessages,
              name: counsellor.fullName,
            })}
          </Link>
        </p>
      ) : (
        <p className="mb-0" data-testid="home-unread">
          {t("No new messages from {name}.", { name: counsellor.fullName })}
        </p>
      )}
    </HomeCard>
  );
}

function NextSessionCard({ nextSession, counsellor }: Pick<HomeData, "nextSession" | "counsellor">) {
  const { t } = useT();
  return (
    <HomeCard
      id="home-session"
      title={t("Next session")}
      more={counsellor?.bookable && <Link to="/profile/sessions">{t("Book a session with your counsellor")}</Link>}
    >
      {nextSession ? (
        <div data-testid="home-next-session">
          <p className="mb-1 fw-semibold">{t(nextSession.kindLabel)}</p>
          <p className="mb-1">
            <time dateTime={nextSession.when.iso}>{nextSession.when.text}</time>
          </p>
          <p className="small text-body-secondary mb-1">{t("With {name}", { name: nextSession.counsellor })}</p>
          {nextSession.meetingLink && (
            <a href={nextSession.meetingLink} rel="noopener noreferrer" target="_blank">
              {t("Join the meeting")}
            </a>
          )}
        </div>
      ) : (
        <p className="mb-0">{t("No session booked.")}</p>
      )}
    </HomeCard>
  );
}

function ProfileCard() {
  const { t } = useT();
  return (
    <HomeCard id="home-profile" title={t("Your profile")}>
      <ul className="list-unstyled mb-0 home-profile-links">
        {profileSections.map((section) => (
          <li key={section.path}>
            <Link to={section.path} className="d-block py-2">
              {t(section.label)}
            </Link>
          </li>
        ))}
        {/* The money side: the loan planner (decision 0082). */}
        <li>
          <Link to="/user/loans" className="d-block py-2">
            {t("Loan planner")}
          </Link>
        </li>
      </ul>
    </HomeCard>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  // An application waits on the student when its stage does, or while its package lacks what they upload.
  const waiting = loaderData.applications.filter((a) => a.waitingOn === "student" || a.toUpload.length > 0).length;
  return (
    <div className="container py-4" style={{ maxWidth: "64rem" }}>
      <h1 className="h2 mb-1">{t("Namaste, {name}", { name: loaderData.firstName })}</h1>
      <p className="lead mb-4" data-testid="home-summary">
        {waiting > 0
          ? t("{count, plural, one {# application waits} other {# applications wait}} on you.", { count: waiting })
          : t("Nothing waits on you right now.")}
      </p>
      <div className="row g-4">
        <div className="col-lg-8">
          <ApplicationsCard applications={loaderData.applications} />
        </div>
        <div className="col-lg-4">
          <DeadlinesCard deadlines={loaderData.deadlines} />
          <MessagesCard unreadMessages={loaderData.unreadMessages} counsellor={loaderData.counsellor} />
          <NextSessionCard nextSession={loaderData.nextSession} counsellor={loaderData.counsellor} />
          <ProfileCard />
        </div>
      </div>
    </div>
  );
}
