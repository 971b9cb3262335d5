import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearSessionExpired, sessionExpiredMarked } from "../features/auth/lib/session-expired.ts";
import { api } from "../lib/api-client.ts";
import { createMemoryRouter } from "../lib/router.tsx";
import { useSession } from "../lib/session-store.ts";
import { initTestI18n, mockApi, signIn, testQueryClient } from "../test/render.tsx";
import { installHtmlLang, installSessionEffects } from "./session-effects.ts";
import { AppToasts } from "./toasts.tsx";

const profile = {
  id: 7,
  phone: "09123456789",
  name: "Aung Aung",
  user_code: "SL000007",
  referral_code: "AUNG7",
  role: "player",
  lvl_2: 1,
  lvl_2_status: "none",
  balance: 50_000,
  game_balance: 1_000,
  point: 0,
  p_balance: 0,
  turnover: 0,
  refer_count: 0,
  game_refer_amt: 0,
};

function setup(path = "/cashin") {
  initTestI18n();
  const router = createMemoryRouter(
    [
      { path: "/login", element: null },
      { path: "*", element: null },
    ],
    { initialEntries: [path] },
  );
  const client = testQueryClient();
  const uninstall = installSessionEffects(router, client);
  return { router, client, uninstall };
}

let cleanup: (() => void) | undefined;
beforeEach(() => useSession.setState({ user: null }));
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

describe("session effects", () => {
  it("a 401 shows 'Session Expired, Please Login Again!', clears the session and goes to /login remembering the page", async () => {
    render(<AppToasts />);
    signIn();
    mockApi({ "user/profile": { status: 401, body: { message: "Session Expired, Please Login Again!", code: "UNAUTHENTICATED" } } });
    const { router, uninstall } = setup("/cashin?x=1");
    cleanup = uninstall;
    await waitFor(() => expect(useSession.getState().user).toBeNull());
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.state).toEqual({ from: "/cashin?x=1" });
    expect(await screen.findByText("Session Expired, Please Login Again!")).toBeInTheDocument();
    // The login page says it too, should this page be left before the toast is seen.
    expect(sessionExpiredMarked()).toBe(true);
    clearSessionExpired();
  });

  it("ignores a 401 that arrives after the player already signed out", async () => {
    signIn();
    mockApi({ "user/profile": { body: profile }, "some/call": { status: 401, body: { message: "no", code: "UNAUTHENTICATED" } } });
    const { router, uninstall } = setup("/");
    cleanup = uninstall;
    const call = api("some/call");
    useSession.getState().logout();
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(router.state.location.pathname).toBe("/");
  });

  it("refreshes the balances when the tab becomes visible again and on every route change", async () => {
    signIn({ balance: 10 });
    let served = 0;
    mockApi({
      "user/profile": () => {
        served += 1;
        return { body: { ...profile, balance: 10 + served } };
      },
    });
    const { router, uninstall } = setup("/");
    cleanup = uninstall;
    await waitFor(() => expect(useSession.getState().user?.balance).toBe(11));

    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    await waitFor(() => expect(useSession.getState().user?.balance).toBe(12));

    await act(() => router.navigate("/winner-list"));
    await waitFor(() => expect(useSession.getState().user?.balance).toBe(13));
    expect(useSession.getState().user?.token).toBe("test-token");
  });

  it("does not call the profile for a visitor", async () => {
    const fetch = mockApi({ "user/profile": { body: profile } });
    const { router, uninstall } = setup("/");
    cleanup = uninstall;
    await act(() => router.navigate("/two/lottery"));
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("<html lang>", () => {
  it("follows the language, and is not written again when the same language is announced again", () => {
    const i18n = initTestI18n();
    document.documentElement.removeAttribute("lang");
    cleanup = installHtmlLang();
    expect(document.documentElement.lang).toBe("en");
    // Every write of the attribute, even of the same value, restyles the whole page in a browser.
    const observer = new MutationObserver(() => undefined);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
    i18n.emit("languageChanged", "en");
    expect(observer.takeRecords()).toHaveLength(0);
    i18n.emit("languageChanged", "mm");
    expect(document.documentElement.lang).toBe("my");
    expect(observer.takeRecords()).toHaveLength(1);
    i18n.emit("languageChanged", "en");
    expect(document.documentElement.lang).toBe("en");
    observer.disconnect();
  });
});
