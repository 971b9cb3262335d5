import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { USER_INFO_KEY } from "./session-store.ts";

/** A fresh copy of the store, made the way a page load makes it (reading storage at creation). */
async function freshStore() {
  vi.resetModules();
  return (await import("./session-store.ts")).useSession;
}

const player = {
  id: 7,
  token: "stored-token",
  user_code: "SL000007",
  phone: "09123456789",
  lvl_2: 1 as const,
  balance: 5_000,
  game_balance: 0,
  point: 0,
  p_balance: 0,
  turnover: 0,
  refer_count: 0,
  game_refer_amt: 0,
};

/** The signed-in cookie (SIGNED_IN_COOKIE), spelled out so the tests say what the browser keeps. */
const SIGNAL = "shwe_signed_in";
const signal = () => document.cookie.split("; ").find((c) => c.startsWith(`${SIGNAL}=`));
const setSignal = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie an earlier visit left
  document.cookie = `${SIGNAL}=1; path=/`;
};
const storePlayer = (user: unknown = player) => localStorage.setItem(USER_INFO_KEY, JSON.stringify({ state: { user }, version: 0 }));

/** The browser's idle callbacks, run by the test when it says the browser is idle. */
let idle: (() => void)[] = [];
const browserIdle = window.requestIdleCallback;
const runIdle = () => {
  for (const task of idle.splice(0)) task();
};
beforeEach(() => {
  idle = [];
  window.requestIdleCallback = ((task: () => void) => idle.push(task)) as typeof window.requestIdleCallback;
});

afterEach(() => {
  window.requestIdleCallback = browserIdle;
  vi.restoreAllMocks();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: removes the test's cookie
  document.cookie = `${SIGNAL}=; path=/; max-age=0`;
});

describe("the session kept in browser storage", () => {
  it("is restored at start from what an earlier visit stored (the same key and form as before) when the signed-in cookie is set", async () => {
    storePlayer();
    setSignal();
    const useSession = await freshStore();
    expect(useSession.getState().user).toEqual(player);
  });

  it("is not looked for at start without the signed-in cookie: localStorage is not touched and the page starts signed out", async () => {
    storePlayer();
    const storage = vi.spyOn(window, "localStorage", "get");
    const useSession = await freshStore();
    expect(useSession.getState().user).toBeNull();
    expect(storage).not.toHaveBeenCalled();
  });

  it("is read once the browser is idle without the cookie (a player stored by a build without it), and the cookie set for the next start", async () => {
    storePlayer();
    const useSession = await freshStore();
    expect(useSession.getState().user).toBeNull();
    expect(idle.length).toBe(1);
    runIdle();
    expect(useSession.getState().user).toEqual(player);
    expect(signal()).toBe(`${SIGNAL}=1`);
    // The next start reads it at once.
    expect((await freshStore()).getState().user).toEqual(player);
  });

  it("leaves a player who signed in before the idle read as they are", async () => {
    storePlayer();
    const useSession = await freshStore();
    const other = { ...player, id: 8, token: "new-token", phone: "09987654321" };
    useSession.getState().setUserData(other);
    expect(idle.length).toBe(1);
    runIdle();
    expect(useSession.getState().user).toEqual(other);
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? "null").state.user).toEqual(other);
  });

  it("sets the signed-in cookie on sign-in and removes it on sign-out (and with it the start's storage read)", async () => {
    const useSession = await freshStore();
    expect(signal()).toBeUndefined();
    useSession.getState().setUserData(player);
    expect(signal()).toBe(`${SIGNAL}=1`);
    useSession.getState().logout();
    expect(signal()).toBeUndefined();
    const storage = vi.spyOn(window, "localStorage", "get");
    expect((await freshStore()).getState().user).toBeNull();
    expect(storage).not.toHaveBeenCalled();
  });

  it("removes a signed-in cookie that has no stored player behind it", async () => {
    setSignal();
    expect((await freshStore()).getState().user).toBeNull();
    expect(signal()).toBeUndefined();
  });

  it("is not seen while a page the server drew (signed out) is taken over, only right after", async () => {
    storePlayer();
    setSignal();
    const useSession = await freshStore();
    const { renderToString } = await import("react-dom/server");
    const { hydrateRoot } = await import("react-dom/client");
    const { act } = await import("@testing-library/react");
    function Who() {
      return <p>{useSession((s) => s.user?.phone ?? "visitor")}</p>;
    }
    const container = document.createElement("div");
    // The server draws without storage: a visitor.
    container.innerHTML = "<p>visitor</p>";
    expect(renderToString(<p>visitor</p>)).toBe(container.innerHTML);
    document.body.append(container);
    const mismatches: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, <Who />, { onRecoverableError: (e) => mismatches.push(e) }));
    expect(mismatches).toEqual([]);
    expect(container.textContent).toBe(player.phone);
    act(() => root.unmount());
    container.remove();
  });

  it("is stored after every change, and signing out stores no user", async () => {
    const useSession = await freshStore();
    useSession.getState().setUserData(player);
    useSession.getState().setBalance(7_000);
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? "null")).toEqual({
      state: { user: { ...player, balance: 7_000 } },
      version: 0,
    });
    useSession.getState().logout();
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? "null")).toEqual({ state: { user: null }, version: 0 });
    const again = await freshStore();
    expect(again.getState().user).toBeNull();
  });

  it("starts signed out when what is stored cannot be read or is of another version", async () => {
    setSignal();
    localStorage.setItem(USER_INFO_KEY, "{not json");
    expect((await freshStore()).getState().user).toBeNull();
    setSignal();
    localStorage.setItem(USER_INFO_KEY, JSON.stringify({ state: { user: player }, version: 3 }));
    expect((await freshStore()).getState().user).toBeNull();
  });
});
