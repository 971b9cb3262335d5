import { useState } from "react";
import { PopupBox } from "../../../components/popup-box.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** The next round's commitment (shown before playing) and what it means. */
export function FairnessNote({ commitment, rtp }: { commitment: string; rtp: number }) {
  const { t } = useTranslation("house");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex min-h-11 w-full items-center gap-2 rounded-card border border-line bg-surface px-3 text-left text-xs text-muted hover:border-gold"
      >
        <span
          aria-hidden="true"
          className="flex size-5 shrink-0 items-center justify-center rounded-full border border-win text-[10px] font-bold text-win"
        >
          ✓
        </span>
        <span className="min-w-0 flex-1 truncate">
          {t("fair.next")}{" "}
          <span className="font-mono text-text" data-testid="next-commitment">{`${commitment.slice(0, 10)}…${commitment.slice(-6)}`}</span>
        </span>
        <span className="shrink-0 font-semibold text-gold">{t("fair.how")}</span>
      </button>
      <PopupBox open={open} onClose={() => setOpen(false)} title={t("fair.title")} size="md">
        <div className="space-y-2 text-sm text-muted">
          <p>{t("fair.p1")}</p>
          <p>{t("fair.p2")}</p>
          <p>{t("fair.p3")}</p>
          <p className="break-all rounded-lg bg-bg px-2 py-1.5 font-mono text-xs text-text">{commitment}</p>
          <p className="font-semibold text-text">{t("fair.rtp", { rtp: (rtp * 100).toFixed(2) })}</p>
        </div>
      </PopupBox>
    </>
  );
}
