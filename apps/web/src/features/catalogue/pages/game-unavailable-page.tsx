import { Button, buttonClass } from "../../../components/button.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, useSearchParams } from "../../../lib/router.tsx";
import { useProviderByCode } from "../api/provider-directory.ts";
import { GAME_CLOSE_MESSAGE } from "../lib/overlay-messages.ts";

/** A provider code as it may appear in the address (anything else is not shown). */
const CODE = /^[A-Za-z0-9_-]{1,40}$/;

function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * /game/unavailable?provider=<code>: what the game overlay shows for a provider whose games cannot
 * run in the offline demo (only the built-in house games can). Inside the overlay a button closes it;
 * opened on its own it links home.
 */
export function GameUnavailablePage() {
  const { t } = useTranslation("games");
  const [params] = useSearchParams();
  const raw = params.get("provider") ?? "";
  const code = CODE.test(raw) ? raw.toUpperCase() : "";
  const provider = useProviderByCode(code);
  const name = provider.data?.name ?? (code || t("unavailable.thisProvider"));
  const framed = inFrame();

  const close = () => window.parent.postMessage({ type: GAME_CLOSE_MESSAGE }, window.location.origin);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg p-4">
      <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-card border border-line bg-surface px-6 py-8 text-center shadow-card">
        <div className="flex size-20 items-center justify-center rounded-full border border-gold/40 bg-surface-2 text-gold">
          <svg viewBox="0 0 48 48" width="44" height="44" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
            <rect x="6" y="12" width="36" height="24" rx="6" />
            <path d="M15 21v6M12 24h6" strokeLinecap="round" />
            <circle cx="31" cy="22" r="1.8" fill="currentColor" stroke="none" />
            <circle cx="35" cy="26" r="1.8" fill="currentColor" stroke="none" />
            <path d="M8 8l32 32" strokeLinecap="round" className="text-danger" stroke="currentColor" />
          </svg>
        </div>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold tracking-wide text-gold" data-testid="unavailable-provider">
            {name}
          </p>
          <h1 className="text-xl font-bold text-text">{t("unavailable.title")}</h1>
          <p className="text-sm text-muted">{t("unavailable.text", { provider: name })}</p>
        </div>
        <p className="rounded-card bg-surface-2 px-4 py-3 text-sm text-text">{t("unavailable.houseHint")}</p>
        {framed ? (
          <>
            <Button onClick={close} block>
              {t("unavailable.close")}
            </Button>
            <p className="text-xs text-faint">{t("unavailable.closeHint")}</p>
          </>
        ) : (
          <Link to={paths.home} className={buttonClass({ block: true })}>
            {t("unavailable.home")}
          </Link>
        )}
      </div>
    </main>
  );
}
