import { type IconProps, Svg } from "../../../components/icons.tsx";

/** The console's security entry: a shield with a key-hole. */
export const SecurityNavIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3l7 3v6c0 4.2-2.9 7.7-7 9-4.1-1.3-7-4.8-7-9V6l7-3z" />
    <circle cx="12" cy="11" r="1.6" />
    <path d="M12 12.6V15" />
  </Svg>
);
