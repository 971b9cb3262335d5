import type { HouseRound } from "@shwe/contracts";
import { formatAmount } from "@shwe/domain";
import { useState } from "react";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useRounds } from "../hooks/use-house-session.ts";
import { VerifyDialog } from "./verify-dialog.tsx";

function timeOf(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}:${String(d.getSeconds()).padStart(2, "0")}`;
}

function ResultCell({ round }: { round: HouseRound }) {
  const { t } = useTranslation("house");
  if (round.status !== "settled") return <span className="text-warn">{t(`status.${round.status}`)}</span>;
  if (round.game === "house-crash") {
    const won = round.payout > 0;
    return (
      <span className={`tabular font-semibold ${won ? "text-win" : "text-danger"}`}>
        {round.crash_point === null ? "—" : `${round.crash_point.toFixed(2)}×`}
        <span className="ml-1 text-xs font-normal text-muted">({(round.auto_cash_out ?? 0).toFixed(2)}×)</span>
      </span>
    );
  }
  const lines = round.lines?.length ?? 0;
  return <span className={lines > 0 ? "text-win" : "text-muted"}>{lines > 0 ? t("history.lines", { n: lines }) : t("history.noWin")}</span>;
}

/** The player's latest rounds of this game, each with its proof behind "Verify". */
export function RoundHistory({ token }: { token: string }) {
  const { t } = useTranslation("house");
  const rounds = useRounds(token);
  const [open, setOpen] = useState<HouseRound | null>(null);
  return (
    <section className="rounded-card border border-line bg-surface p-3" aria-labelledby="house-history">
      <h2 id="house-history" className="mb-2 text-sm font-bold text-text">
        {t("history.title")}
      </h2>
      {rounds.isPending ? (
        <div className="space-y-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : rounds.isError ? (
        <p className="text-sm text-muted">{t("history.unavailable")}</p>
      ) : rounds.data.data.length === 0 ? (
        <p className="py-3 text-center text-sm text-muted">{t("history.empty")}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="round-history">
          {rounds.data.data.map((round) => {
            const net = round.payout - (round.status === "rolled_back" ? 0 : round.bet);
            return (
              <li key={round.round_id} className="flex items-center gap-2 py-2 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="truncate">
                    <span className="tabular text-muted">#{round.round_id}</span>{" "}
                    <span className="tabular text-faint">{timeOf(round.created_at)}</span>
                  </p>
                  <p className="truncate">
                    <span className="tabular">{formatAmount(round.bet)}</span> <span className="text-faint">→</span>{" "}
                    <ResultCell round={round} />
                  </p>
                </div>
                <span className={`tabular shrink-0 font-semibold ${net > 0 ? "text-win" : net < 0 ? "text-muted" : "text-text"}`}>
                  {net > 0 ? "+" : ""}
                  {formatAmount(net)}
                </span>
                <button
                  type="button"
                  onClick={() => setOpen(round)}
                  className="min-h-11 shrink-0 rounded-card border border-line px-3 text-xs font-semibold text-gold hover:border-gold"
                >
                  {t("history.verify")}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <VerifyDialog round={open} onClose={() => setOpen(null)} />
    </section>
  );
}
