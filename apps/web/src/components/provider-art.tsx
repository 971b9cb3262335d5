import { useState } from "react";
import { AppImage, FALLBACK_IMAGE } from "./app-image.tsx";

/**
 * A provider's 3:2 art, which carries the provider's name. A provider without art of its own (no
 * image, the site's fallback art, e.g. a provider synced from an aggregator, or an image that fails
 * to load) gets a tile that spells its name instead, so that no provider tile is a blank picture.
 */
export function ProviderArt({
  src,
  name,
  priority,
  deferred,
  className,
}: {
  src: string;
  name: string;
  priority?: boolean;
  /** AppImage's `deferred`. */
  deferred?: boolean;
  className: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || src === FALLBACK_IMAGE || failedSrc === src) {
    return (
      <span
        role="img"
        aria-label={name}
        className="absolute inset-0 flex items-center justify-center bg-linear-to-br from-surface-2 via-surface to-bg p-3"
        data-testid="provider-name-art"
      >
        <span aria-hidden="true" className="line-clamp-2 text-center text-base leading-tight font-bold break-words text-gold sm:text-lg">
          {name}
        </span>
        <span aria-hidden="true" className="absolute bottom-3 left-1/2 h-0.5 w-8 -translate-x-1/2 rounded-full bg-gold/70" />
      </span>
    );
  }
  return (
    <AppImage
      src={src}
      alt={name}
      width={300}
      height={200}
      priority={priority}
      deferred={deferred}
      className={className}
      onError={() => setFailedSrc(src)}
    />
  );
}
