import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { lazyIsland } from "../../../lib/island.tsx";
import { BannerCarousel } from "../components/banner-carousel.tsx";
import { LotteryGames } from "../components/lottery-games.tsx";

// Below the banner and the lottery games, so islands (lib/island.tsx): drawn by the server like the
// rest, their code arrives after the page's (about 3 KB gzip less on the home page's first visit).
const SocialRow = lazyIsland(
  "home-social-row",
  () => import("../components/social-row.tsx").then((m) => m.SocialRow),
  <Skeleton className="h-[5.375rem] w-full sm:h-[3.875rem]" />,
);
const HomeCatalogue = lazyIsland(
  "home-catalogue",
  () => import("../components/home-catalogue.tsx").then((m) => m.HomeCatalogue),
  <Skeleton className="h-[40rem] w-full" />,
);

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
