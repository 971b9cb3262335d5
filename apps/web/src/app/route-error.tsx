import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { Button } from "../components/button.tsx";

/** When a page cannot be shown (often a new version was deployed while the tab was open): reload. */
export function RouteError() {
  const { t } = useTranslation("common");
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-xl font-bold">{t("routeError.title")}</h1>
      <p className="text-muted">{t("routeError.text")}</p>
      <Button size="lg" onClick={() => window.location.reload()}>
        {t("routeError.reload")}
      </Button>
    </section>
  );
}
