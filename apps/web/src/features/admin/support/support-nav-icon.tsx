import { type IconProps, Svg } from "../../../components/icons.tsx";

/** The console's support entry: a speech bubble. */
export const SupportNavIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
  </Svg>
);
