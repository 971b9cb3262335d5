import { buttonClass } from "../../../components/button.tsx";
import { adminPaths } from "../../../config/console-paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";

/** An unknown console address: say so, with the way back to the dashboard. */
export function ConsoleNotFound() {
  const { t } = useTranslation("admin");
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-xl font-bold">{t("notFound.title")}</h1>
      <p className="text-muted">{t("notFound.text")}</p>
      <Link to={adminPaths.dashboard} className={buttonClass()}>
        {t("notFound.back")}
      </Link>
    </section>
  );
}
