import type { JSX } from "react";
import type { Language } from "../../../lib/i18n.ts";

/** Small simplified flags for the language menu (3:2, decorative: the language name is always beside or in the label). */
function MyanmarFlag() {
  return (
    <>
      <rect width="30" height="6.67" fill="#FECB00" />
      <rect y="6.67" width="30" height="6.67" fill="#34B233" />
      <rect y="13.33" width="30" height="6.67" fill="#EA2839" />
      <path d="M15 4.2l1.7 5.2h5.5l-4.4 3.2 1.7 5.2L15 14.6l-4.5 3.2 1.7-5.2-4.4-3.2h5.5z" fill="#fff" />
    </>
  );
}

function EnglishFlag() {
  return (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#C8102E" strokeWidth="1.6" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#C8102E" strokeWidth="3.4" />
    </>
  );
}

function ChineseFlag() {
  return (
    <>
      <rect width="30" height="20" fill="#EE1C25" />
      <path d="M5.5 2.5l1.2 3.6h3.7l-3 2.2 1.1 3.6-3-2.2-3 2.2 1.1-3.6-3-2.2h3.7z" fill="#FFFF00" />
      <circle cx="11.5" cy="2.8" r="0.9" fill="#FFFF00" />
      <circle cx="13.3" cy="5.2" r="0.9" fill="#FFFF00" />
      <circle cx="13.3" cy="8.3" r="0.9" fill="#FFFF00" />
      <circle cx="11.5" cy="10.6" r="0.9" fill="#FFFF00" />
    </>
  );
}

function ThaiFlag() {
  return (
    <>
      <rect width="30" height="20" fill="#A51931" />
      <rect y="3.33" width="30" height="13.34" fill="#F4F5F8" />
      <rect y="6.67" width="30" height="6.66" fill="#2D2A4A" />
    </>
  );
}

const FLAGS: Record<Language, () => JSX.Element> = {
  mm: MyanmarFlag,
  en: EnglishFlag,
  cn: ChineseFlag,
  thai: ThaiFlag,
};

export function Flag({ lng, className = "" }: { lng: Language; className?: string }) {
  const Shape = FLAGS[lng];
  return (
    <svg viewBox="0 0 30 20" width="24" height="16" className={`shrink-0 rounded-[3px] ${className}`} aria-hidden="true" focusable="false">
      <Shape />
    </svg>
  );
}
