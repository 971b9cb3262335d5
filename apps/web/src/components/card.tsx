import { type ReactNode, useId } from "react";

/** A section card (profile page, protection card): a 12 px rounded surface with an optional heading. */
export function Card({ title, action, children }: { title?: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={title ? id : undefined} className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-5">
      {title ? (
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id={id} className="text-base font-semibold text-text">
            {title}
          </h2>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}
