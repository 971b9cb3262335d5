import { type IconProps, Svg } from "../../../components/icons.tsx";

/** The console's speed panel entry: a gauge. */
export const VitalsNavIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 17a8 8 0 1 1 16 0M12 17l4-5" />
  </Svg>
);
