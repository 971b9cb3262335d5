import { afterEach, describe, expect, it, vi } from "vitest";
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

afterEach(() => localStorage.clear());

describe("the session kept in browser storage", () => {
  it("is restored at start from what an earlier visit stored (the same key and form as before)", async () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify({ state: { user: player }, version: 0 }));
    const useSession = await freshStore();
    expect(useSession.getState().user).toEqual(player);
  });

  it("is not seen while a page the server drew (signed out) is taken over, only right after", async () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify({ state: { user: player }, version: 0 }));
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
    localStorage.setItem(USER_INFO_KEY, "{not json");
    expect((await freshStore()).getState().user).toBeNull();
    localStorage.setItem(USER_INFO_KEY, JSON.stringify({ state: { user: player }, version: 3 }));
    expect((await freshStore()).getState().user).toBeNull();
  });
});
