import type { Game } from "@shwe/contracts";
import { AppImage } from "../../../components/app-image.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { cutName } from "../lib/cut-name.ts";

/**
 * A game on a provider's list: its square art and its name cut at 15 characters (the whole name in
 * the title and the accessible name). Tapping it starts the game.
 */
export function GameTile({
  game,
  onPlay,
  launching,
  disabled,
  priority,
}: {
  game: Game;
  onPlay: (game: Game) => void;
  launching: boolean;
  disabled: boolean;
  priority?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={() => onPlay(game)}
      disabled={disabled && !launching}
      aria-busy={launching || undefined}
      aria-label={game.name}
      title={game.name}
      className="group flex w-full flex-col gap-1.5 rounded-card text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:cursor-wait"
    >
      <span className="relative block aspect-square w-full overflow-hidden rounded-card border border-line bg-surface-2 transition-colors group-hover:border-gold">
        <AppImage
          src={game.image}
          alt=""
          width={300}
          height={300}
          priority={priority}
          className="absolute inset-0 size-full object-cover transition-transform duration-200 group-hover:scale-105 motion-reduce:transition-none"
        />
        {launching ? (
          <span className="absolute inset-0 flex items-center justify-center bg-bg/70">
            <Spinner variant="inline" />
          </span>
        ) : null}
      </span>
      <span className="block h-5 truncate px-0.5 text-xs leading-5 font-semibold text-text sm:text-sm sm:leading-5" data-testid="game-name">
        {cutName(game.name)}
      </span>
    </button>
  );
}

/** Placeholder with the exact box of a game tile (square art and one line of name). */
export function GameTileSkeleton() {
  return (
    <div className="flex flex-col gap-1.5">
      <Skeleton className="aspect-square w-full border border-line" />
      <Skeleton className="h-5 w-3/4 rounded-md" />
    </div>
  );
}
