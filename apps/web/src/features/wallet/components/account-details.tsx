import type { PaymentMethod } from "@shwe/contracts";
import { useEffect, useRef, useState } from "react";
import { AppImage } from "../../../components/app-image.tsx";
import { CheckIcon } from "../../../components/icons.tsx";
import { PopupBox } from "../../../components/popup-box.tsx";
import { copyText } from "../../../lib/clipboard.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { CopyIcon, QrIcon } from "./icons.tsx";

/**
 * Where the player sends the money: the chosen wallet's account name and number (with a copy
 * button) and its QR code when it has one (tap to enlarge).
 */
export function AccountDetails({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation("wallet");
  const [copied, setCopied] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    if (await copyText(method.account_number)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 2000);
    }
  };

  return (
    <section aria-label={t("cashin.sendTo")} className="rounded-card border border-gold/40 bg-surface-2 p-4">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-muted">{t("cashin.sendTo")}</p>
          <p className="mt-1 text-sm text-muted">{t("cashin.accountName")}</p>
          <p className="text-base font-semibold break-words" data-testid="account-name">
            {method.account_name}
          </p>
          <p className="mt-1 text-sm text-muted">{t("cashin.accountNumber")}</p>
          <div className="flex flex-wrap items-center gap-2">
            <p className="tabular text-xl font-bold tracking-wide text-gold" data-testid="account-number">
              {method.account_number}
            </p>
            <button
              type="button"
              onClick={() => void copy()}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-line bg-surface px-3 text-sm font-semibold text-text transition-colors hover:border-gold hover:text-gold focus-visible:outline-2 focus-visible:outline-gold"
            >
              {copied ? <CheckIcon size={16} className="text-win" /> : <CopyIcon size={16} />}
              <span aria-live="polite">{copied ? t("cashin.copied") : t("cashin.copy")}</span>
            </button>
          </div>
        </div>
        {method.qr_image ? (
          <button
            type="button"
            onClick={() => setQrOpen(true)}
            aria-label={t("cashin.showQr")}
            className="group relative shrink-0 rounded-xl border border-line bg-text p-1 focus-visible:outline-2 focus-visible:outline-gold"
          >
            <AppImage src={method.qr_image} alt="" width={88} height={88} className="size-22 rounded-lg object-contain" />
            <span className="absolute right-1 bottom-1 flex size-6 items-center justify-center rounded-full bg-bg/80 text-gold">
              <QrIcon size={14} />
            </span>
          </button>
        ) : null}
      </div>
      {method.qr_image ? (
        <PopupBox open={qrOpen} onClose={() => setQrOpen(false)} title={t("cashin.qrTitle", { name: method.name })} centerTitle>
          <div className="mx-auto w-full max-w-72 rounded-xl bg-text p-3">
            <AppImage src={method.qr_image} alt={t("cashin.qrAlt", { name: method.name })} width={288} height={288} className="w-full" />
          </div>
          <p className="mt-3 text-center text-sm text-muted">{t("cashin.qrHint")}</p>
        </PopupBox>
      ) : null}
    </section>
  );
}
