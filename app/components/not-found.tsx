import { Link } from "react-router";
import { useT } from "~/lib/i18n";

export function NotFound() {
  const { t } = useT();
  return (
    <div className="container py-5 text-center">
      <title>{`${t("Page Not Found")} | Ignite`}</title>
      <h1>{t("Page Not Found")}</h1>
      <p className="lead">{t("The page you are looking for does not exist or has moved.")}</p>
      <Link className="btn btn-primary" to="/">
        {t("Go Back Home")}
      </Link>
    </div>
  );
}
