import { create } from "zustand";

/** The pocket win dialog (spec: a shared store with the dialog-open flag and the pocket amount). */
interface PocketState {
  open: boolean;
  amount: number;
  show: (amount: number) => void;
  close: () => void;
}

export const usePocketStore = create<PocketState>()((set) => ({
  open: false,
  amount: 0,
  show: (amount) => set({ open: true, amount }),
  close: () => set({ open: false }),
}));
