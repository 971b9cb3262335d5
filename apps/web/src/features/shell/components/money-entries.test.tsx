import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderWithProviders, signIn } from "../../../test/render.tsx";
import { useTransferPopup } from "../../session/stores/transfer-popup.ts";
import { useShellUi } from "../stores/shell-ui.ts";
import { MobileHeader } from "./mobile-header.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { UserMenu } from "./user-menu.tsx";

beforeEach(() => {
  useSession.setState({ user: null });
  useShellUi.setState({ menuOpen: false, logoutOpen: false, qrOpen: false });
  useTransferPopup.setState({ open: false, direction: "in" });
});
afterEach(() => vi.unstubAllGlobals());

describe("the shell's money entries", () => {
  it("the account menu links Cash In, Cash Out and the wallet history", async () => {
    mockApi({});
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<UserMenu />);
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    expect(screen.getByRole("menuitem", { name: "Cash In" })).toHaveAttribute("href", "/cashin");
    expect(screen.getByRole("menuitem", { name: "Cash Out" })).toHaveAttribute("href", "/cashout");
    expect(screen.getByRole("menuitem", { name: "Wallet history" })).toHaveAttribute("href", "/wallet-history");
  });

  it("the slide-in menu shows them to signed-in players only, with a Transfer button that gives way to the popup", async () => {
    mockApi({ "g/categories": { body: { success: true, data: [] } } });
    // The menu closes itself on navigation (also the first render): open it once it is on screen.
    const { unmount } = renderWithProviders(<MobileMenu />);
    act(() => useShellUi.setState({ menuOpen: true }));
    const visitorMenu = screen.getByRole("dialog", { name: "Menu" });
    expect(within(visitorMenu).queryByRole("link", { name: "Cash In" })).not.toBeInTheDocument();
    expect(within(visitorMenu).queryByRole("button", { name: "Transfer" })).not.toBeInTheDocument();
    unmount();

    signIn();
    const user = userEvent.setup();
    renderWithProviders(<MobileMenu />);
    act(() => useShellUi.setState({ menuOpen: true }));
    const menu = screen.getByRole("dialog", { name: "Menu" });
    expect(within(menu).getByRole("link", { name: "Cash In" })).toHaveAttribute("href", "/cashin");
    expect(within(menu).getByRole("link", { name: "Cash Out" })).toHaveAttribute("href", "/cashout");
    expect(within(menu).getByRole("link", { name: "Wallet history" })).toHaveAttribute("href", "/wallet-history");
    await user.click(within(menu).getByRole("button", { name: "Transfer" }));
    expect(useTransferPopup.getState().open).toBe(true);
    expect(useShellUi.getState().menuOpen).toBe(false);
  });

  it("the mobile header shows both balances and a Transfer button beside them", async () => {
    mockApi({});
    signIn({ balance: 9_876_543, game_balance: 12_345 });
    const user = userEvent.setup();
    renderWithProviders(<MobileHeader />);
    expect(screen.getByTestId("main-balance")).toHaveTextContent("9,876,543");
    expect(screen.getByTestId("game-balance")).toHaveTextContent("12,345");
    await user.click(screen.getByRole("button", { name: "Transfer" }));
    expect(useTransferPopup.getState().open).toBe(true);
  });

  it("shows the player's own picture, fetched with the bearer token (an <img> alone would get a 401)", async () => {
    const api = mockApi({});
    api.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes("/api/user/avatar")) return new Response("png-bytes", { status: 200, headers: { "Content-Type": "image/png" } });
      return new Response(JSON.stringify({ message: "Not found.", code: "NOT_FOUND" }), { status: 404 });
    });
    URL.createObjectURL = vi.fn(() => "blob:avatar-1");
    URL.revokeObjectURL = vi.fn();
    signIn({ avatar: "/api/user/avatar?v=1" });
    const { container } = renderWithProviders(<UserMenu />);
    await waitFor(() => expect(container.querySelector("img")).toHaveAttribute("src", "blob:avatar-1"));
    const call = api.mock.calls.find(([url]) => String(url).includes("/api/user/avatar"));
    expect(new Headers((call?.[1] as RequestInit | undefined)?.headers).get("Authorization")).toBe("Bearer test-token");
  });
});
