import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { useT } from "~/lib/i18n";
import { SEARCH_TERM_MAX_LENGTH, SUGGEST_MIN_LENGTH, type Suggestion } from "../../vocabulary/search.ts";
import { STUDENT_HOME_PATH } from "../../vocabulary/students.ts";
import { LanguageSwitch } from "./language-switch";
import { SignOut } from "./sign-out";

/** Suggestions are asked for once typing pauses this long. */
const SUGGEST_PAUSE_MS = 120;

/**
 * The navbar search: lower-cases the term and goes to /search only when it is not empty (spec 4). With
 * JavaScript it also suggests destinations, universities and courses as the student types (decision
 * 0026), as an ARIA combobox: arrows move through them, Enter opens the one chosen (or searches when none
 * is), Escape closes them. Without JavaScript it is the plain form.
 */
function SearchBox() {
  const { t } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === "/search" ? (params.get("q") ?? "") : "";
  const input = useRef<HTMLInputElement>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; request?: AbortController }>({});

  const close = useCallback(() => {
    clearTimeout(pending.current.timer);
    pending.current.request?.abort();
    setOpen(false);
    setActive(-1);
  }, []);

  useEffect(() => {
    if (input.current) input.current.value = current;
  }, [current]);
  // A new screen closes the list (location.key changes with every navigation).
  useEffect(() => close(), [location.key, close]);

  function onInput() {
    const term = (input.current?.value ?? "").trim().toLowerCase();
    clearTimeout(pending.current.timer);
    pending.current.request?.abort();
    if (term.length < SUGGEST_MIN_LENGTH) {
      setOpen(false);
      setSuggestions([]);
      setActive(-1);
      return;
    }
    pending.current.timer = setTimeout(async () => {
      const request = new AbortController();
      pending.current.request = request;
      try {
        const response = await fetch(`/api/catalogue/suggestions?q=${encodeURIComponent(term)}`, { signal: request.signal });
        if (!response.ok) return;
        const body = (await response.json()) as { suggestions: Suggestion[] };
        setSuggestions(body.suggestions);
        setActive(-1);
        setOpen(body.suggestions.length > 0);
      } catch {
        // Aborted by newer typing, or offline: the box still searches.
      }
    }, SUGGEST_PAUSE_MS);
  }

  function choose(suggestion: Suggestion) {
    close();
    navigate(suggestion.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      if (open) event.preventDefault();
      close();
    } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      // The positions run from -1 (the typed text) to the last suggestion, and round.
      const last = suggestions.length - 1;
      setActive((at) => (event.key === "ArrowDown" ? (at === last ? -1 : at + 1) : at === -1 ? last : at - 1));
    } else if (event.key === "Enter" && open && active >= 0) {
      const chosen = suggestions[active];
      if (chosen) {
        event.preventDefault();
        choose(chosen);
      }
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    close();
    const term = (input.current?.value ?? "").trim().toLowerCase();
    if (!term) return;
    if (input.current) input.current.value = term;
    navigate(`/search?q=${encodeURIComponent(term)}`);
  }

  const shown = open && suggestions.length > 0;
  return (
    <Form method="get" action="/search" role="search" className="d-flex w-100" onSubmit={onSubmit}>
      <label htmlFor="navbar-search" className="visually-hidden">
        {t("Search Colleges and Courses")}
      </label>
      <div className="position-relative flex-grow-1">
        <input
          ref={input}
          id="navbar-search"
          name="q"
          // text, not search: HTML allows the combobox role on a text input only (the Nu checker says so).
          type="text"
          enterKeyHint="search"
          className="form-control"
          placeholder={t("Search Colleges and Courses")}
          defaultValue={current}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          required
          pattern=".*\S.*"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls="navbar-suggestions"
          aria-activedescendant={shown && active >= 0 ? `navbar-suggestion-${active}` : undefined}
          onInput={onInput}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <div
          id="navbar-suggestions"
          role="listbox"
          aria-label={t("Suggestions")}
          className={`list-group position-absolute w-100 shadow-sm mt-1 z-3${shown ? "" : " d-none"}`}
        >
          {shown &&
            suggestions.map((suggestion, at) => (
              <div
                key={suggestion.href}
                id={`navbar-suggestion-${at}`}
                role="option"
                tabIndex={-1}
                aria-selected={at === active}
                className={`list-group-item list-group-item-action${at === active ? " active" : ""}`}
                // Chosen on mouse down, before the box loses focus and closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(suggestion);
                }}
              >
                <span className="d-block">{suggestion.label}</span>
                <span className={`small ${at === active ? "" : "text-body-secondary"}`}>{suggestion.detail}</span>
              </div>
            ))}
        </div>
        <span className="visually-hidden" role="status">
          {shown
            ? t("{count, plural, one {# suggestion} other {# suggestions}}: use the arrow keys to choose", {
                count: suggestions.length,
              })
            : ""}
        </span>
      </div>
      <button type="submit" className="btn btn-primary ms-2">
        {t("Search")}
      </button>
    </Form>
  );
}

