import { type IconProps, Svg } from "../../../../components/icons.tsx";

/** The console navigation icon of the lottery screens: a lottery ball. */
export function LotteryNavIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M12 3.5v4M12 16.5v4" />
    </Svg>
  );
}
