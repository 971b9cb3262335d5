import { type IconProps, Svg } from "../../../components/icons.tsx";

/** The console's pocket money entry: an envelope with a coin. */
export const PocketNavIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="4" y="2" width="16" height="20" rx="2" />
    <path d="M4 7l8 5 8-5" />
    <circle cx="12" cy="15" r="2.5" />
  </Svg>
);
