import { Skeleton } from "../../../components/skeleton.tsx";
import { SocialLinks, safeExternalUrl, useSocialLinks } from "../../../components/social-links.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** "Join us" strip on the home page with the social links. */
export function SocialRow() {
  const { t } = useTranslation("common");
  const { data: links, isPending } = useSocialLinks();
  if (isPending) return <Skeleton className="h-[5.375rem] w-full sm:h-[3.875rem]" />;
  const any = links && [links.facebook, links.messenger, links.viber, links.instagram, links.play_store].some((l) => safeExternalUrl(l));
  if (!any) return null;
  return (
    <section className="flex flex-col gap-1 rounded-card border border-line bg-surface px-3 py-2 sm:min-h-[3.875rem] sm:flex-row sm:items-center sm:justify-between">
      <h2 className="text-sm font-semibold text-muted">{t("home.community")}</h2>
      <SocialLinks links={links} />
    </section>
  );
}
