import { create, type StateCreator } from "zustand";
import { readCookie, writeCookie } from "./cookies.ts";
import { whenIdle } from "./idle.ts";

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

/**
 * A cookie set while a player is stored (value "1") and removed with the stored player: a visitor
 * without it starts signed out without touching localStorage, whose first access opens the origin's
 * storage synchronously (a long task before a cheap phone draws the app). It says only that a stored
 * session may exist; the token stays in localStorage.
 */
export const SIGNED_IN_COOKIE = "shwe_signed_in";
/** What this page last knew of the cookie, so a balance change does not write it again. */
let signalled: boolean | undefined;

function signal(signedIn: boolean): void {
  if (signalled === signedIn) return;
  signalled = signedIn;
  writeCookie(SIGNED_IN_COOKIE, signedIn ? "1" : "");
}

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
  if (typeof window === "undefined") return;
  signal(Boolean(user?.token));
  try {
    window.localStorage.setItem(USER_INFO_KEY, JSON.stringify({ state: { user }, version: STORED_VERSION } satisfies StoredSession));
  } catch {
    // No storage or a full one: the session lives in memory only.
  }
}

/**
 * Restored from browser storage when the store is made and stored again after every change (a few
 * lines instead of zustand's persist middleware, which weighed about 0.8 KB gzip on every first visit).
 * Storage is read at start only when the signed-in cookie says a player is stored; otherwise the page
 * starts signed out and reads storage once the browser is idle, for a player stored by a build without
 * the cookie (the cookie is set then, so the next start reads it at once).
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
    if (typeof window === "undefined") return state;
    signalled = readCookie(SIGNED_IN_COOKIE) === "1";
    if (!signalled) {
      whenIdle(restoreStoredUser);
      return state;
    }
    const user = readStoredUser();
    // A cookie without a stored player (storage cleared or unavailable) is removed.
    if (!user?.token) signal(false);
    return { ...state, user: user ?? state.user };
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

/**
 * The player stored by an earlier visit, put into the store now if it has none yet (the start reads
 * storage later without the signed-in cookie: see `stored`); the store's player otherwise.
 */
export function restoreStoredUser(): SessionUser | null {
  const current = useSession.getState().user;
  if (current) return current;
  const user = readStoredUser();
  if (user) {
    signal(Boolean(user.token));
    useSession.setState({ user });
  }
  return user;
}
