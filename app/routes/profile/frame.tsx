import { type ReactNode, useEffect } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { useT } from "~/lib/i18n";
import { profileSections } from "../../../vocabulary/students.ts";

/** A section's answer to a form post, as the profile's action gives it (app/routes/profile/action.server.ts). */
type Answer = { ok: true; intent: string; message: string } | { ok: false; message: string; values: Record<string, string> };

/** The section an anchor of the old one-page profile named, for links in mails sent before the split. */
const sectionOfAnchor = (hash: string) =>
  profileSections.find((section) => (section.anchors as readonly string[]).includes(hash.replace(/^#/, "")));

/**
 * What every page of the profile shares (decision 0062): the heading, the links to the student's saved
 * courses and applications (spec: the profile links to them), the sections' nav, one tap to each, and,
 * without JavaScript, the answer to a form the page posted (the details and a new parent link show theirs
 * in their own section).
 */
export function ProfileFrame({ answer, children }: { answer?: Answer; children: ReactNode }) {
  const { t } = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const intent = answer ? (answer.ok ? answer.intent : answer.values.intent) : undefined;
  // A refused details form names its fields in place; a new parent link is shown in its section.
  const shown =
    answer && !(!answer.ok && intent === "save") && !(answer.ok && intent === "parent-link-create") ? answer : undefined;

  // "/profile#my-counsellor" in an older mail opens the section's own page (a fragment never reaches the server).
  useEffect(() => {
    if (location.pathname !== "/profile" || !location.hash) return;
    const section = sectionOfAnchor(location.hash);
    if (section && section.path !== "/profile") navigate(section.path, { replace: true });
  }, [location.pathname, location.hash, navigate]);

  return (
    <div className="container py-4" style={{ maxWidth: "56rem" }}>
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-3">
        <h1 className="h2 mb-0">{t("Profile")}</h1>
        <nav aria-label={t("Your records")} className="d-flex gap-3">
          <Link to="/user/saved-courses">{t("Saved Courses")}</Link>
          <Link to="/user/applications">{t("Applications")}</Link>
        </nav>
      </div>
      <nav aria-label={t("Profile sections")} className="mb-4">
        <ul className="nav nav-pills profile-sections gap-1">
          {profileSections.map((section) => (
            <li key={section.path} className="nav-item">
              <NavLink to={section.path} end className="nav-link">
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {shown && (
        <noscript>
          <p className="alert alert-info">{t(shown.message)}</p>
        </noscript>
      )}
      {children}
    </div>
  );
}
