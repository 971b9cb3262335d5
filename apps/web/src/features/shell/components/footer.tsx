import { yangonDate } from "@shwe/domain";
import { SocialLinks, useSocialLinks } from "../../../components/social-links.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { clockNow } from "../../../lib/render-clock.ts";
import { DownloadAppButton } from "./download-app.tsx";
import { LogoLink } from "./logo-link.tsx";

/** Footer: logo, responsible-play note, social links, download-app link and the copyright line. */
export function Footer() {
  const { t } = useTranslation("common");
  const { data: links } = useSocialLinks();
  const year = yangonDate(clockNow()).slice(0, 4);
  return (
    <footer className="below-fold mt-8 border-t border-line bg-surface [--below-fold-height:300px]">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 lg:flex-row lg:items-center lg:justify-between lg:px-6">
        <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-3">
          <LogoLink className="h-8" />
          <p className="flex items-center gap-2 text-xs text-muted">
            <span className="rounded-full border border-danger px-1.5 py-0.5 font-bold text-danger">18+</span>
            {t("footer.responsible")}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <SocialLinks links={links} />
          <DownloadAppButton />
        </div>
      </div>
      <p className="border-t border-line py-3 text-center text-xs text-muted">{t("footer.copyright", { year })}</p>
    </footer>
  );
}
