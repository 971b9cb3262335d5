import { type IconProps, Svg } from "../../../components/icons.tsx";

/** The console's referral entry: two people joined by a link. */
export const ReferralNavIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="8" cy="8" r="3" />
    <circle cx="17" cy="10" r="2.5" />
    <path d="M2.5 20a5.5 5.5 0 0 1 11 0M13.5 19a4 4 0 0 1 8 0" />
  </Svg>
);
