import type { ReactNode } from "react";
import { AppImage } from "../../../components/app-image.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";

/** The heading of a catalogue page: the category icon, the title and an optional line or action beside it. */
export function PageHeading({
  title,
  icon,
  back,
  children,
}: {
  /** null while the title is still loading: a placeholder of its size is shown. */
  title: string | null;
  icon?: string;
  back?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-h-11 items-center gap-2">
      {back}
      {icon ? <AppImage src={icon} alt="" width={32} height={32} className="size-8 shrink-0" priority /> : null}
      {title === null ? (
        <Skeleton className="h-7 w-48 max-w-full" />
      ) : (
        <h1 className="min-w-0 flex-1 truncate text-lg font-bold text-text sm:text-xl">{title}</h1>
      )}
      {children}
    </div>
  );
}
