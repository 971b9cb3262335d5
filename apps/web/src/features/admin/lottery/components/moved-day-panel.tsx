import type { LotteryType, MovedDayResponse } from "@shwe/contracts";
import { formatDisplayDate, yangonDate } from "@shwe/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { api } from "../../../../lib/api-client.ts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { toast } from "../../../../lib/toast.ts";
import { invalidateLotteryViews } from "../../api/query-keys.ts";
import { TextField } from "../../components/fields.tsx";
import { Panel } from "../../components/panel.tsx";
import { useErrorToast } from "../../hooks/use-error-text.ts";

/** A draw day moved to another day (3D follows the Thai Government Lottery, which moves its 1st or 16th around holidays). */
export function MovedDayPanel({ type, extraDays }: { type: LotteryType; extraDays: readonly string[] }) {
  const { t } = useTranslation("stats");
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const move = useMutation({
    mutationFn: async (body: { from: string; to: string }) =>
      api<MovedDayResponse>(`admin/lottery/${type}/moved-days`, { method: "POST", body }),
    onSettled: () => invalidateLotteryViews(queryClient),
  });
  const today = yangonDate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    move.mutate(
      { from, to },
      {
        onSuccess: (res) => {
          setFrom("");
          setTo("");
          toast.success(t("movedDay.done", { count: res.voided_draw_ids.length }));
        },
        onError: showError,
      },
    );
  };
  const upcoming = extraDays.filter((d) => d >= today);
  return (
    <Panel title={t("movedDay.title")}>
      <p className="mb-3 text-sm text-muted">{t("movedDay.about")}</p>
      {upcoming.length > 0 ? (
        <p className="mb-3 text-sm">
          {t("movedDay.extraDays")} <span className="tabular font-semibold">{upcoming.map((d) => formatDisplayDate(d)).join(", ")}</span>
        </p>
      ) : null}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <TextField
          type="date"
          label={t("movedDay.from")}
          value={from}
          min={today}
          onChange={(e) => setFrom(e.target.value)}
          className="w-48 [color-scheme:dark]"
        />
        <TextField
          type="date"
          label={t("movedDay.to")}
          value={to}
          min={today}
          onChange={(e) => setTo(e.target.value)}
          className="w-48 [color-scheme:dark]"
        />
        <Button type="submit" variant="secondary" disabled={!from || !to} loading={move.isPending}>
          {t("movedDay.submit")}
        </Button>
      </form>
    </Panel>
  );
}
