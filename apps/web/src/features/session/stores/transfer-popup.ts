import { create } from "zustand";

export type TransferDirection = "in" | "out";

/**
 * The main ↔ game transfer popup: opened from the headers and the menu, shown by the wallet
 * feature. "in" is main → game, "out" is game → main.
 */
interface TransferPopupState {
  open: boolean;
  direction: TransferDirection;
  show: (direction?: TransferDirection) => void;
  hide: () => void;
}

export const useTransferPopup = create<TransferPopupState>()((set) => ({
  open: false,
  direction: "in",
  show: (direction) => set((s) => ({ open: true, direction: direction ?? s.direction })),
  hide: () => set({ open: false }),
}));
