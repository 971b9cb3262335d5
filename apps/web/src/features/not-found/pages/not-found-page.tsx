import { buttonClass } from "../../../components/button.tsx";
import { HomeIcon } from "../../../components/icons.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";

/** Any unknown path: '404 - PAGE NOT FOUND' with a way home. */
export function NotFoundPage() {
  const { t } = useTranslation("common");
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-2 py-16 text-center">
      <p className="text-7xl font-black text-gold tabular" aria-hidden="true">
        404
      </p>
      <h1 className="text-xl font-bold">{t("notFound.title")}</h1>
      <p className="text-muted">{t("notFound.text")}</p>
      <Link to={paths.home} className={`${buttonClass({ size: "lg" })} mt-2`}>
        <HomeIcon size={20} />
        {t("notFound.home")}
      </Link>
    </section>
  );
}
