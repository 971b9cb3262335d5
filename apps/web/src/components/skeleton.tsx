/**
 * A placeholder block; give it the exact size (and radius) of what it stands for, through className,
 * so nothing moves when the content arrives.
 */
export function Skeleton({ className = "" }: { className?: string }) {
  return <span data-skeleton="" aria-hidden="true" className={`block animate-pulse rounded-card bg-surface-2 ${className}`} />;
}
