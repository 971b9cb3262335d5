import type { HouseSlotSymbol } from "@shwe/contracts";
import type { ReactElement } from "react";

/**
 * The original art of Golden Pagoda Slots (64×64 SVG): golden seven, pagoda, chinthe (the guardian
 * lion of Myanmar temples), ruby, lotus and kyat coin. Gradients live once in <SlotSymbolDefs/>.
 */

export function SlotSymbolDefs() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hs-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#FFE9A3" />
          <stop offset=".5" stopColor="#F5C542" />
          <stop offset="1" stopColor="#C8921E" />
        </linearGradient>
        <linearGradient id="hs-red" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#FF8A8A" />
          <stop offset=".5" stopColor="#EF4444" />
          <stop offset="1" stopColor="#A51D1D" />
        </linearGradient>
        <linearGradient id="hs-ruby" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#FF7A9A" />
          <stop offset=".55" stopColor="#E11D48" />
          <stop offset="1" stopColor="#7F1230" />
        </linearGradient>
        <linearGradient id="hs-lotus" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#FFD1E8" />
          <stop offset="1" stopColor="#E0609E" />
        </linearGradient>
        <linearGradient id="hs-lion" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#FFE08A" />
          <stop offset="1" stopColor="#E59A1C" />
        </linearGradient>
        <radialGradient id="hs-coin" cx=".4" cy=".35" r=".7">
          <stop offset="0" stopColor="#FFF1B8" />
          <stop offset=".6" stopColor="#F5C542" />
          <stop offset="1" stopColor="#B7801A" />
        </radialGradient>
      </defs>
    </svg>
  );
}

function Seven() {
  return (
    <g>
      <path d="M14 12h36v8L34 54H22l15-33H14z" fill="url(#hs-red)" stroke="url(#hs-gold)" strokeWidth="3.5" strokeLinejoin="round" />
      <path d="M18 15h28" stroke="#FFD7D7" strokeWidth="2" strokeLinecap="round" opacity=".55" />
    </g>
  );
}

function Pagoda() {
  return (
    <g fill="url(#hs-gold)">
      <path d="M32 3l1.6 9h-3.2z" />
      <circle cx="32" cy="14" r="2" />
      <path d="M25 33c0-8 4.6-11.5 7-17.5 2.4 6 7 9.5 7 17.5z" />
      <rect x="22.5" y="33" width="19" height="4.5" rx="1.5" />
      <rect x="18.5" y="39" width="27" height="5" rx="1.5" />
      <rect x="13.5" y="45.5" width="37" height="5.5" rx="1.5" />
      <rect x="8" y="52.5" width="48" height="7" rx="2" />
      <path d="M29 26h6M28 30h8" stroke="#7A5410" strokeWidth="1.4" strokeLinecap="round" opacity=".55" />
    </g>
  );
}

function Chinthe() {
  // The guardian lion of Myanmar temples: curled mane, bulging eyes, open mouth with fangs, a flame crest.
  const curls = Array.from({ length: 14 }, (_, i) => {
    const a = (i * Math.PI * 2) / 14 - Math.PI / 2;
    return { x: 32 + Math.cos(a) * 20, y: 35 + Math.sin(a) * 19 };
  });
  return (
    <g>
      <path d="M32 2c3 4 5 6 4 10-1 3-3 4-4 6-1-2-3-3-4-6-1-4 1-6 4-10z" fill="#EF4444" stroke="#F5C542" strokeWidth="1.2" />
      {curls.map((c) => (
        <circle
          key={`${c.x.toFixed(1)}-${c.y.toFixed(1)}`}
          cx={c.x}
          cy={c.y}
          r="6.5"
          fill="url(#hs-gold)"
          stroke="#9A6A12"
          strokeWidth="1"
        />
      ))}
      <circle cx="32" cy="35" r="15.5" fill="url(#hs-lion)" stroke="#9A6A12" strokeWidth="1.2" />
      <path d="M22.5 27.5q4.5-4 9 0M32.5 27.5q4.5-4 9 0" stroke="#5A3A08" strokeWidth="1.8" fill="none" strokeLinecap="round" />
      <circle cx="27" cy="31.5" r="3.6" fill="#FFF8E1" stroke="#5A3A08" strokeWidth="1" />
      <circle cx="37" cy="31.5" r="3.6" fill="#FFF8E1" stroke="#5A3A08" strokeWidth="1" />
      <circle cx="27.6" cy="31.8" r="1.8" fill="#1C2540" />
      <circle cx="37.6" cy="31.8" r="1.8" fill="#1C2540" />
      <path d="M29 36.5h6l-3 3.2z" fill="#8A4B10" />
      <path d="M24.5 41.5q7.5 7 15 0z" fill="#B91C1C" stroke="#5A3A08" strokeWidth="1.2" strokeLinejoin="round" />
      <path d="M27 42l1.2 2.6 1.2-2.2M37 42l-1.2 2.6-1.2-2.2" fill="#FFF8E1" />
    </g>
  );
}

