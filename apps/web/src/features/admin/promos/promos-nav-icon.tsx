import { type IconProps, Svg } from "../../../components/icons.tsx";

/** The console's promo codes entry: a tag with a percent sign. */
export const PromosNavIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 12V4h8l10 10-8 8L3 12z" />
    <path d="M9.5 14.5l5-5" />
    <circle cx="9.5" cy="10" r="0.8" />
    <circle cx="14" cy="14.5" r="0.8" />
  </Svg>
);