/** A link of the phone menu: where it goes and its words (English, shown in the page's language). */
type MenuLink = { to: string; label: string };

/** The catalogue's way in, for everyone. */
const browseLinks: readonly MenuLink[] = [
  { to: "/countries", label: "Countries" },
  { to: "/universities", label: "Universities" },
  { to: "/visa", label: "Visa help" },
  { to: "/search", label: "Search" },
];

/**
 * A signed-in student's own pages. LATER LINKS GO HERE: a new page of the student's own (Visa, My
 * counsellor) is one more entry in this list, and the phone menu shows it.
 */
const currentIsBold = ({ isActive }: { isActive: boolean }) => `nav-link px-1 px-sm-2${isActive ? " fw-semibold" : ""}`;

export const studentMenuLinks: readonly MenuLink[] = [
  { to: STUDENT_HOME_PATH, label: "Home" },
  { to: "/profile", label: "Profile" },
  { to: "/user/saved-courses", label: "Saved Courses" },
  { to: "/user/applications", label: "Applications" },
  { to: "/deadlines", label: "Deadlines" },
  { to: "/profile/counsellor", label: "My counsellor" },
  { to: "/visa/practice", label: "Mock visa interviews" },
];

/**
 * The phone's menu (below the md breakpoint, where the header has no room for its links): a
 * <details> disclosure, so it opens and closes without JavaScript and is announced as expanded or
 * collapsed. With scripts it also closes on a new screen, on Escape and on a click outside.
 */
function PhoneMenu({ signedIn }: { signedIn: boolean }) {
  const { t } = useT();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  useEffect(() => {
    function closeOnEscape(event: globalThis.KeyboardEvent) {
      if (event.key !== "Escape" || !menu.current?.open) return;
      menu.current.open = false;
      menu.current.querySelector("summary")?.focus();
    }
    function closeOutside(event: MouseEvent) {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) menu.current.open = false;
    }
    document.addEventListener("keydown", closeOnEscape);
    document.addEventListener("click", closeOutside);
    return () => {
      document.removeEventListener("keydown", closeOnEscape);
      document.removeEventListener("click", closeOutside);
    };
  }, []);

  const item = (link: MenuLink) => (
    <li key={link.to}>
      <Link to={link.to} className="nav-link px-3 py-2" aria-current={location.pathname === link.to ? "page" : undefined}>
        {t(link.label)}
      </Link>
    </li>
  );

  return (
    <details ref={menu} className="site-menu d-md-none">
      <summary className="btn btn-outline-secondary">
        <svg width="20" height="20" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
          <path d="M1.5 3.5h13v1.5h-13zm0 3.75h13v1.5h-13zm0 3.75h13v1.5h-13z" />
        </svg>
        <span className="ms-1">{t("Menu")}</span>
      </summary>
      <nav className="site-menu-panel border-bottom bg-white shadow-sm" aria-label={t("Menu")}>
        <ul className="list-unstyled mb-0 py-2">{browseLinks.map(item)}</ul>
        {signedIn ? (
          <>
            <p className="small text-body-secondary px-3 mb-0 border-top pt-2">{t("Your pages")}</p>
            <ul className="list-unstyled mb-0 pb-2">{studentMenuLinks.map(item)}</ul>
            <div className="px-3 pb-3">
              {/* The logout screen asks first, as the header's dialog does (one dialog on the page). */}
              <Link to="/logout" className="btn btn-outline-primary">
                {t("Sign Out")}
              </Link>
            </div>
          </>
        ) : (
          <ul className="list-unstyled mb-0 pb-2 border-top pt-2">
            {item({ to: "/login", label: "Login" })}
            {item({ to: "/signup", label: "Sign Up" })}
          </ul>
        )}
      </nav>
    </details>
  );
}