function Ruby() {
  return (
    <g>
      <path d="M18 12h28l12 14-26 30L6 26z" fill="url(#hs-ruby)" stroke="#FFB3C4" strokeWidth="1.2" strokeLinejoin="round" />
      <path d="M6 26h52M18 12l6 14 8-14 8 14 6-14M24 26l8 30 8-30" stroke="#FFD1DC" strokeWidth="1.2" fill="none" opacity=".7" />
      <path d="M20 16l3 6" stroke="#fff" strokeWidth="2" strokeLinecap="round" opacity=".8" />
    </g>
  );
}

function Lotus() {
  return (
    <g>
      <path d="M32 10c7 8 8 18 0 34-8-16-7-26 0-34z" fill="url(#hs-lotus)" stroke="#B83B7A" strokeWidth="1" />
      <path d="M14 20c10 2 16 10 17 24-12-4-17-12-17-24z" fill="url(#hs-lotus)" stroke="#B83B7A" strokeWidth="1" />
      <path d="M50 20c-10 2-16 10-17 24 12-4 17-12 17-24z" fill="url(#hs-lotus)" stroke="#B83B7A" strokeWidth="1" />
      <path
        d="M5 34c10-2 19 3 25 11-11 2-20-2-25-11zM59 34c-10-2-19 3-25 11 11 2 20-2 25-11z"
        fill="#F39AC6"
        stroke="#B83B7A"
        strokeWidth="1"
      />
      <path d="M10 50q22-7 44 0q-22 9-44 0z" fill="#16A34A" stroke="#0F7A35" strokeWidth="1" />
    </g>
  );
}

function Coin() {
  return (
    <g>
      <circle cx="32" cy="32" r="24" fill="url(#hs-coin)" stroke="#9A6A12" strokeWidth="1.5" />
      <circle cx="32" cy="32" r="18.5" fill="none" stroke="#B7801A" strokeWidth="1.5" strokeDasharray="2 2.4" />
      <path d="M26 21v22M26 32l10-11M28.5 30l8.5 13" stroke="#7A5410" strokeWidth="4" strokeLinecap="round" fill="none" />
      <path d="M17 24a16 16 0 0 1 9-7" stroke="#FFF6D0" strokeWidth="2.2" strokeLinecap="round" fill="none" opacity=".8" />
    </g>
  );
}

const ART: Record<HouseSlotSymbol, () => ReactElement> = {
  seven: Seven,
  pagoda: Pagoda,
  chinthe: Chinthe,
  ruby: Ruby,
  lotus: Lotus,
  coin: Coin,
};

/** One symbol; `label` makes it an image for screen readers (otherwise decorative). */
export function SlotSymbolArt({ symbol, label, className }: { symbol: HouseSlotSymbol; label?: string; className?: string }) {
  const Art = ART[symbol];
  return (
    <svg
      viewBox="0 0 64 64"
      className={className}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      data-symbol={symbol}
    >
      <Art />
    </svg>
  );
}
