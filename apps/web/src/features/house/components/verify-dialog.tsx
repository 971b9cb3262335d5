import type { HouseRound } from "@shwe/contracts";
import { acceptanceLimit, formatAmount, SLOT_REEL_LENGTH } from "@shwe/domain";
import type { ReactNode } from "react";
import { PopupBox } from "../../../components/popup-box.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useVerification } from "../hooks/use-verification.ts";
import { SlotSymbolArt } from "./slot-symbols.tsx";

function Hex({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <p className="text-xs text-muted">{label}</p>
      <p
        className="mt-0.5 select-all break-all rounded-lg bg-bg px-2 py-1.5 font-mono text-xs leading-relaxed text-text"
        data-testid={testId}
      >
        {value}
      </p>
    </div>
  );
}

function CheckLine({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <li className={`flex items-start gap-2 ${ok ? "text-win" : "text-danger"}`}>
      <span aria-hidden="true" className="mt-0.5 font-bold">
        {ok ? "✓" : "✗"}
      </span>
      <span>{children}</span>
    </li>
  );
}

/** The proof of one round: commitment, revealed seed, how the outcome follows, and a check run in this browser. */
export function VerifyDialog({ round, onClose }: { round: HouseRound | null; onClose: () => void }) {
  const { t } = useTranslation("house");
  const verification = useVerification(round);
  if (!round) return null;
  const slot = round.game === "house-slot";
  return (
    <PopupBox open onClose={onClose} title={t("verify.title", { id: round.round_id })} size="md">
      <div className="space-y-3 text-sm">
        <dl className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-lg bg-surface-2 px-2 py-1.5">
            <dt className="text-xs text-muted">{t("bet")}</dt>
            <dd className="tabular font-semibold">{formatAmount(round.bet)}</dd>
          </div>
          <div className="rounded-lg bg-surface-2 px-2 py-1.5">
            <dt className="text-xs text-muted">{t("payout")}</dt>
            <dd className={`tabular font-semibold ${round.payout > 0 ? "text-win" : ""}`}>{formatAmount(round.payout)}</dd>
          </div>
          <div className="rounded-lg bg-surface-2 px-2 py-1.5">
            <dt className="text-xs text-muted">{slot ? t("verify.result") : t("crash.crashPoint")}</dt>
            <dd className="tabular font-semibold">
              {slot ? t(`status.${round.status}`) : round.crash_point === null ? "—" : `${round.crash_point.toFixed(2)}×`}
            </dd>
          </div>
        </dl>

        {slot && round.reels ? (
          <figure className="mx-auto grid w-40 grid-cols-3 gap-1 rounded-lg bg-bg p-1.5">
            <figcaption className="sr-only">{t("verify.reels")}</figcaption>
            {[0, 1, 2].flatMap((row) =>
              round.reels?.map((column, reel) => {
                const symbol = column[row];
                return symbol ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: positional cells
                  <SlotSymbolArt key={`${row}-${reel}`} symbol={symbol} label={t(`symbols.${symbol}`)} className="aspect-square w-full" />
                ) : null;
              }),
            )}
          </figure>
        ) : null}

        <div aria-live="polite" data-testid="verify-result">
          {verification.state === "checking" ? <p className="text-muted">{t("verify.checking")}</p> : null}
          {verification.state === "unsupported" ? <p className="text-warn">{t("verify.unsupported")}</p> : null}
          {verification.state === "done" && verification.check ? (
            <ul className="space-y-1 font-semibold">
              <CheckLine ok={verification.check.commitment}>
                {verification.check.commitment ? t("verify.commitOk") : t("verify.commitBad")}
              </CheckLine>
              <CheckLine ok={verification.check.outcome}>
                {verification.check.outcome ? t("verify.outcomeOk") : t("verify.outcomeBad")}
              </CheckLine>
            </ul>
          ) : null}
        </div>

        <Hex label={t("verify.commitment")} value={round.commitment} testId="verify-commitment" />
        {round.seed ? (
          <Hex label={t("verify.seed")} value={round.seed} testId="verify-seed" />
        ) : (
          <p className="text-muted">{t("verify.notYet")}</p>
        )}

        {round.seed ? (
          <section className="rounded-card border border-line bg-surface-2/60 p-3">
            <h3 className="mb-1 font-semibold">{t("verify.howTitle")}</h3>
            <ol className="list-decimal space-y-1 pl-5 text-muted">
              <li>{t("verify.stepCommit")}</li>
              <li>{t("verify.stepHmac", { id: round.round_id })}</li>
              {slot ? (
                <li>{t("verify.stepSlot", { limit: formatAmount(acceptanceLimit(SLOT_REEL_LENGTH)) })}</li>
              ) : (
                <li>{t("verify.stepCrash")}</li>
              )}
            </ol>
            {verification.hmac ? <Hex label="HMAC-SHA256" value={verification.hmac} /> : null}
            {verification.stops ? (
              <p className="mt-2 text-muted" data-testid="verify-stops">
                {t("verify.stops", { stops: verification.stops.join(", ") })}
              </p>
            ) : null}
            {verification.word !== undefined ? (
              <p className="tabular mt-2 text-muted">{t("verify.word", { word: formatAmount(verification.word) })}</p>
            ) : null}
          </section>
        ) : null}

        {round.seed ? (
          <details className="rounded-card border border-line p-3 text-muted">
            <summary className="cursor-pointer font-semibold text-text">{t("verify.yourself")}</summary>
            <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-bg p-2 font-mono text-xs text-text">
              {`printf %s ${round.seed} | sha256sum\nprintf %s ${round.round_id} | openssl dgst -sha256 -hmac ${round.seed}`}
            </pre>
          </details>
        ) : null}
      </div>
    </PopupBox>
  );
}
