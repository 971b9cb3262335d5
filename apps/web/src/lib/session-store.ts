import { create } from "zustand";
import { persist } from "zustand/middleware";

/**
 * The signed-in player, kept in browser storage under "user-info" and restored at start
 * (spec §3 "User session"). Actions mirror spec §4 "User data actions".
 */
export interface SessionUser {
  id: number;
  token: string;
  expires_at?: string;
  user_code: string;
  phone: string;
  name?: string;
  role?: "player" | "operator" | "admin";
  referral_code?: string;
  lvl_2: 1 | 2;
  lvl_2_status?: "none" | "pending" | "approved" | "rejected";
  balance: number;
  game_balance: number;
  point: number;
  p_balance: number;
  turnover: number;
  refer_count: number;
  game_refer_amt: number;
  [extra: string]: unknown;
}

interface SessionState {
  user: SessionUser | null;
  /** Merge the payload into the stored user and persist it. */
  setUserData: (data: Partial<SessionUser>) => void;
  /** Remove the stored user. */
  logout: () => void;
  setGameBalance: (gameBalance: number) => void;
  setBalance: (balance: number) => void;
  /** After main↔game transfers: both balances from the payload. */
  setBalances: (b: { balance: number; game_balance: number }) => void;
  /** Game referral claim: balance += game_refer_amt; game_refer_amt = 0. */
  claimGameReferral: () => void;
}

export const USER_INFO_KEY = "user-info";

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      setUserData: (data) => set((s) => ({ user: s.user || data.token ? ({ ...(s.user ?? {}), ...data } as SessionUser) : s.user })),
      logout: () => set({ user: null }),
      setGameBalance: (game_balance) => set((s) => (s.user ? { user: { ...s.user, game_balance } } : s)),
      setBalance: (balance) => set((s) => (s.user ? { user: { ...s.user, balance } } : s)),
      setBalances: ({ balance, game_balance }) => set((s) => (s.user ? { user: { ...s.user, balance, game_balance } } : s)),
      claimGameReferral: () =>
        set((s) => (s.user ? { user: { ...s.user, balance: s.user.balance + s.user.game_refer_amt, game_refer_amt: 0 } } : s)),
    }),
    { name: USER_INFO_KEY, partialize: (s) => ({ user: s.user }) },
  ),
);
