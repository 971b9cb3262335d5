import { type IconProps, Svg } from "../../../components/icons.tsx";

/** The console's live entry: a broadcast mast. */
export const LiveNavIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="11" r="2" />
    <path d="M12 13v8M8.5 7.5a5 5 0 0 0 0 7M15.5 7.5a5 5 0 0 1 0 7M5.6 4.6a9 9 0 0 0 0 12.8M18.4 4.6a9 9 0 0 1 0 12.8" />
  </Svg>
);
