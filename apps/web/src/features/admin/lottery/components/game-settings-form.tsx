import type { AdminLotteryGame, AdminLotteryUpdate, ResultSource } from "@shwe/contracts";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { toast } from "../../../../lib/toast.ts";
import { inputClass, TextField } from "../../components/fields.tsx";
import { Panel } from "../../components/panel.tsx";
import { useErrorToast } from "../../hooks/use-error-text.ts";
import { useUpdateGame } from "../api/games.ts";

type Form = {
  name: string;
  odds: string;
  enabled: boolean;
  result_source: ResultSource;
  min_stake: string;
  max_stake: string;
  max_lines: string;
  number_cap: string;
  hot_cap: string;
};

const NUMERIC = ["odds", "min_stake", "max_stake", "max_lines", "number_cap", "hot_cap"] as const;
type NumericField = (typeof NUMERIC)[number];

function formOf(game: AdminLotteryGame): Form {
  return {
    name: game.name,
    odds: String(game.odds),
    enabled: game.enabled,
    result_source: game.result_source,
    min_stake: String(game.limits.min_stake),
    max_stake: String(game.limits.max_stake),
    max_lines: String(game.limits.max_lines),
    number_cap: String(game.limits.number_cap),
    hot_cap: String(game.limits.hot_cap),
  };
}

function currentOf(game: AdminLotteryGame, field: NumericField): number {
  return field === "odds" ? game.odds : game.limits[field];
}

/** Odds, name, enabled, result source and the stake limits of one game; only the changed fields are sent. */
/** An operator who is not an admin sees the settings read-only (the server refuses their changes). */
export function GameSettingsForm({ game, editable = true }: { game: AdminLotteryGame; editable?: boolean }) {
  const { t } = useTranslation("admin");
  const sourceId = useId();
  const update = useUpdateGame(game.type);
  const showError = useErrorToast();
  const [form, setForm] = useState<Form>(() => formOf(game));
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  useEffect(() => setForm(formOf(game)), [game]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const change: AdminLotteryUpdate = {};
    const problems: Partial<Record<keyof Form, string>> = {};
    for (const field of NUMERIC) {
      const value = Number(form[field]);
      if (!/^\d+$/.test(form[field]) || value < 1) problems[field] = t("lottery.wholeNumber");
      else if (value !== currentOf(game, field)) change[field] = value;
    }
    if (!problems.min_stake && !problems.max_stake && Number(form.min_stake) > Number(form.max_stake)) {
      problems.max_stake = t("lottery.minAboveMax");
    }
    if (!form.name.trim()) problems.name = t("lottery.nameRequired");
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (form.name.trim() !== game.name) change.name = form.name.trim();
    if (form.enabled !== game.enabled) change.enabled = form.enabled;
    if (form.result_source !== game.result_source) change.result_source = form.result_source;
    if (Object.keys(change).length === 0) {
      toast.info(t("lottery.nothingChanged"));
      return;
    }
    update.mutate(change, { onSuccess: () => toast.success(t("lottery.saved")), onError: showError });
  };

  const numberField = (field: NumericField, label: string, hint?: string) => (
    <TextField
      label={label}
      value={form[field]}
      inputMode="numeric"
      onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value.replace(/\D/g, "") }))}
      error={errors[field]}
      hint={hint}
    />
  );

  return (
    <Panel title={t("lottery.settingsTitle")}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset disabled={!editable} className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t("lottery.name")}
              value={form.name}
              maxLength={60}
              onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
              error={errors.name}
            />
            {numberField("odds", t("lottery.odds"), t("lottery.oddsHint"))}
            {numberField("min_stake", t("lottery.minStake"))}
            {numberField("max_stake", t("lottery.maxStake"))}
            {numberField("max_lines", t("lottery.maxLines"))}
            {numberField("number_cap", t("lottery.numberCap"))}
            {numberField("hot_cap", t("lottery.hotCap"))}
            <div>
              <label htmlFor={sourceId} className="mb-1.5 block text-sm font-medium text-muted">
                {t("lottery.sourceLabel")}
              </label>
              <select
                id={sourceId}
                value={form.result_source}
                onChange={(e) => setForm((f) => ({ ...f, result_source: e.target.value as ResultSource }))}
                className={inputClass}
              >
                {(["manual", "feed", "fair"] as const).map((s) => (
                  <option key={s} value={s}>
                    {t(`lottery.source.${s}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.enabled}
              onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))}
              className="size-5 accent-gold"
            />
            {t("lottery.enabled")}
          </label>
        </fieldset>
        {editable ? (
          <Button type="submit" loading={update.isPending}>
            {t("actions.save")}
          </Button>
        ) : null}
      </form>
    </Panel>
  );
}
