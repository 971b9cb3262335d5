import { create } from "zustand";

/**
 * The busy flag of the reward buttons (site-spec: it disables Claim and Pocket Money during a
 * request): one flag for both buttons, wherever they are shown (header and menu).
 */
interface RewardBusyState {
  busy: boolean;
  /** Takes the flag; false when a request of either button is already running. */
  take: () => boolean;
  release: () => void;
}

export const useRewardBusy = create<RewardBusyState>()((set, get) => ({
  busy: false,
  take: () => {
    if (get().busy) return false;
    set({ busy: true });
    return true;
  },
  release: () => set({ busy: false }),
}));
