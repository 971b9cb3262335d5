import type { LotteryType, LuckyHistoryItem } from "@shwe/contracts";
import {
  commitSeed,
  deriveDerivedFairNumber,
  deriveFairNumber,
  type FairDerivation,
  LOTTERY_GAMES,
  verifyDerivedFairDraw,
  verifyFairDraw,
} from "@shwe/domain";
import { type ReactNode, useEffect, useState } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { CrossIcon, ShieldCheckIcon } from "./lottery-icons.tsx";

type Check =
  | { state: "running" }
  | { state: "unsupported" }
  | { state: "failed" }
  | { state: "done"; hash: string; derivation: FairDerivation; sourceNumber: string | null; verified: boolean };

/** Web Crypto's subtle API exists only on secure pages (HTTPS or localhost). */
function hasSubtleCrypto(): boolean {
  return typeof globalThis.crypto !== "undefined" && typeof globalThis.crypto.subtle !== "undefined";
}

function Hex({ children }: { children: ReactNode }) {
  return <code className="mt-0.5 block rounded bg-bg px-2 py-1 font-mono text-xs break-all text-text">{children}</code>;
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-2.5">
      <span className="tabular flex size-6 shrink-0 items-center justify-center rounded-full bg-surface-2 text-xs font-bold text-gold">
        {n}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </li>
  );
}

function Mark({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <p className={`mt-1 flex items-center gap-1 text-xs font-semibold ${ok ? "text-win" : "text-danger"}`}>
      {ok ? <ShieldCheckIcon size={14} /> : <CrossIcon size={14} />}
      {ok ? yes : no}
    </p>
  );
}

/**
 * Checks a fair draw in the browser, step by step: the revealed seed hashes to the commitment
 * published before the draw, and HMAC-SHA256(seed, draw id) gives the published number. A 1D /
 * crypto 1D proof derived from the 2D / crypto 2D draw at the same time takes that draw's id as the
 * HMAC message and shows the last digit of its number.
 */
export function FairCheck({ type, item }: { type: LotteryType; item: LuckyHistoryItem }) {
  const { t } = useTranslation("lottery");
  const proof = item.proof;
  const [check, setCheck] = useState<Check>({ state: "running" });

  useEffect(() => {
    if (!proof) return;
    if (!hasSubtleCrypto()) {
      setCheck({ state: "unsupported" });
      return;
    }
    let live = true;
    void (async () => {
      try {
        const hash = await commitSeed(proof.seed);
        const from = proof.derived_from;
        if (from) {
          // 1D / crypto 1D: the 2D / crypto 2D number of the same seed and that draw's id, then its last digit.
          const derivation = await deriveDerivedFairNumber(proof.seed, from.draw_id, from.type, type, from.digit);
          const verified = await verifyDerivedFairDraw({
            seed: proof.seed,
            commitment: proof.commitment,
            type,
            sourceDrawId: from.draw_id,
            sourceType: from.type,
            digit: from.digit,
            number: item.number,
          });
          if (live) setCheck({ state: "done", hash, derivation, sourceNumber: derivation.sourceNumber, verified });
          return;
        }
        const derivation = await deriveFairNumber(proof.seed, proof.draw_id, type);
        const verified = await verifyFairDraw({
          seed: proof.seed,
          commitment: proof.commitment,
          drawId: proof.draw_id,
          type,
          number: item.number,
        });
        if (live) setCheck({ state: "done", hash, derivation, sourceNumber: null, verified });
      } catch {
        if (live) setCheck({ state: "failed" });
      }
    })();
    return () => {
      live = false;
    };
  }, [proof, type, item.number]);

  if (!proof) return null;
  if (check.state === "running") return <Spinner variant="inline" />;
  if (check.state === "unsupported") {
    return (
      <p role="alert" className="rounded-card border border-warn/60 bg-warn/10 px-3 py-2 text-sm text-warn">
        {t("fair.unsupported")}
      </p>
    );
  }
  if (check.state === "failed") {
    return (
      <p role="alert" className="rounded-card border border-danger/60 bg-danger/10 px-3 py-2 text-sm text-danger">
        {t("fair.malformed")}
      </p>
    );
  }
  const { hash, derivation, sourceNumber, verified } = check;
  const from = proof.derived_from;
  const size = LOTTERY_GAMES[from ? from.type : type].size;
  const hashOk = hash === proof.commitment.toLowerCase();
  const numberOk = derivation.number === item.number;
  const sourceGame = from ? t(`winners.types.${from.type}`) : "";
  const numberMark = (
    <Mark ok={numberOk} yes={t("fair.numberOk", { number: item.number })} no={t("fair.numberBad", { number: item.number })} />
  );
  return (
    <div className="flex flex-col gap-3">
      {from ? (
        <p className="rounded-card border border-line bg-surface-2 px-3 py-2 text-xs text-muted">
          {t("fair.derivedFrom", { game: sourceGame, id: from.draw_id })}
        </p>
      ) : null}
      {proof.fallback ? (
        <p className="rounded-card border border-line bg-surface-2 px-3 py-2 text-xs text-muted">
          {t("fair.fallback", { game: t(`winners.types.${type === "C1D" ? "C2D" : "2D"}`) })}
        </p>
      ) : null}
      <ol className="flex flex-col gap-3">
        <Step n={1} title={t("fair.commitment")}>
          <Hex>{proof.commitment}</Hex>
        </Step>
        <Step n={2} title={t("fair.seed")}>
          <Hex>{proof.seed}</Hex>
        </Step>
        <Step n={3} title={t("fair.hash")}>
          <Hex>{hash}</Hex>
          <Mark ok={hashOk} yes={t("fair.hashOk")} no={t("fair.hashBad")} />
        </Step>
        <Step n={4} title={t("fair.hmac", { message: derivation.message })}>
          <Hex>{derivation.hmac}</Hex>
        </Step>
        <Step n={5} title={t("fair.word")}>
          <p className="tabular mt-0.5 text-xs text-muted">
            {t("fair.wordText", {
              index: derivation.wordIndex + 1,
              word: derivation.word,
              limit: derivation.limit,
            })}
          </p>
          <p className="tabular mt-1 font-mono text-sm">
            {derivation.word} mod {size} = <span className="font-bold text-gold">{sourceNumber ?? derivation.number}</span>
          </p>
          {sourceNumber === null ? numberMark : null}
        </Step>
        {from && sourceNumber !== null ? (
          <Step n={6} title={t("fair.digit", { game: sourceGame })}>
            <p className="tabular mt-0.5 text-xs text-muted">{t("fair.digitText", { source: sourceNumber, number: derivation.number })}</p>
            <p className="tabular mt-1 font-mono text-sm">
              {sourceNumber} → <span className="font-bold text-gold">{derivation.number}</span>
            </p>
            {numberMark}
          </Step>
        ) : null}
      </ol>
      <p
        role="status"
        className={`flex items-center gap-2 rounded-card border px-3 py-2 text-sm font-semibold ${
          verified ? "border-win/60 bg-win/10 text-win" : "border-danger/60 bg-danger/10 text-danger"
        }`}
      >
        {verified ? <ShieldCheckIcon size={18} /> : <CrossIcon size={18} />}
        {verified ? t("fair.verified") : t("fair.notVerified")}
      </p>
      <p className="text-xs text-muted">{t("fair.yourself")}</p>
      <Hex>
        printf %s {proof.seed} | sha256sum
        <br />
        printf %s {derivation.message} | openssl dgst -sha256 -hmac {proof.seed}
      </Hex>
    </div>
  );
}
