import type { ReactNode } from "react";

/** A calm empty or failed state: an icon, a sentence and an optional action, centred in the page. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-4 rounded-card border border-dashed border-line px-4 py-12 text-center">
      <svg
        viewBox="0 0 24 24"
        width="40"
        height="40"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
        className="text-faint"
      >
        <rect x="3" y="6" width="18" height="13" rx="2.5" />
        <path d="M3 10h18M8 14.5h3" strokeLinecap="round" />
        <path d="M7 6l2-3h6l2 3" strokeLinejoin="round" />
      </svg>
      <p className="text-base font-semibold text-muted">{text}</p>
      {action}
    </div>
  );
}
