import { useTranslation } from "../../../lib/i18n-react.tsx";
import { BannerCarousel } from "../components/banner-carousel.tsx";
import { HomeCatalogue } from "../components/home-catalogue.tsx";
import { LotteryGames } from "../components/lottery-games.tsx";
import { SocialRow } from "../components/social-row.tsx";

/** Home: banners, the lottery games, social links and the providers of every category. */
export function HomePage() {
  const { t } = useTranslation("common");
  return (
    <div className="flex flex-col gap-5">
      <h1 className="sr-only">{t("home.title")}</h1>
      <BannerCarousel />
      <LotteryGames />
      <SocialRow />
      <HomeCatalogue />
    </div>
  );
}
