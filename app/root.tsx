import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./context";
import { ChatLink } from "./components/chat-link";
import { Footer } from "./components/footer";
import { Navbar } from "./components/navbar";
import { NotFound } from "./components/not-found";
import { ToastHost } from "./components/toast-host";
import { revalidateUnlessUnanswered } from "./lib/unanswered";
import styles from "./styles/app.scss?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: styles },
];

export const shouldRevalidate = revalidateUnlessUnanswered;

export async function loader({ context }: Route.LoaderArgs) {
  const student = context.student;
  return {
    site: context.site,
    /** The copyright year by the server's clock: a phone whose clock is off renders the same page. */
    year: new Date().getFullYear(),
    student: student
      ? {
          studentId: student.studentId,
          fullName: student.fullName,
          email: student.email,
          photoUrl: await context.documents.photoUrl(student.studentId),
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
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c2410c" />
        <Meta />
        <Links />
      </head>
      <body className="d-flex flex-column min-vh-100">
        {children}
        <ToastHost />
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
  useUserDataMirror(root?.student);
  return (
    <>
      <a className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-white" href="#main">
        Skip to content
      </a>
      {!hideChrome && <Navbar student={root?.student ?? null} />}
      <main id="main" className="flex-grow-1">
        {children}
      </main>
      {!hideChrome && site && root && <Footer site={site} year={root.year} />}
      {site && !staffScreen && <ChatLink whatsappNumber={site.whatsappNumber} />}
      {navigation.state === "loading" && (
        <div className="loading-overlay" role="status" aria-live="polite">
          <div className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">Loading…</span>
        </div>
      )}
    </>
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
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <Shell>
        <NotFound />
      </Shell>
    );
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    const message = (error.data as { message?: string } | null)?.message ?? "That request could not be answered.";
    return (
      <Shell>
        <div className="container py-5 text-center">
          <h1 className="h2">{error.status === 429 ? "Please slow down" : "That did not work"}</h1>
          <p>{message}</p>
          <a className="btn btn-primary" href="/">
            Go Back Home
          </a>
        </div>
      </Shell>
    );
  }
  return (
    <Shell>
      <div className="container py-5 text-center">
        <h1 className="h2">Unexpected Application Error!</h1>
        <p>Something went wrong on our side. Please try again in a moment.</p>
        <a className="btn btn-primary" href="/">
          Go Back Home
        </a>
      </div>
    </Shell>
  );
}
