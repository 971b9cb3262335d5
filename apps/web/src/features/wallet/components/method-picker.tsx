import type { PaymentMethod } from "@shwe/contracts";
import { useId } from "react";
import { AppImage } from "../../../components/app-image.tsx";
import { CheckIcon } from "../../../components/icons.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";

export interface MethodPickerProps {
  methods: PaymentMethod[] | undefined;
  loading: boolean;
  value: number | undefined;
  onChange: (id: number) => void;
  /** The group's name for screen readers (the step heading says it on screen). */
  label: string;
  disabled?: boolean;
}

/** The payment methods as selectable cards (logo and name): native radio buttons, so arrow keys move the choice. */
export function MethodPicker({ methods, loading, value, onChange, label, disabled = false }: MethodPickerProps) {
  const { t } = useTranslation("wallet");
  const name = useId();
  const list = methods ?? [];

  if (loading) {
    return (
      <div className="grid grid-cols-2 gap-2" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-[76px] rounded-card" />
        ))}
      </div>
    );
  }
  if (list.length === 0) {
    return <p className="rounded-card border border-line bg-surface-2 px-4 py-3 text-sm text-muted">{t("methods.none")}</p>;
  }
  return (
    <fieldset disabled={disabled} className="grid grid-cols-2 gap-2">
      <legend className="sr-only">{label}</legend>
      {list.map((m) => {
        const chosen = m.id === value;
        return (
          <label
            key={m.id}
            className={`relative flex min-h-[76px] cursor-pointer items-center gap-3 rounded-card border px-3 py-2 transition-colors duration-150 has-focus-visible:outline-2 has-focus-visible:outline-gold has-disabled:cursor-not-allowed has-disabled:opacity-50 ${
              chosen ? "border-gold bg-gold/10" : "border-line bg-surface-2 hover:border-gold/60"
            }`}
          >
            <input type="radio" name={name} value={m.id} checked={chosen} onChange={() => onChange(m.id)} className="sr-only" />
            <AppImage src={m.logo} alt="" width={44} height={44} className="size-11 shrink-0 rounded-xl bg-surface object-contain" />
            <span className="min-w-0 flex-1 text-sm leading-snug font-semibold break-words">{m.name}</span>
            {chosen ? (
              <span className="absolute top-1.5 right-1.5 flex size-5 items-center justify-center rounded-full bg-gold text-bg">
                <CheckIcon size={14} strokeWidth={3} />
              </span>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}
