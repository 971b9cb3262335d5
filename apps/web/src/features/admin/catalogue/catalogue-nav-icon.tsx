import { type IconProps, Svg } from "../../../components/icons.tsx";

/** The console's catalogue entry: a grid of game tiles. */
export const CatalogueNavIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="4" y="4" width="7" height="7" rx="1.5" />
    <rect x="13" y="4" width="7" height="7" rx="1.5" />
    <rect x="4" y="13" width="7" height="7" rx="1.5" />
    <path d="M16.5 13.5v6M13.5 16.5h6" />
  </Svg>
);
