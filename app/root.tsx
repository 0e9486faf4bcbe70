import type { Messages } from "@lingui/core";
import { type ReactNode, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { addressHoldsControlCharacters } from "../modules/validation.ts";
import { languageOf } from "../platform/cookies.ts";
import { inputMessages } from "../vocabulary/input.ts";
import { DEFAULT_LANGUAGE } from "../vocabulary/languages.ts";
import { visaMessages } from "../vocabulary/visas.ts";
import type { Route } from "./+types/root";
import "./context";
import { ChatLink } from "./components/chat-link";
import { Footer } from "./components/footer";
import { Navbar } from "./components/navbar";
import { NotFound } from "./components/not-found";
import { ToastHost } from "./components/toast-host";
import { messagesFor } from "./lib/catalogues.server";
import { TranslatorProvider, useT } from "./lib/i18n";
import { REQUEST_REFERENCE_ID, useRequestReference } from "./lib/request-reference";
import { revalidateUnlessUnanswered } from "./lib/unanswered";
import { useWelcome } from "./lib/welcome";
import styles from "./styles/app.scss?url";

/**
 * The site's stylesheet carries a `precedence`, so React writes it at the top of <head>, before the
 * module preloads <Scripts /> hoists there: a slow phone link fetches what the first paint waits for
 * first (decision 0047). A screen's own sheet (records.css) stays a plain link that leaves with the screen.
 */
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: styles, precedence: "default" },
];

export const shouldRevalidate = revalidateUnlessUnanswered;

/**
 * An address holding a control character (a NUL in a search's `?q=`) is refused with the screen's
 * usual 400 page before any loader reads it (decision 0034; the API answers the same in its JSON shape).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    if (addressHoldsControlCharacters(request.url))
      throw data({ message: inputMessages.controlCharactersInAddress }, { status: 400 });
    return next();
  },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const student = context.student;
  // The staff console is in English whatever the visitor chose (decision 0029).
  const staffScreen = /^\/staff(?:[/.]|$)/.test(new URL(request.url).pathname);
  const language = staffScreen ? DEFAULT_LANGUAGE : languageOf(request.headers.get("Cookie"));
  return {
    /** The visitor's language and its messages (decision 0029): the page is rendered in it on the server. */
    language,
    messages: messagesFor(language),
    site: context.site,
    /** The footer shows only the social links an admin set (decision 0053). */
    socialLinks: (await context.publicSettings()).socialLinks,
    /** Where a page's flags come from, in one request (decision 0043). */
    flagSprite: context.flagSprite,
    /** The copyright year by the server's clock: a phone whose clock is off renders the same page. */
    year: new Date().getFullYear(),
    student: student
      ? {
          studentId: student.studentId,
          fullName: student.fullName,
          email: student.email,
          photoUrl: await context.documents.photoUrl(student.studentId),
          /** Messages from staff not read yet (decision 0037): the navbar's count. */
          unreadMessages: await context.messages.unread(student.studentId),
          /** A mock interview's review not opened yet (decision 0049): the notice under the navbar. */
          reviewReady: await context.visas.reviewNotice(student.studentId),
        }
      : null,
  };
}

/**
 * Browser storage mirrors the session (spec section 3: userData) with the e-mail and student id only;
 * the session itself lives in an HttpOnly cookie no script can read.
 */
function useUserDataMirror(student: { studentId: number; email: string } | null | undefined) {
  useEffect(() => {
    if (student === undefined) return;
    if (student) localStorage.setItem("userData", JSON.stringify({ email: student.email, student_id: student.studentId }));
    else localStorage.removeItem("userData");
  }, [student]);
}

/** Screens that hide the header and footer say so in their handle (spec section 2). */
/** What a screen asks of the frame around it: no header and footer (policy pages), or the staff console's own frame. */
export type ScreenHandle = { hideChrome?: boolean; staff?: boolean };

