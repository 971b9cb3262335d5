import { useMemo, useState } from "react";
import { Button, buttonClass } from "../../../components/button.tsx";
import { BackIcon } from "../../../components/icons.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, useParams } from "../../../lib/router.tsx";
import { useCategoryProviders, useProviderGames } from "../api/catalogue.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { GameOverlay } from "../components/game-overlay.tsx";
import { GameSearch } from "../components/game-search.tsx";
import { GameTile, GameTileSkeleton } from "../components/game-tile.tsx";
import { LoginFirstDialog } from "../components/login-first-dialog.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { useGameLauncher } from "../hooks/use-game-launcher.ts";
import type { CategoryCode } from "../lib/category-codes.ts";
import { matchesSearch } from "../lib/cut-name.ts";

/** Skeleton tiles while the games load (spec §9). */
export const GAME_PLACEHOLDERS = 21;

const grid = "grid grid-cols-3 gap-x-3 gap-y-4 sm:grid-cols-5 lg:grid-cols-7";

/**
 * /{cat}/{prov}: a provider's games with a search box. Visitors are asked to log in; a signed-in
 * player's game opens in the game overlay.
 */
export function ProviderGamesPage({ category }: { category: CategoryCode }) {
  const { t } = useTranslation("games");
  const provider = useParams().provider ?? "";
  const [search, setSearch] = useState("");
  const games = useProviderGames(category, provider);
  const providers = useCategoryProviders(category);
  const info = providers.data?.find((p) => String(p.id) === provider || p.p_code.toLowerCase() === provider.toLowerCase());
  const launcher = useGameLauncher({ providerInMaintenance: info?.maintenance === true });
  const shown = useMemo(() => (games.data ?? []).filter((g) => matchesSearch(g.name, search)), [games.data, search]);
  const categoryName = t(`common:categories.${category}`);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PageHeading
          title={info?.name ?? (providers.isPending ? null : categoryName)}
          back={
            <Link
              to={paths.category(category)}
              aria-label={t("provider.backTo", { category: categoryName })}
              title={t("provider.backTo", { category: categoryName })}
              className="flex size-11 shrink-0 items-center justify-center rounded-full border border-line bg-surface text-muted transition-colors hover:border-gold hover:text-gold focus-visible:outline-2 focus-visible:outline-gold"
            >
              <BackIcon size={20} />
            </Link>
          }
        />
        <GameSearch value={search} onChange={setSearch} />
      </div>
      {info?.name ? <title>{`${info.name} · ${categoryName} · Shwe Lucky`}</title> : null}

      {info?.maintenance ? (
        <p role="status" className="rounded-card border border-warn/50 bg-warn/10 px-4 py-3 text-sm font-semibold text-warn">
          {t("launch.maintenance")}
        </p>
      ) : null}

      {games.isPending ? (
        <ul className={grid} aria-busy="true" aria-label={t("game.loading")}>
          {Array.from({ length: GAME_PLACEHOLDERS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <GameTileSkeleton />
            </li>
          ))}
        </ul>
      ) : games.isError ? (
        <EmptyState
          text={t("loadFailed")}
          action={
            <Button variant="secondary" onClick={() => void games.refetch()}>
              {t("retry")}
            </Button>
          }
        />
      ) : shown.length === 0 ? (
        <EmptyState
          text={t("noResult")}
          action={
            games.data.length === 0 ? (
              <Link to={paths.category(category)} className={buttonClass({ variant: "secondary" })}>
                {t("returnBack")}
              </Link>
            ) : null
          }
        />
      ) : (
        <ul className={grid}>
          {shown.map((game, i) => (
            <li key={game.id}>
              <GameTile
                game={game}
                onPlay={(g) => void launcher.launch(g)}
                launching={launcher.launching === game.id}
                disabled={launcher.launching !== null}
                priority={i < 6}
              />
            </li>
          ))}
        </ul>
      )}

      <LoginFirstDialog open={launcher.loginPrompt} onClose={launcher.closeLoginPrompt} />
      {launcher.openGame ? (
        <GameOverlay
          url={launcher.openGame.url}
          name={launcher.openGame.name}
          onClose={launcher.close}
          onOpenInNewTab={launcher.openInNewTab}
        />
      ) : null}
    </div>
  );
}
