import { formatAmount } from "@shwe/domain";
import { Card } from "../../../components/card.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useCopy } from "../hooks/use-copy.ts";

/** The invite link a friend opens to register with this referral code. */
export function referralLink(code: string, origin = window.location.origin): string {
  return `${origin}${paths.register}?ref=${encodeURIComponent(code)}`;
}

const smallButton =
  "inline-flex min-h-11 shrink-0 items-center justify-center gap-1.5 rounded-xl border border-line bg-surface-2 px-3 text-sm font-semibold text-text " +
  "transition-colors duration-150 hover:border-gold hover:text-gold focus-visible:outline-2 focus-visible:outline-gold";

/** Player ID, referral code (copy), the invite link (share or copy) and how many friends joined with it. */
export function CodesCard({ userCode, referralCode, referCount }: { userCode: string; referralCode: string; referCount: number }) {
  const { t } = useTranslation("profile");
  const { copied, copy } = useCopy();
  const link = referralLink(referralCode);

  const copyWithToast = async (key: string, text: string) => {
    if (await copy(key, text)) toast.success(t("copy.copied"));
    else toast.error(t("copy.failed"));
  };

  const share = async () => {
    const data = { title: "Shwe Lucky", text: t("copy.share_text", { code: referralCode }), url: link };
    if (typeof navigator.share === "function") {
      try {
        await navigator.share(data);
        return;
      } catch (err) {
        if ((err as Error).name === "AbortError") return;
      }
    }
    await copyWithToast("link", link);
  };

  return (
    <Card title={t("codes.title")}>
      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-muted">{t("codes.user_code")}</p>
          <p className="tabular font-mono text-base font-semibold text-text">{userCode}</p>
        </div>
        <div className="flex items-center justify-between gap-3 border-t border-line pt-3">
          <div className="min-w-0">
            <p className="text-sm text-muted">{t("codes.referral_code")}</p>
            <p className="font-mono text-xl font-bold tracking-[0.2em] text-gold">{referralCode}</p>
          </div>
          <button
            type="button"
            className={smallButton}
            onClick={() => copyWithToast("code", referralCode)}
            aria-label={t("copy.copy_code")}
          >
            <CopyIcon done={copied === "code"} />
            {copied === "code" ? t("copy.copied") : t("copy.copy")}
          </button>
        </div>
        <div className="flex items-center justify-between gap-3 border-t border-line pt-3">
          <p className="text-sm text-muted">{t("codes.refer_count")}</p>
          <p className="tabular text-base font-semibold text-text">{formatAmount(referCount)}</p>
        </div>
        <div className="flex flex-col gap-2 border-t border-line pt-3">
          <p className="text-sm text-muted">{t("codes.invite_link")}</p>
          <div className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate rounded-xl bg-surface-2 px-3 py-2.5 font-mono text-sm text-muted" title={link}>
              {link.replace(/^https?:\/\//, "")}
            </span>
            <button type="button" className={smallButton} onClick={share} aria-label={t("copy.share_link")}>
              <ShareIcon />
              {copied === "link" ? t("copy.copied") : t("copy.share")}
            </button>
          </div>
        </div>
      </div>
    </Card>
  );
}

function CopyIcon({ done }: { done: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {done ? (
        <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <>
          <rect x="8" y="8" width="12" height="12" rx="2" />
          <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
        </>
      )}
    </svg>
  );
}

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </svg>
  );
}
