import type { Draw, LotteryType } from "@shwe/contracts";
import { formatAmount, formatDisplayDateTime, payout } from "@shwe/domain";
import { Button, buttonClass } from "../../../components/button.tsx";
import { PopupBox } from "../../../components/popup-box.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { gameKey } from "../lib/games.ts";

export interface ConfirmLine {
  number: string;
  amount: number;
}

export interface ConfirmSheetProps {
  open: boolean;
  type: LotteryType;
  draw: Draw;
  lines: readonly ConfirmLine[];
  total: number;
  balance: number;
  submitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Every line of the slip, the total and the main balance after it, before anything is sent. */
export function ConfirmSheet({ open, type, draw, lines, total, balance, submitting, onConfirm, onClose }: ConfirmSheetProps) {
  const { t } = useTranslation("lottery");
  const after = balance - total;
  const short = after < 0;
  return (
    <PopupBox open={open} onClose={submitting ? () => undefined : onClose} title={t("confirm.title")} size="md">
      <p className="text-sm text-muted">
        {t(`games.${gameKey(type)}.name`)} · {t("confirm.draw", { time: formatDisplayDateTime(draw.draw_at) })} ·{" "}
        {t("odds", { odds: draw.odds })}
      </p>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-muted">
            <th scope="col" className="py-1 font-semibold">
              {t("confirm.number")}
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              {t("confirm.amount")}
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              {t("confirm.wins")}
            </th>
          </tr>
        </thead>
        <tbody className="tabular">
          {lines.map((line) => (
            <tr key={line.number} className="border-t border-line">
              <td className="py-1.5 text-base font-bold text-gold">{line.number}</td>
              <td className="py-1.5 text-right">{formatAmount(line.amount)}</td>
              <td className="py-1.5 text-right text-muted">{formatAmount(payout(line.amount, draw.odds))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="tabular mt-3 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-line pt-3 text-sm">
        <dt className="font-semibold">{t("confirm.total", { count: lines.length })}</dt>
        <dd className="text-right text-base font-bold text-gold">
          {formatAmount(total)} {t("currency")}
        </dd>
        <dt className="text-muted">{t("confirm.balance")}</dt>
        <dd className="text-right">{formatAmount(balance)}</dd>
        <dt className="text-muted">{t("confirm.after")}</dt>
        <dd className={`text-right font-semibold ${short ? "text-danger" : "text-text"}`}>{formatAmount(after)}</dd>
      </dl>
      {short ? (
        <p role="alert" className="mt-3 rounded-card border border-danger/60 bg-danger/10 px-3 py-2 text-sm text-danger">
          {t("confirm.short")}{" "}
          <Link to={paths.cashIn} className="font-semibold underline">
            {t("confirm.cashIn")}
          </Link>
        </p>
      ) : null}
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onClose} disabled={submitting}>
          {t("confirm.cancel")}
        </Button>
        <Button onClick={onConfirm} loading={submitting} disabled={short}>
          {t("confirm.ok")}
        </Button>
      </div>
    </PopupBox>
  );
}

/** After a slip is accepted: its number and total, and the way to the slip history. */
export function BetPlaced({ slipId, total, onDismiss }: { slipId: number; total: number; onDismiss: () => void }) {
  const { t } = useTranslation("lottery");
  return (
    <div role="status" className="mb-2 rounded-card border border-win/60 bg-win/10 p-3">
      <p className="font-semibold text-win">{t("placed.title")}</p>
      <p className="tabular mt-0.5 text-sm text-text">{t("placed.text", { id: slipId, total: formatAmount(total) })}</p>
      <div className="mt-2 flex gap-2">
        <Link to={paths.betSlip} className={buttonClass({ variant: "secondary" })}>
          {t("placed.viewSlips")}
        </Link>
        <Button variant="ghost" onClick={onDismiss}>
          {t("placed.again")}
        </Button>
      </div>
    </div>
  );
}
