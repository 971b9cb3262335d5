import { create } from "zustand";

/**
 * The busy flag of the reward buttons (site-spec: it disables Claim and Pocket Money during a
 * request): one flag for both buttons, wherever they are shown (header and menu).
 */
export const useRewardBusy = create<{ busy: boolean }>()(() => ({ busy: false }));

/** Takes the flag; false when a request of either button is already running. */
export function takeRewardBusy(): boolean {
  if (useRewardBusy.getState().busy) return false;
  useRewardBusy.setState({ busy: true });
  return true;
}
