import { Skeleton } from "../../../components/skeleton.tsx";

/** Placeholder cells of the board's exact size while it loads. */
export function BoardSkeleton({ cells }: { cells: number }) {
  return (
    <div aria-hidden="true" className="grid grid-cols-5 gap-1.5 sm:grid-cols-10">
      {Array.from({ length: cells }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="aspect-square min-h-11 rounded-lg" />
      ))}
    </div>
  );
}
