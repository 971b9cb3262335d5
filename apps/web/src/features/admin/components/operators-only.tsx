import { buttonClass } from "../../../components/button.tsx";
import { HomeIcon } from "../../../components/icons.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { LockIcon } from "./console-icons.tsx";

/** What a signed-in player sees on /admin: the console is for operators, with the way home. */
export function OperatorsOnly() {
  const { t } = useTranslation("admin");
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 py-16">
      <section className="flex w-full max-w-md flex-col items-center gap-4 rounded-card border border-line bg-surface p-8 text-center shadow-card">
        <span className="flex size-16 items-center justify-center rounded-full border border-gold/40 bg-gold/10 text-gold">
          <LockIcon size={30} />
        </span>
        <h1 className="text-xl font-bold">{t("access.title")}</h1>
        <p className="text-muted">{t("access.text")}</p>
        <Link to={paths.home} className={`${buttonClass({ size: "lg" })} mt-2`}>
          <HomeIcon size={20} />
          {t("access.home")}
        </Link>
      </section>
    </main>
  );
}
