import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="container page not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t("Page Not Found")}</h1>
      <p>{t("Sorry, the page you are looking for does not exist.")}</p>
      <Link to="/" className="btn btn-primary">
        {t("Go to Homepage")}
      </Link>
    </section>
  );
}
