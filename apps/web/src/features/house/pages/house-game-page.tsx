import { useEffect, useState } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import { LANGUAGES } from "../../../lib/i18n.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useParams, useSearchParams } from "../../../lib/router.tsx";
import { CrashGame } from "../components/crash-game.tsx";
import { SlotGame } from "../components/slot-game.tsx";
import { isHouseGame, storedSessionToken, useLaunchExchange, useSessionInfo } from "../hooks/use-house-session.ts";
import { errorKey, isSessionEnded } from "../lib/error-key.ts";

function Message({ title, body, onRetry }: { title: string; body?: string; onRetry?: () => void }) {
  const { t } = useTranslation("house");
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-bg px-6 text-center" role="alert">
      <div
        aria-hidden="true"
        className="flex size-16 items-center justify-center rounded-full border border-gold/40 bg-surface-2 text-3xl text-gold"
      >
        !
      </div>
      <h1 className="text-lg font-bold text-text">{title}</h1>
      {body ? <p className="max-w-xs text-sm text-muted">{body}</p> : null}
      {onRetry ? (
        <button type="button" onClick={onRetry} className="min-h-11 rounded-card bg-gold px-6 font-semibold text-bg hover:bg-gold-hover">
          {t("retry")}
        </button>
      ) : null}
    </div>
  );
}

/**
 * /house/:game — a Shwe House Games game page, opened from the launch URL in the game overlay
 * (no site header or footer). The launch URL carries a one-time launch code (?launch=): it leaves the
 * address bar at once and is exchanged for the play session token, which is then kept for the tab
 * and sent only in the X-House-Session header.
 */
export function HouseGamePage() {
  const { t, i18n } = useTranslation("house");
  const { game } = useParams();
  const [params, setParams] = useSearchParams();
  const [launchCode] = useState(() => params.get("launch"));
  const [kept] = useState(() => (isHouseGame(game) && launchCode === null ? storedSessionToken(game) : null));
  const exchange = useLaunchExchange(game ?? "", isHouseGame(game) ? launchCode : null);

  // The launch code leaves the address bar (and so the history and any shared screenshot) at once.
  useEffect(() => {
    if (!params.has("launch") && !params.has("session")) return;
    const next = new URLSearchParams(params);
    next.delete("launch");
    next.delete("session");
    setParams(next, { replace: true });
  }, [params, setParams]);

  const lang = params.get("lang");
  useEffect(() => {
    if (lang && (LANGUAGES as readonly string[]).includes(lang) && i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang, i18n]);

  if (!isHouseGame(game)) return <Message title={t("errors.unknownGame")} />;
  if (launchCode !== null) {
    if (exchange.isPending) return <Spinner variant="fullscreen" />;
    if (exchange.isError) {
      if (isSessionEnded(exchange.error)) return <Message title={t("errors.sessionEnded")} body={t("errors.reopen")} />;
      return <Message title={t(errorKey(exchange.error))} body={t("errors.reopen")} />;
    }
    return <LoadedGame game={game} token={exchange.data} />;
  }
  if (!kept) return <Message title={t("errors.sessionEnded")} body={t("errors.reopen")} />;
  return <LoadedGame game={game} token={kept} />;
}

function LoadedGame({ game, token }: { game: "house-slot" | "house-crash"; token: string }) {
  const { t } = useTranslation("house");
  const info = useSessionInfo(token);
  if (info.isPending) return <Spinner variant="fullscreen" />;
  if (info.isError) {
    if (isSessionEnded(info.error)) return <Message title={t("errors.sessionEnded")} body={t("errors.reopen")} />;
    return <Message title={t(errorKey(info.error))} onRetry={() => void info.refetch()} />;
  }
  if (info.data.game !== game) return <Message title={t("errors.unknownGame")} />;
  return game === "house-slot" ? <SlotGame token={token} info={info.data} /> : <CrashGame token={token} info={info.data} />;
}
