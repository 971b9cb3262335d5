import { type IconProps, Svg } from "../../../components/icons.tsx";

/** A ledger with a clock: the player's game history. */
export function GameHistoryIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M13 20H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v4" />
      <path d="M8 8h5M8 12h3" />
      <circle cx="17" cy="16" r="4.5" />
      <path d="M17 14v2l1.5 1" />
    </Svg>
  );
}
