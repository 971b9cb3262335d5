import { useEffect, useState } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import { LANGUAGES } from "../../../lib/i18n.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useParams, useSearchParams } from "../../../lib/router.tsx";
import { CrashGame } from "../components/crash-game.tsx";
import { SlotGame } from "../components/slot-game.tsx";
import { isHouseGame, readSessionToken, useSessionInfo } from "../hooks/use-house-session.ts";
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
 * (no site header or footer). The play session token comes from ?session= and is then kept for the tab.
 */
export function HouseGamePage() {
  const { t, i18n } = useTranslation("house");
  const { game } = useParams();
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => (isHouseGame(game) ? readSessionToken(game, params.get("session")) : null));

  // The token leaves the address bar (and so the history and any shared screenshot) once it is kept.
  useEffect(() => {
    if (!params.has("session")) return;
    const next = new URLSearchParams(params);
    next.delete("session");
    setParams(next, { replace: true });
  }, [params, setParams]);

  const lang = params.get("lang");
  useEffect(() => {
    if (lang && (LANGUAGES as readonly string[]).includes(lang) && i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang, i18n]);

  if (!isHouseGame(game)) return <Message title={t("errors.unknownGame")} />;
  if (!token) return <Message title={t("errors.sessionEnded")} body={t("errors.reopen")} />;
  return <LoadedGame game={game} token={token} />;
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