export function Navbar({ student }: { student: { fullName: string; photoUrl: string | null; unreadMessages: number } | null }) {
  const { t } = useT();
  // On My counsellor the conversation is read as it is shown: its count is gone by the next page.
  const onConversation = useLocation().pathname === "/profile/counsellor";
  const unread = student && !onConversation ? student.unreadMessages : 0;
  return (
    <header className="border-bottom bg-white sticky-top">
      <nav className="navbar navbar-expand-lg" aria-label={t("Main")}>
        <div className="container d-flex flex-wrap align-items-center gap-2">
          <Link to="/" className="site-logo me-2" aria-label={t("Ignite home")}>
            Ignite
          </Link>
          <div className="order-3 order-lg-2 col-12 col-lg px-lg-3">
            <SearchBox />
          </div>
          <div className="order-2 order-lg-3 ms-auto d-flex align-items-center gap-1 gap-sm-2">
            <Link to="/countries" className="nav-link d-none d-md-inline px-2">
              {t("Countries")}
            </Link>
            <Link to="/universities" className="nav-link d-none d-md-inline px-2">
              {t("Universities")}
            </Link>
            <Link to="/visa" className="nav-link d-none d-lg-inline px-2">
              {t("Visa help")}
            </Link>
            <LanguageSwitch />
            {student ? (
              <>
                {/* The student's home, one tap away at every width (decision 0062). */}
                {/* The page the student is on reads bold (and aria-current="page", from NavLink), not always Home. */}
                <NavLink to={STUDENT_HOME_PATH} className={currentIsBold}>
                  {t("Home")}
                </NavLink>
                {/* One tap on a phone (decision 0059): the student's deadlines sit in the header itself. */}
                <NavLink to="/deadlines" className={currentIsBold} data-testid="nav-deadlines">
                  {t("Deadlines")}
                </NavLink>
                <Link
                  to={unread > 0 ? "/profile/counsellor" : "/profile"}
                  className="d-inline-flex position-relative"
                  title={student.fullName}
                >
                  <img
                    src={student.photoUrl ?? "/images/default-avatar.svg"}
                    alt={t("Profile of {name}", { name: student.fullName })}
                    width={40}
                    height={40}
                    className="rounded-circle"
                  />
                  {unread > 0 && (
                    <span
                      className="position-absolute top-0 start-100 translate-middle badge rounded-pill text-bg-danger"
                      data-testid="unread-messages"
                    >
                      {unread}
                      <span className="visually-hidden"> {t("unread messages from your counsellor")}</span>
                    </span>
                  )}
                </Link>
                <div className="d-none d-md-block">
                  <SignOut />
                </div>
              </>
            ) : (
              <Link to="/signup" className="btn btn-outline-primary">
                {t("Sign Up")}
              </Link>
            )}
            <PhoneMenu signedIn={student !== null} />
          </div>
        </div>
      </nav>
    </header>
  );
}
