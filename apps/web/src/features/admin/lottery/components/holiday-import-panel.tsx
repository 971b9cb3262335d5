import type { HolidayImportResult, HolidayMarket, LotteryType } from "@shwe/contracts";
import { formatDisplayDate } from "@shwe/domain";
import { useId, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { toast } from "../../../../lib/toast.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { Badge, Panel } from "../../components/panel.tsx";
import { useErrorText } from "../../hooks/use-error-text.ts";
import { useHolidayImport } from "../api/holidays.ts";

/** The market each game follows, where it has one whose holidays can be imported. */
export const MARKET_OF: Partial<Record<LotteryType, HolidayMarket>> = { "2D": "SET", "1D": "SET" };

/**
 * The exchange's holidays from a file (CSV date,name or iCalendar): a preview of what changes,
 * then the off days of every game of the market at once (their draws voided with refunds when
 * they have bets).
 */
export function HolidayImportPanel({ market }: { market: HolidayMarket }) {
  const { t } = useTranslation("stats");
  const inputId = useId();
  const importer = useHolidayImport(market);
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<HolidayImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  const pick = (next: File | null) => {
    setFile(next);
    setPreview(null);
    setError(null);
    if (!next) return;
    importer.mutate({ file: next, apply: false }, { onSuccess: (res) => setPreview(res), onError: (err) => setError(errorText(err)) });
  };
  const changes = preview?.holidays.filter((h) => h.new_for.length > 0) ?? [];
  const withBets = changes.reduce((n, h) => n + h.draws_with_bets, 0);

  return (
    <Panel title={t("holidayImport.title", { market })}>
      <p className="mb-3 text-sm text-muted">{t("holidayImport.about", { games: preview?.games.join(", ") ?? "2D, 1D" })}</p>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold">
        {t("holidayImport.file")}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,.ics,text/csv,text/calendar"
        onChange={(e) => pick(e.target.files?.[0] ?? null)}
        className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-line file:bg-surface-2 file:px-4 file:font-semibold file:text-text"
      />
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {preview ? (
        <div className="mt-3 space-y-3">
          <table className="w-full text-sm">
            <caption className="mb-1 text-left font-semibold">{t("holidayImport.preview", { count: preview.holidays.length })}</caption>
            <thead>
              <tr className="text-left text-xs text-muted">
                <th scope="col" className="py-1">
                  {t("holidayImport.day")}
                </th>
                <th scope="col">{t("holidayImport.name")}</th>
                <th scope="col">{t("holidayImport.change")}</th>
              </tr>
            </thead>
            <tbody>
              {preview.holidays.map((h) => (
                <tr key={h.day} className="border-t border-line">
                  <td className="tabular py-1.5 whitespace-nowrap">{formatDisplayDate(h.day)}</td>
                  <td className="px-2">{h.name || "—"}</td>
                  <td>
                    {h.new_for.length === 0 ? (
                      <Badge>{t("holidayImport.already")}</Badge>
                    ) : (
                      <span className="flex flex-wrap gap-1">
                        <Badge tone="gold">{h.new_for.join(", ")}</Badge>
                        {h.draws_with_bets > 0 ? (
                          <Badge tone="danger">{t("holidayImport.voids", { count: h.draws_with_bets })}</Badge>
                        ) : null}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button variant={withBets > 0 ? "danger" : "primary"} disabled={changes.length === 0} onClick={() => setAsking(true)}>
            {t("holidayImport.apply", { count: changes.length })}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t("holidayImport.confirmTitle")}
        confirmLabel={t("holidayImport.apply", { count: changes.length })}
        tone={withBets > 0 ? "danger" : "primary"}
        onConfirm={() =>
          file
            ? importer.mutateAsync({ file, apply: true }).then(
                (res) => {
                  setAsking(false);
                  setPreview(null);
                  setFile(null);
                  toast.success(t("holidayImport.applied", { count: res.voided_draw_ids.length }));
                },
                (err: unknown) => {
                  setAsking(false);
                  setError(errorText(err));
                },
              )
            : Promise.resolve()
        }
      >
        {t("holidayImport.confirmText", { count: changes.length, voided: withBets })}
      </ConfirmDialog>
    </Panel>
  );
}
