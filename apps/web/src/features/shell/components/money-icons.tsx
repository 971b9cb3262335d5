import { type IconProps, Svg } from "../../../components/icons.tsx";

/** Line icons of the shell's money entries (24×24 grid, currentColor, decorative). */

export const CashInIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3v11M7.5 9.5 12 14l4.5-4.5" />
    <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Svg>
);

export const CashOutIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 14V3M7.5 7.5 12 3l4.5 4.5" />
    <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Svg>
);

export const TransferIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 8h13M13.5 4.5 17 8l-3.5 3.5" />
    <path d="M20 16H7M10.5 12.5 7 16l3.5 3.5" />
  </Svg>
);

export const HistoryIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
    <path d="M3 4v4h4M12 8v4.5l3 2" />
  </Svg>
);
