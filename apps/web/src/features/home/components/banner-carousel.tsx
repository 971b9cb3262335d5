import type { Banner } from "@shwe/contracts";
import { type PointerEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { AppImage } from "../../../components/app-image.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { useBanners } from "../api/banners.ts";
import { useMediaQuery } from "../hooks/use-media-query.ts";

const ADVANCE_MS = 5000;
const SWIPE_PX = 40;

/** Desktop art is 1200×400, phone art 750×420 (the box keeps that ratio before the image arrives). */
const ASPECT = { desktop: "aspect-[3/1]", mobile: "aspect-[75/42]" } as const;
/** Before the screen width is known (the server's drawing): the box takes the right ratio by CSS. */
const ASPECT_BY_CSS = "aspect-[75/42] md:aspect-[3/1]";

/** The home banners: desktop or phone art by screen width, auto-advancing, swipeable, with dots. */
export function BannerCarousel() {
  const wide = useMediaQuery("(min-width: 768px)");
  const widthKnown = useHydrated();
  const variant = wide ? "desktop" : "mobile";
  const aspect = widthKnown ? ASPECT[variant] : ASPECT_BY_CSS;
  const { data: banners, isPending } = useBanners(variant);
  if (isPending) return <Skeleton className={`w-full ${aspect}`} />;
  if (!banners || banners.length === 0) return null;
  return <Carousel key={variant} banners={banners} aspect={aspect} />;
}

function Carousel({ banners, aspect }: { banners: Banner[]; aspect: string }) {
  const { t } = useTranslation("common");
  const count = banners.length;
  const [index, setIndex] = useState(0);
  const [drag, setDrag] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);

  useEffect(() => {
    if (count < 2 || paused || drag !== 0 || reducedMotion) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") setIndex((i) => (i + 1) % count);
    }, ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [count, paused, drag, reducedMotion]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || (e.pointerType === "mouse" && e.button !== 0)) return;
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    swiped.current = false;
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    const dx = e.clientX - s.x;
    if (!swiped.current && Math.abs(dx) > 8 && Math.abs(dx) > Math.abs(e.clientY - s.y)) {
      swiped.current = true;
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    if (swiped.current) setDrag(dx);
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    const dx = e.clientX - s.x;
    start.current = null;
    setDrag(0);
    if (swiped.current && Math.abs(dx) >= SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("home.banners")}
      className={`relative w-full overflow-hidden rounded-card bg-surface-2 ${aspect}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="h-full touch-pan-y select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(e) => {
          // A swipe is not a tap on the banner's link.
          if (swiped.current) {
            e.preventDefault();
            e.stopPropagation();
            swiped.current = false;
          }
        }}
      >
        <ul
          className={`flex h-full ${drag === 0 ? "transition-transform duration-300 ease-out" : ""}`}
          style={{ transform: `translateX(calc(${-index * 100}% + ${drag}px))` }}
        >
          {banners.map((banner, i) => (
            <li
              key={banner.id}
              className="h-full w-full shrink-0"
              aria-roledescription="slide"
              aria-label={t("home.slide", { n: i + 1, total: count })}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <BannerLink link={banner.link}>
                <AppImage src={banner.image} alt={banner.title} priority={i === 0} draggable={false} className="size-full object-cover" />
              </BannerLink>
            </li>
          ))}
        </ul>
      </div>
      {count > 1 ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex justify-center">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              onClick={() => go(i)}
              aria-label={t("home.goToSlide", { n: i + 1 })}
              aria-current={i === index}
              className="group pointer-events-auto flex size-11 items-center justify-center focus-visible:outline-none"
            >
              <span
                className={`block h-2 rounded-full shadow-card transition-all duration-200 group-focus-visible:outline-2 group-focus-visible:outline-gold ${
                  i === index ? "w-5 bg-gold" : "w-2 bg-text/60"
                }`}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** An internal path opens in the app, a web address in a new tab; anything else is not a link. */
function BannerLink({ link, children }: { link: string | null; children: ReactNode }) {
  const className = "block size-full";
  if (link?.startsWith("/") && !link.startsWith("//")) {
    return (
      <Link to={link} className={className} draggable={false}>
        {children}
      </Link>
    );
  }
  if (link && /^https?:\/\//i.test(link)) {
    return (
      <a href={link} target="_blank" rel="noopener noreferrer" className={className} draggable={false}>
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}
