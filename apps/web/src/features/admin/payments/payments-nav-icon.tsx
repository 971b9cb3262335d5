import { type IconProps, Svg } from "../../../components/icons.tsx";

/** The console's payment methods entry: a wallet card. */
export const PaymentsNavIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M3 10h18M16 15h2" />
  </Svg>
);
