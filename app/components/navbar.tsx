import { type FormEvent, useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { SEARCH_TERM_MAX_LENGTH } from "../../vocabulary/catalogue.ts";
import { SignOut } from "./sign-out";

/** The navbar search: lower-cases the term and goes to /search only when it is not empty (spec 4). */
function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === "/search" ? (params.get("q") ?? "") : "";
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (input.current) input.current.value = current;
  }, [current]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = (input.current?.value ?? "").trim().toLowerCase();
    if (!term) return;
    if (input.current) input.current.value = term;
    navigate(`/search?q=${encodeURIComponent(term)}`);
  }

  return (
    <Form method="get" action="/search" role="search" className="d-flex w-100" onSubmit={onSubmit}>
      <label htmlFor="navbar-search" className="visually-hidden">
        Search Colleges and Courses
      </label>
      <input
        ref={input}
        id="navbar-search"
        name="q"
        type="search"
        className="form-control"
        placeholder="Search Colleges and Courses"
        defaultValue={current}
        maxLength={SEARCH_TERM_MAX_LENGTH}
        required
        pattern=".*\S.*"
        autoComplete="off"
      />
      <button type="submit" className="btn btn-primary ms-2">
        Search
      </button>
    </Form>
  );
}

export function Navbar({ student }: { student: { fullName: string; photoUrl: string | null } | null }) {
  return (
    <header className="border-bottom bg-white sticky-top">
      <nav className="navbar navbar-expand-lg" aria-label="Main">
        <div className="container d-flex flex-wrap align-items-center gap-2">
          <Link to="/" className="site-logo me-2" aria-label="Ignite home">
            Ignite
          </Link>
          <div className="order-3 order-lg-2 col-12 col-lg px-lg-3">
            <SearchBox />
          </div>
          <div className="order-2 order-lg-3 ms-auto d-flex align-items-center gap-2">
            <Link to="/countries" className="nav-link d-none d-md-inline px-2">
              Countries
            </Link>
            <Link to="/universities" className="nav-link d-none d-md-inline px-2">
              Universities
            </Link>
            {student ? (
              <>
                <Link to="/profile" className="d-inline-flex" title={student.fullName}>
                  <img
                    src={student.photoUrl ?? "/images/default-avatar.svg"}
                    alt={`Profile of ${student.fullName}`}
                    width={40}
                    height={40}
                    className="rounded-circle"
                  />
                </Link>
                <SignOut />
              </>
            ) : (
              <Link to="/signup" className="btn btn-outline-primary">
                Sign Up
              </Link>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
