import type { Game } from "@shwe/contracts";
import { useCallback, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { LANGUAGES, type Language } from "../../../lib/i18n.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { refreshProfile } from "../../session/api/profile.ts";
import { useTransferPopup } from "../../session/stores/transfer-popup.ts";
import { requestGameLaunch } from "../api/launch.ts";
import { safeLaunchUrl } from "../lib/launch-url.ts";

export interface OpenGame {
  url: string;
  name: string;
  game: Game;
}

/** What a first launch's transfer popup starts from: the main balance, up to this much. */
export const FIRST_TRANSFER_AMOUNT = 10_000;

/** Launch refusals the player can act on get their own sentence; anything else is logged and gets a generic one. */
const KNOWN_LAUNCH_ERRORS: Record<string, "launch.maintenance" | "launch.noTransferIn" | "launch.unavailable"> = {
  PROVIDER_MAINTENANCE: "launch.maintenance",
  NO_TRANSFER_IN: "launch.noTransferIn",
  /** The aggregator did not answer or refused the launch; nothing was charged. */
  PROVIDER_UNAVAILABLE: "launch.unavailable",
};

/**
 * Starting a game: visitors are asked to log in first ('Need to login first !'); a signed-in player's
 * launch URL is requested once (further taps wait for it) and opened in the game overlay. Closing the
 * overlay reloads the balances (docs/decisions/0006).
 */
export function useGameLauncher({ providerInMaintenance = false }: { providerInMaintenance?: boolean } = {}) {
  const { t, i18n } = useTranslation("games");
  const signedIn = useSession((s) => Boolean(s.user?.token));
  const [loginPrompt, setLoginPrompt] = useState(false);
  const [launching, setLaunching] = useState<number | null>(null);
  const [openGame, setOpenGame] = useState<OpenGame | null>(null);
  const busy = useRef(false);

  const launchUrlFor = useCallback(
    async (game: Game): Promise<string> => {
      const lng = i18n.resolvedLanguage as Language | undefined;
      const { Url } = await requestGameLaunch({
        p_code: game.p_code,
        cate_code: game.cate_code,
        g_code: game.g_code,
        ...(lng && LANGUAGES.includes(lng) ? { language: lng } : {}),
      });
      const url = safeLaunchUrl(Url);
      if (!url) throw new Error(`Unusable launch URL for ${game.p_code}/${game.g_code}`);
      return url;
    },
    [i18n],
  );

  const reportFailure = useCallback(
    (err: unknown) => {
      const known = err instanceof ApiError ? KNOWN_LAUNCH_ERRORS[err.code] : undefined;
      if (known) {
        toast.warning(t(known), { toastId: known });
        if (known === "launch.noTransferIn") {
          // The way forward: the transfer it asks for, main → game, filled in from the main balance.
          const main = useSession.getState().user?.balance ?? 0;
          useTransferPopup.getState().show("in", main > 0 ? Math.min(main, FIRST_TRANSFER_AMOUNT) : undefined);
        }
      } else if (err instanceof ApiError && err.code === "SELF_EXCLUDED") {
        toast.warning(t("common:errors.SELF_EXCLUDED"), { toastId: "self-excluded" });
      } else if (!(err instanceof ApiError && err.status === 401)) {
        // Launch failures are logged only (spec §8); the player gets a short generic sentence.
        console.error("Game launch failed", err);
        toast.error(t("launch.failed"), { toastId: "launch-failed" });
      }
    },
    [t],
  );

  const launch = useCallback(
    async (game: Game) => {
      if (!signedIn) {
        setLoginPrompt(true);
        return;
      }
      if (providerInMaintenance) {
        toast.warning(t("launch.maintenance"), { toastId: "launch-maintenance" });
        return;
      }
      if (busy.current) return;
      busy.current = true;
      setLaunching(game.id);
      try {
        setOpenGame({ url: await launchUrlFor(game), name: game.name, game });
      } catch (err) {
        reportFailure(err);
      } finally {
        busy.current = false;
        setLaunching(null);
      }
    },
    [signedIn, providerInMaintenance, t, launchUrlFor, reportFailure],
  );

  const close = useCallback(() => {
    setOpenGame(null);
    void refreshProfile();
  }, []);

  /**
   * The open game moves to a new tab (the overlay closes, so it never runs twice). A launch URL may
   * work only once (the house games' launch code is used by the overlay already), so the new tab gets
   * a fresh launch; the tab is opened at once, inside the click, so no pop-up blocker stops it.
   */
  const openInNewTab = useCallback(() => {
    const current = openGame;
    if (!current) return;
    const tab = window.open("about:blank", "_blank");
    if (tab) tab.opener = null;
    close();
    launchUrlFor(current.game).then(
      (url) => {
        if (tab) tab.location.href = new URL(url, window.location.origin).href;
      },
      (err: unknown) => {
        tab?.close();
        reportFailure(err);
      },
    );
  }, [openGame, close, launchUrlFor, reportFailure]);

  return { launch, launching, openGame, close, openInNewTab, loginPrompt, closeLoginPrompt: () => setLoginPrompt(false) };
}
