import { type IconProps, Svg } from "../../../components/icons.tsx";

/** Loyalty points: a star in a coin (24×24 grid, currentColor, decorative). */
export const PointIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m12 7.2 1.45 2.95 3.25.47-2.35 2.29.55 3.24L12 14.62l-2.9 1.53.55-3.24-2.35-2.29 3.25-.47Z" />
  </Svg>
);
