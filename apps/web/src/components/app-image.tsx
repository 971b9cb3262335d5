import { type ImgHTMLAttributes, useState } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";

export const FALLBACK_IMAGE = "/img/fallback.svg";

/** A transparent pixel: what a deferred image shows until the app has the page (no request). */
export const STAND_IN_IMAGE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

export interface AppImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "loading"> {
  src: string | null | undefined;
  /** Empty string for decorative images. */
  alt: string;
  /** Above the fold: loads eagerly with high fetch priority. Otherwise lazy. */
  priority?: boolean;
  /** Shown when src is missing or fails to load. */
  fallbackSrc?: string;
  /**
   * Below the first screen of a page the server draws: drawn as a transparent stand-in of the same size
   * and loaded once the app has taken the page over, so that on a slow line it does not share the
   * bandwidth with the page's first paint and the app's scripts (bench/README.md, "Pictures after the
   * takeover"). No effect on a page the browser draws.
   */
  deferred?: boolean;
}

/** An image that loads lazily below the fold and falls back to the site's fallback art on error. */
export function AppImage({ src, alt, priority = false, fallbackSrc = FALLBACK_IMAGE, deferred = false, onError, ...rest }: AppImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hydrated = useHydrated();
  const current = !src || failedSrc === src ? fallbackSrc : src;
  return (
    <img
      {...rest}
      src={deferred && !hydrated ? STAND_IN_IMAGE : current}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      onError={(event) => {
        if (src && current === src) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
