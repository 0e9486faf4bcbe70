import { Link } from "react-router";
import { useT } from "~/lib/i18n";

/** Previous only above page 1; Next always shown, disabled on the last page (DESIGN.md section 6). */
export function Pager({
  page,
  pageSize,
  total,
  href,
}: {
  page: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
}) {
  const { t, number } = useT();
  const last = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="d-flex justify-content-between align-items-center my-4" aria-label={t("Pages")}>
      <div>
        {page > 1 && (
          <Link className="btn btn-outline-primary" to={href(page - 1)} rel="prev">
            {t("Previous")}
          </Link>
        )}
      </div>
      <span className="small text-body-secondary">{t("Page {page} of {last}", { page: number(page), last: number(last) })}</span>
      {page < last ? (
        <Link className="btn btn-primary" to={href(page + 1)} rel="next">
          {t("Next")}
        </Link>
      ) : (
        <button type="button" className="btn btn-primary" disabled>
          {t("Next")}
        </button>
      )}
    </nav>
  );
}
