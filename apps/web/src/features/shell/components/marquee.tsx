import { SpeakerIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useMarqueeText } from "../api/header-text.ts";

/** The scrolling announcement from the server (header_play_text); nothing while there is no text. */
export function Marquee({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  const { data: text, isPending } = useMarqueeText();
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
          className="truncate whitespace-nowrap leading-[1.9] motion-safe:inline-block motion-safe:animate-marquee-scroll motion-safe:overflow-visible motion-safe:pl-[100%] motion-safe:hover:[animation-play-state:paused]"
          style={{ animationDuration: `${seconds}s` }}
        >
          {text}
        </p>
      </div>
    </section>
  );
}
