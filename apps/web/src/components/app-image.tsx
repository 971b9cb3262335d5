import { type ImgHTMLAttributes, useState } from "react";

export const FALLBACK_IMAGE = "/img/fallback.svg";

export interface AppImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "loading"> {
  src: string | null | undefined;
  /** Empty string for decorative images. */
  alt: string;
  /** Above the fold: loads eagerly with high fetch priority. Otherwise lazy. */
  priority?: boolean;
  /** Shown when src is missing or fails to load. */
  fallbackSrc?: string;
}

/** An image that loads lazily below the fold and falls back to the site's fallback art on error. */
export function AppImage({ src, alt, priority = false, fallbackSrc = FALLBACK_IMAGE, onError, ...rest }: AppImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const current = !src || failedSrc === src ? fallbackSrc : src;
  return (
    <img
      {...rest}
      src={current}
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
