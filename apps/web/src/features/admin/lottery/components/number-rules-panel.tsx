import type { LotteryType } from "@shwe/contracts";
import { isValidNumber, LOTTERY_GAMES } from "@shwe/domain";
import { useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { toast } from "../../../../lib/toast.ts";
import { TextField } from "../../components/fields.tsx";
import { Badge, Panel } from "../../components/panel.tsx";
import { LoadError } from "../../components/query-state.tsx";
import { useErrorToast } from "../../hooks/use-error-text.ts";
import { useNumberRules, useSetNumberRules } from "../api/games.ts";

/** Numbers typed as "12, 21 34" → the distinct valid numbers, or the first one that is not a number of the game. */
function parseNumbers(type: LotteryType, text: string): { numbers: string[]; bad?: string } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const bad = parts.find((p) => !isValidNumber(type, p));
  return bad === undefined ? { numbers: [...new Set(parts)].sort() } : { numbers: [], bad };
}

/** Hot (lower cap) and blocked (no bets) numbers of a game: the current marks, and a field to change them. */
export function NumberRulesPanel({ type, editable = true }: { type: LotteryType; editable?: boolean }) {
  const { t } = useTranslation("admin");
  const rules = useNumberRules(type);
  const set = useSetNumberRules(type);
  const showError = useErrorToast();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const digits = LOTTERY_GAMES[type].digits;

  const apply = (change: { hot?: boolean; blocked?: boolean }, numbers?: string[]) => {
    let list = numbers;
    if (!list) {
      const parsed = parseNumbers(type, text);
      if (parsed.bad !== undefined || parsed.numbers.length === 0) {
        setError(t("lottery.numbersInvalid", { digits, value: parsed.bad ?? "" }));
        return;
      }
      list = parsed.numbers;
    }
    set.mutate(
      { numbers: list, ...change },
      {
        onSuccess: () => {
          toast.success(t("lottery.marksSaved"));
          if (!numbers) setText("");
        },
        onError: showError,
      },
    );
  };

  return (
    <Panel title={t("lottery.numbersTitle")}>
      <p className="mb-3 text-sm text-muted">{t("lottery.numbersHint")}</p>
      {rules.isError ? (
        <LoadError error={rules.error} onRetry={() => void rules.refetch()} />
      ) : (rules.data ?? []).length === 0 ? (
        <p className="mb-3 text-sm text-muted">{rules.isPending ? "…" : t("lottery.noMarks")}</p>
      ) : (
        <ul className="mb-3 flex flex-wrap gap-2" aria-label={t("lottery.numbersTitle")}>
          {(rules.data ?? []).map((r) => (
            <li key={r.number} className="flex items-center gap-1.5 rounded-card border border-line bg-surface-2 py-1 pr-1 pl-2.5">
              <span className="tabular font-bold text-gold">{r.number}</span>
              {r.hot ? <Badge tone="danger">{t("lottery.hot")}</Badge> : null}
              {r.blocked ? <Badge tone="muted">{t("lottery.blocked")}</Badge> : null}
              {editable ? (
                <button
                  type="button"
                  onClick={() => apply({ hot: false, blocked: false }, [r.number])}
                  disabled={set.isPending}
                  aria-label={t("lottery.clearMarksOf", { number: r.number })}
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
        <>
          <TextField
            label={t("lottery.numbersField", { digits })}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
            error={error}
            placeholder={digits === 3 ? "123, 456" : digits === 2 ? "07, 70" : "3, 7"}
            autoComplete="off"
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => apply({ hot: true })} disabled={set.isPending}>
              {t("lottery.markHot")}
            </Button>
            <Button variant="secondary" onClick={() => apply({ blocked: true })} disabled={set.isPending}>
              {t("lottery.block")}
            </Button>
            <Button variant="ghost" onClick={() => apply({ hot: false, blocked: false })} disabled={set.isPending}>
              {t("lottery.clearMarks")}
            </Button>
          </div>
        </>
      ) : null}
    </Panel>
  );
}
