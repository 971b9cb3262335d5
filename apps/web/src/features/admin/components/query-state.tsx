import type { ReactNode } from "react";
import { Button } from "../../../components/button.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useErrorText } from "../hooks/use-error-text.ts";
import { AlertIcon } from "./console-icons.tsx";

/** Placeholder rows of the height of the list items they stand for. */
export function ListSkeleton({ rows = 3, className = "h-32" }: { rows?: number; className?: string }) {
  return (
    <ul aria-busy="true" className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i}>
          <Skeleton className={`w-full ${className}`} />
        </li>
      ))}
    </ul>
  );
}

/** A list could not be loaded: why, and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("admin");
  const errorText = useErrorText();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-card border border-danger/40 bg-surface p-6 text-center">
      <AlertIcon size={28} className="text-danger" />
      <p className="text-sm">{errorText(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t("actions.retry")}
      </Button>
    </div>
  );
}

/** Nothing to show (an empty queue is good news). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-card border border-dashed border-line bg-surface px-4 py-10 text-center text-sm text-muted">{children}</p>;
}
