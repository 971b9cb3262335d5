import { type IconProps, Svg } from "../../../components/icons.tsx";

/** The console's cashback entry: a coin with a return arrow. */
export const CashbackNavIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="5" />
    <path d="M12 10v4M3 12a9 9 0 0 1 15.5-6.2M21 12a9 9 0 0 1-15.5 6.2" />
    <path d="M18.5 2.5v3.3h-3.3M5.5 21.5v-3.3h3.3" />
  </Svg>
);