function useScreenHandle(key: keyof ScreenHandle): boolean {
  return useMatches().some((match) => (match.handle as ScreenHandle | undefined)?.[key] === true);
}

/** The document; what is inside <body> is drawn by Shell, so it follows every reload of the root data. */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const language = root?.language ?? DEFAULT_LANGUAGE;
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c2410c" />
        <Meta />
        <Links />
      </head>
      <body className="d-flex flex-column min-vh-100">
        <TranslatorProvider language={language} messages={(root?.messages ?? {}) as Messages}>
          {children}
          <ToastHost />
        </TranslatorProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Header, footer, chat link and the loading spinner around a screen (or the error screen). */
function Shell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const staffScreen = useScreenHandle("staff");
  const hideChrome = useScreenHandle("hideChrome") || staffScreen;
  const navigation = useNavigation();
  const site = root?.site;
  const { t } = useT();
  useUserDataMirror(root?.student);
  useWelcome(root?.student?.fullName);
  return (
    <>
      <a className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-white" href="#main">
        {t("Skip to content")}
      </a>
      {!hideChrome && <Navbar student={root?.student ?? null} />}
      {/* The footer leaves room under its last line for the chat button; without a footer the screen does. */}
      <main id="main" className={`flex-grow-1${hideChrome && !staffScreen ? " chat-room" : ""}`}>
        {!hideChrome && root?.student?.reviewReady && <ReviewNotice notice={root.student.reviewReady} />}
        {children}
      </main>
      {!hideChrome && site && root && <Footer site={site} socialLinks={root.socialLinks} year={root.year} />}
      {site && !staffScreen && <ChatLink whatsappNumber={site.whatsappNumber} />}
      {navigation.state === "loading" && (
        <div className="loading-overlay" role="status" aria-live="polite">
          <div className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t("Loading…")}</span>
        </div>
      )}
    </>
  );
}

/** The student's counsellor has reviewed a mock interview they shared: shown until they open it (decision 0049). */
function ReviewNotice({ notice }: { notice: { practiceId: number; country: string } }) {
  const { t } = useT();
  const path = `/visa/practice/${notice.practiceId}`;
  if (useLocation().pathname === path) return null;
  return (
    <div className="container pt-3">
      <p className="alert alert-info mb-0" data-testid="review-notice">
        {t(visaMessages.reviewReady, { country: notice.country })}{" "}
        {/* The interview's page is a document of its own (its microphone policy, routes/visa-practices.tsx). */}
        <Link to={path} reloadDocument className="alert-link">
          {t(visaMessages.readReview)}
        </Link>
      </p>
    </div>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <ErrorScreen error={error} />
    </Shell>
  );
}

/** The error screen in the visitor's language; a refusal's message (the server's English) is translated by its text. */
function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useT();
  const reference = useRequestReference();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    const message = (error.data as { message?: string } | null)?.message ?? "That request could not be answered.";
    const heading = error.status === 429 ? t("Please slow down") : t("That did not work");
    return (
      <div className="container py-5 text-center">
        {/* The failed route's meta is not rendered: the page still has its title (React puts it in the head). */}
        <title>{`${heading} | Ignite`}</title>
        <h1 className="h2">{heading}</h1>
        <p>{t(message)}</p>
        <a className="btn btn-primary" href="/">
          {t("Go Back Home")}
        </a>
      </div>
    );
  }
  return (
    <div className="container py-5 text-center">
      <title>{`${t("Unexpected Application Error!")} | Ignite`}</title>
      <h1 className="h2">{t("Unexpected Application Error!")}</h1>
      <p>{t("Something went wrong on our side. Please try again in a moment.")}</p>
      {reference && (
        <p className="small text-body-secondary">
          {t("If it happens again, quote this reference to us:")} <code id={REQUEST_REFERENCE_ID}>{reference}</code>
        </p>
      )}
      <a className="btn btn-primary" href="/">
        {t("Go Back Home")}
      </a>
    </div>
  );
}
