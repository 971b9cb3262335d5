import type { LotteryType } from "@shwe/contracts";
import { formatDisplayDate, yangonDate } from "@shwe/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { toast } from "../../../../lib/toast.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { TextField } from "../../components/fields.tsx";
import { Panel } from "../../components/panel.tsx";
import { useErrorToast } from "../../hooks/use-error-text.ts";
import { useOffDay } from "../api/games.ts";

/** Holidays of a game: no draw exists on them. Adding one removes that day's draws (voided with refunds when they have bets). */
export function OffDaysPanel({ type, offDays, editable = true }: { type: LotteryType; offDays: readonly string[]; editable?: boolean }) {
  const { t } = useTranslation("admin");
  const offDay = useOffDay(type);
  const showError = useErrorToast();
  const [day, setDay] = useState("");
  const [error, setError] = useState<string>();
  const [asking, setAsking] = useState<string | null>(null);
  const today = yangonDate();
  const days = [...offDays].sort();
  const upcoming = days.filter((d) => d >= today);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setError(t("lottery.dayRequired"));
      return;
    }
    setAsking(day);
  };

  return (
    <Panel title={t("lottery.offDaysTitle")}>
      {upcoming.length === 0 ? (
        <p className="mb-3 text-sm text-muted">{t("lottery.noOffDays")}</p>
      ) : (
        <ul className="mb-3 flex flex-wrap gap-2" aria-label={t("lottery.offDaysTitle")}>
          {upcoming.map((d) => (
            <li key={d} className="flex items-center gap-1 rounded-card border border-line bg-surface-2 py-1 pr-1 pl-2.5">
              <span className="tabular text-sm font-semibold">{formatDisplayDate(d)}</span>
              {editable ? (
                <button
                  type="button"
                  disabled={offDay.isPending}
                  onClick={() =>
                    offDay.mutate(
                      { day: d, add: false },
                      { onSuccess: () => toast.success(t("lottery.offDayRemoved")), onError: showError },
                    )
                  }
                  aria-label={t("lottery.removeOffDay", { day: formatDisplayDate(d) })}
                  className="flex size-9 items-center justify-center rounded-full text-muted hover:bg-bg hover:text-danger focus-visible:outline-2 focus-visible:outline-gold"
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
          <TextField
            type="date"
            label={t("lottery.addOffDay")}
            value={day}
            min={today}
            onChange={(e) => {
              setDay(e.target.value);
              setError(undefined);
            }}
            error={error}
            className="w-56 [color-scheme:dark]"
          />
          <Button type="submit" variant="secondary" className={error ? "mb-8" : ""}>
            {t("lottery.add")}
          </Button>
        </form>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={t("lottery.offDayConfirmTitle")}
        confirmLabel={t("lottery.add")}
        tone="danger"
        onConfirm={() =>
          offDay.mutateAsync({ day: asking ?? "", add: true }).then(
            (res) => {
              setAsking(null);
              setDay("");
              toast.success(t("lottery.offDayAdded", { count: res.voided_draw_ids.length }));
            },
            (err: unknown) => {
              setAsking(null);
              showError(err);
            },
          )
        }
      >
        {t("lottery.offDayConfirmText", { day: formatDisplayDate(asking ?? "") })}
      </ConfirmDialog>
    </Panel>
  );
}
