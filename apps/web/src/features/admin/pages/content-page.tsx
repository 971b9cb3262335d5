import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useContentSettings } from "../api/content-settings.ts";
import { BannersPanel } from "../components/banners-panel.tsx";
import { MaintainForm, SettingTextForm, SocialLinksForm } from "../components/content-forms.tsx";
import { PageHeader, Panel } from "../components/panel.tsx";
import { LoadError } from "../components/query-state.tsx";

/** Site content: the marquee and the points page note (every language), the claim maintenance flag, the social links and the home banners (each change is audited). */
export function ContentPage() {
  const { t } = useTranslation("admin");
  const { t: tt } = useTranslation("texts");
  const settings = useContentSettings();
  if (settings.isError) {
    return (
      <>
        <PageHeader title={t("content.title")} subtitle={t("content.subtitle")} />
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      </>
    );
  }
  const s = settings.data;
  return (
    <>
      <PageHeader title={t("content.title")} subtitle={t("content.subtitle")} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t("content.marqueeTitle")}>
          {s ? (
            <SettingTextForm key={JSON.stringify(s.header_play_texts)} setting="header_play_text" current={s.header_play_texts} />
          ) : (
            <Skeleton className="h-44 w-full" />
          )}
        </Panel>
        <Panel title={t("content.maintainTitle")}>
          {s ? <MaintainForm key={s.is_maintain} current={s.is_maintain} /> : <Skeleton className="h-44 w-full" />}
        </Panel>
        <Panel title={tt("pointWarningTitle")}>
          {s ? (
            <SettingTextForm key={JSON.stringify(s.point_warning_texts)} setting="point_warning" current={s.point_warning_texts} />
          ) : (
            <Skeleton className="h-44 w-full" />
          )}
        </Panel>
        <Panel title={t("content.linksTitle")} className="lg:col-span-2">
          {s ? <SocialLinksForm key={JSON.stringify(s.social_links)} current={s.social_links} /> : <Skeleton className="h-72 w-full" />}
        </Panel>
        <div className="lg:col-span-2">
          <BannersPanel />
        </div>
      </div>
    </>
  );
}
