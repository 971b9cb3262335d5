import { type RefObject, useEffect, useRef } from "react";
import { SpeakerIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useMarqueeText } from "../api/header-text.ts";

/**
 * Pauses the line's animation while it cannot be seen (scrolled off the screen, or the tab hidden).
 * The animation itself is CSS keyframes on `transform` alone, played by the compositor; this only
 * flips a data attribute when visibility changes, so nothing runs on the page's thread per frame and
 * nothing is drawn again by React.
 */
function usePausedWhenUnseen(line: RefObject<HTMLElement | null>, text: string | undefined) {
  useEffect(() => {
    const el = line.current;
    if (!el || !text) return;
    let onScreen = true;
    const update = () => {
      if (onScreen && document.visibilityState !== "hidden") delete el.dataset.paused;
      else el.dataset.paused = "";
    };
    const observer =
      typeof IntersectionObserver === "undefined"
        ? undefined
        : new IntersectionObserver((entries) => {
            for (const entry of entries) onScreen = entry.isIntersecting;
            update();
          });
    observer?.observe(el);
    document.addEventListener("visibilitychange", update);
    update();
    return () => {
      observer?.disconnect();
      document.removeEventListener("visibilitychange", update);
    };
  }, [line, text]);
}

/** The scrolling announcement from the server (header_play_text); nothing while there is no text. */
export function Marquee({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  const { data: text, isPending } = useMarqueeText();
  const line = useRef<HTMLParagraphElement>(null);
  usePausedWhenUnseen(line, text);
  // Hold the strip's place while the notice loads so the page below does not jump.
  if (isPending) return <div aria-hidden="true" className={className} />;
  if (!text) return null;
  // A steady reading speed whatever the length of the notice.
  const seconds = Math.max(12, Math.round(text.length * 0.22));
  return (
    <section aria-label={t("marquee.label")} className={`flex min-w-0 items-center gap-2 text-sm text-muted ${className}`}>
      <SpeakerIcon size={18} className="shrink-0 text-gold" />
      <div className="min-w-0 flex-1 overflow-hidden">
        <p
          ref={line}
          data-testid="marquee-line"
          className="truncate whitespace-nowrap leading-[1.9] motion-safe:inline-block motion-safe:animate-marquee-scroll motion-safe:overflow-visible motion-safe:pl-[100%] motion-safe:will-change-transform motion-safe:hover:[animation-play-state:paused] motion-safe:data-paused:[animation-play-state:paused]"
          style={{ animationDuration: `${seconds}s` }}
        >
          {text}
        </p>
      </div>
    </section>
  );
}
