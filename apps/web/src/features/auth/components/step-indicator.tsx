interface StepIndicatorProps {
  /** Labels of the steps, in order. */
  steps: readonly string[];
  /** Index of the current step. */
  current: number;
  label: string;
}

/** Where the player is in a multi-step form (phone → code → details). */
export function StepIndicator({ steps, current, label }: StepIndicatorProps) {
  return (
    <ol aria-label={label} className="mb-4 grid gap-2" style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}>
      {steps.map((name, i) => {
        const state = i < current ? "done" : i === current ? "current" : "todo";
        return (
          <li key={name} aria-current={state === "current" ? "step" : undefined} className="flex flex-col gap-1.5">
            <span className={`h-1 rounded-full ${state === "todo" ? "bg-line" : "bg-gold"}`} aria-hidden="true" />
            <span
              className={`truncate text-xs ${state === "current" ? "font-semibold text-gold" : state === "done" ? "text-muted" : "text-faint"}`}
            >
              <span className="tabular">{i + 1}.</span> {name}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
