import type { LotteryType } from "@shwe/contracts";
import { expandPick, isValidNumber, LOTTERY_GAMES, type QuickPick, type QuickPickKind, quickPickKinds } from "@shwe/domain";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";

type AddNumbers = (numbers: string[], pick: QuickPickKind) => void;

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** Picks that need one digit from the player. */
const DIGIT_PICKS = new Set<QuickPickKind>(["head", "tail", "brake", "apar"]);

const chipClass = (active: boolean) =>
  `min-h-11 rounded-full border px-3.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
    active ? "border-gold bg-gold/15 text-gold" : "border-line bg-surface-2 text-text hover:border-gold"
  }`;

/** Typing a number: "Add" puts it on the slip, "R" adds it with its reverse (3D: every permutation). */
export function NumberEntry({ type, onAdd, disabled }: { type: LotteryType; onAdd: AddNumbers; disabled?: boolean }) {
  const { t } = useTranslation("lottery");
  const digits = LOTTERY_GAMES[type].digits;
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const add = (kind: "direct" | "r") => {
    if (!isValidNumber(type, value)) {
      setError(t("entry.invalid", { digits }));
      return;
    }
    onAdd(expandPick(type, { kind, number: value }), kind);
    setValue("");
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add("direct");
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-muted">
        {t("entry.label", { digits })}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={value}
          onChange={(e) => {
            setValue(e.target.value.replace(/\D/g, "").slice(0, digits));
            setError(null);
          }}
          inputMode="numeric"
          autoComplete="off"
          maxLength={digits}
          placeholder={"0".repeat(digits)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
          className="tabular min-h-11 w-24 min-w-0 flex-1 rounded-card sm:max-w-48 border border-line bg-bg px-3 text-center text-lg font-bold tracking-[0.3em] text-text placeholder:text-faint focus:border-gold focus:outline-none"
        />
        <Button type="submit" variant="secondary" disabled={disabled}>
          {t("entry.add")}
        </Button>
        {digits > 1 ? (
          <Button variant="secondary" onClick={() => add("r")} disabled={disabled} aria-label={t("entry.addR")} title={t("entry.addR")}>
            R
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The 2D quick picks of domain-rules §3: double, head, tail, brake, nat, power, brother, khway, apar. */
export function PickChips({ type, onAdd, disabled }: { type: LotteryType; onAdd: AddNumbers; disabled?: boolean }) {
  const { t } = useTranslation("lottery");
  const kinds = quickPickKinds(type).filter((k) => k !== "direct" && k !== "r");
  const [active, setActive] = useState<QuickPickKind | null>(null);
  const [khway, setKhway] = useState<number[]>([]);
  const [withDoubles, setWithDoubles] = useState(false);
  if (kinds.length === 0) return null;

  const pick = (p: QuickPick) => onAdd(expandPick(type, p), p.kind);
  const onChip = (kind: QuickPickKind) => {
    if (kind === "double" || kind === "nat" || kind === "power" || kind === "brother") {
      setActive(kind);
      pick({ kind });
    } else setActive(active === kind ? null : kind);
  };
  const khwayReady = khway.length >= 2 || (withDoubles && khway.length >= 1);

  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-muted">{t("picks.title")}</h3>
      <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {kinds.map((kind) => (
          <button
            key={kind}
            type="button"
            disabled={disabled}
            aria-expanded={DIGIT_PICKS.has(kind) || kind === "khway" ? active === kind : undefined}
            onClick={() => onChip(kind)}
            className={`${chipClass(active === kind)} shrink-0 whitespace-nowrap disabled:opacity-50`}
          >
            {t(`picks.${kind}.name`)}
          </button>
        ))}
      </div>
      {active ? <p className="mt-2 text-xs text-muted">{t(`picks.${active}.hint`)}</p> : null}
      {active && DIGIT_PICKS.has(active) ? (
        <fieldset className="mt-2">
          <legend className="sr-only">{t("picks.chooseDigit", { pick: t(`picks.${active}.name`) })}</legend>
          <div className="grid grid-cols-5 gap-1.5 sm:grid-cols-10">
            {DIGITS.map((d) => (
              <button
                key={d}
                type="button"
                disabled={disabled}
                onClick={() => pick({ kind: active, digit: d } as QuickPick)}
                aria-label={t("picks.digitAction", { pick: t(`picks.${active}.name`), digit: d })}
                className="tabular min-h-11 rounded-card border border-line bg-bg text-base font-bold hover:border-gold focus-visible:outline-2 focus-visible:outline-gold"
              >
                {d}
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}
      {active === "khway" ? (
        <fieldset className="mt-2">
          <legend className="sr-only">{t("picks.khwayDigits")}</legend>
          <div className="grid grid-cols-5 gap-1.5 sm:grid-cols-10">
            {DIGITS.map((d) => {
              const on = khway.includes(d);
              return (
                <button
                  key={d}
                  type="button"
                  aria-pressed={on}
                  disabled={disabled}
                  onClick={() => setKhway((set) => (on ? set.filter((x) => x !== d) : [...set, d].sort()))}
                  className={`tabular min-h-11 rounded-card border text-base font-bold focus-visible:outline-2 focus-visible:outline-gold ${
                    on ? "border-gold bg-gold text-bg" : "border-line bg-bg hover:border-gold"
                  }`}
                >
                  {d}
                </button>
              );
            })}
          </div>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={withDoubles}
                onChange={(e) => setWithDoubles(e.target.checked)}
                className="size-5 accent-gold"
              />
              {t("picks.khwayDoubles")}
            </label>
            <Button
              variant="secondary"
              disabled={disabled || !khwayReady}
              onClick={() => {
                pick({ kind: "khway", digits: khway, withDoubles });
                setKhway([]);
              }}
            >
              {t("picks.addKhway")}
            </Button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
