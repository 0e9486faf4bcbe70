import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n";

/**
 * A legal page (the terms, the privacy policy). Its text is in English in every language (decision 0029):
 * marked so, with the way home, its heading and a note in the visitor's language.
 */
export function LegalPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  const { t, language } = useT();
  return (
    <div className="container py-5" lang="en">
      <p className="mb-4" lang={language}>
        <Link to="/">
          <span aria-hidden="true">&larr;</span> {t("Back to home")}
        </Link>
      </p>
      <h1 className="mb-3" lang={language}>
        {title}
      </h1>
      {language !== "en" && (
        <p className="alert alert-info" lang={language}>
          {t("This page is in English only; the English text is the one that applies.")}
        </p>
      )}
      <p className="lead">{lead}</p>
      {children}
    </div>
  );
}

/** One part of a legal page, named by its heading; the first stands further from the lead. */
export function LegalSection({
  id,
  title,
  first,
  children,
}: {
  id: string;
  title: string;
  first?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={first ? "mt-5" : "mt-4"} aria-labelledby={id}>
      <h2 id={id} className="h4">
        {title}
      </h2>
      {children}
    </section>
  );
}
