import { type IconProps, Svg } from "../../../components/icons.tsx";

/** The console's reports entry: a bar chart. */
export const ReportsNavIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />
  </Svg>
);
