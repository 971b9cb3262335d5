import { create } from "zustand";

export type TransferDirection = "in" | "out";

/**
 * The main ↔ game transfer popup: opened from the headers and the menu, shown by the wallet
 * feature. "in" is main → game, "out" is game → main.
 */
interface TransferPopupState {
  open: boolean;
  direction: TransferDirection;
  /** An amount to start from (a first game launch offers the transfer it needs); the player may change it. */
  amount: number | null;
  show: (direction?: TransferDirection, amount?: number) => void;
  hide: () => void;
}

export const useTransferPopup = create<TransferPopupState>()((set) => ({
  open: false,
  direction: "in",
  amount: null,
  show: (direction, amount) => set((s) => ({ open: true, direction: direction ?? s.direction, amount: amount ?? null })),
  hide: () => set({ open: false, amount: null }),
}));
