import { create, type StateCreator } from "zustand";

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

/** The stored form, as zustand's persist middleware wrote it before: {"state":{"user":…},"version":0}. */
interface StoredSession {
  state?: { user?: SessionUser | null };
  version?: number;
}
const STORED_VERSION = 0;

/** The user kept in browser storage; null when none, unreadable, of another version or without storage (the server). */
export function readStoredUser(): SessionUser | null {
  try {
    const raw = window.localStorage.getItem(USER_INFO_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredSession | null;
    if (typeof stored?.version === "number" && stored.version !== STORED_VERSION) return null;
    return stored?.state?.user ?? null;
  } catch {
    return null;
  }
}

function storeUser(user: SessionUser | null): void {
  try {
    window.localStorage.setItem(USER_INFO_KEY, JSON.stringify({ state: { user }, version: STORED_VERSION } satisfies StoredSession));
  } catch {
    // No storage (the server's drawing) or a full one: the session lives in memory only.
  }
}

/**
 * Restored from browser storage when the store is made and stored again after every change (a few
 * lines instead of zustand's persist middleware, which weighed about 0.8 KB gzip on every first visit).
 */
const stored =
  (creator: StateCreator<SessionState>): StateCreator<SessionState> =>
  (set, get, api) => {
    const setAndStore = ((...args: unknown[]) => {
      (set as (...a: unknown[]) => void)(...args);
      storeUser(get().user);
    }) as typeof set;
    const state = creator(setAndStore, get, api);
    // The state without storage is what the server drew with (signed out): React takes a drawing over
    // with it (useSyncExternalStore's server snapshot), then draws the stored player.
    api.getInitialState = () => state;
    return { ...state, user: readStoredUser() ?? state.user };
  };

export const useSession = create<SessionState>()(
  stored((set) => ({
    user: null,
    setUserData: (data) => set((s) => ({ user: s.user || data.token ? ({ ...(s.user ?? {}), ...data } as SessionUser) : s.user })),
    logout: () => set({ user: null }),
    setGameBalance: (game_balance) => set((s) => (s.user ? { user: { ...s.user, game_balance } } : s)),
    setBalance: (balance) => set((s) => (s.user ? { user: { ...s.user, balance } } : s)),
    setBalances: ({ balance, game_balance }) => set((s) => (s.user ? { user: { ...s.user, balance, game_balance } } : s)),
    claimGameReferral: () =>
      set((s) => (s.user ? { user: { ...s.user, balance: s.user.balance + s.user.game_refer_amt, game_refer_amt: 0 } } : s)),
  })),
);
