import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import i18n from "../../../lib/i18n-core.ts";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderRoutes, renderWithProviders, signIn } from "../../../test/render.tsx";
import { useShellUi } from "../stores/shell-ui.ts";
import { BalanceBox } from "./balance.tsx";
import { CategoryTabs } from "./category-tabs.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { LogoutDialog } from "./logout-dialog.tsx";
import { Marquee } from "./marquee.tsx";
import { UserMenu } from "./user-menu.tsx";

beforeEach(() => {
  useSession.setState({ user: null });
  useShellUi.setState({ menuOpen: false, logoutOpen: false, qrOpen: false });
});

describe("Marquee", () => {
  it("scrolls the server's header text (data[0].text)", async () => {
    mockApi({ header_play_text: { body: { data: [{ text: "2D results at 12:01 and 16:30 today" }, { text: "second" }] } } });
    renderWithProviders(<Marquee />);
    expect(await screen.findByText("2D results at 12:01 and 16:30 today")).toBeInTheDocument();
    expect(screen.queryByText("second")).not.toBeInTheDocument();
  });

  it("shows nothing when there is no notice", async () => {
    const fetch = mockApi({ header_play_text: { body: { data: [] } } });
    renderWithProviders(<Marquee />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
  });
});

describe("BalanceBox", () => {
  it("shows the main balance as a whole number with thousands separators, and the game balance", () => {
    signIn({ balance: 1_234_567, game_balance: 98_765 });
    renderWithProviders(<BalanceBox />);
    expect(screen.getByTestId("main-balance")).toHaveTextContent("1,234,567");
    expect(screen.getByTestId("game-balance")).toHaveTextContent("98,765");
  });

  it("shows nothing for a visitor", () => {
    const { container } = renderWithProviders(<BalanceBox compact />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("CategoryTabs", () => {
  it("shows skeleton tabs while the categories load", () => {
    mockApi({ "g/categories": "pending" });
    const { container } = renderWithProviders(<CategoryTabs />);
    expect(container.querySelectorAll("[data-skeleton]").length).toBe(9);
    expect(screen.queryByText("no category")).not.toBeInTheDocument();
  });

  it("says 'no category' when the list is empty", async () => {
    mockApi({ "g/categories": { body: { success: true, data: [] } } });
    const { container } = renderWithProviders(<CategoryTabs />);
    expect(await screen.findByText("no category")).toBeInTheDocument();
    expect(container.querySelectorAll("[data-skeleton]").length).toBe(0);
  });

  it("links each category to /{code}", async () => {
    mockApi({
      "g/categories": {
        body: {
          success: true,
          data: [
            { id: 2, code: "slot", name: "Slot", image: "/img/categories/slot.svg" },
            { id: 6, code: "live-casino", name: "Live Casino", image: "/img/categories/live-casino.svg" },
          ],
        },
      },
    });
    renderWithProviders(<CategoryTabs />);
    expect(await screen.findByRole("link", { name: "Slot" })).toHaveAttribute("href", "/slot");
    expect(screen.getByRole("link", { name: "Live Casino" })).toHaveAttribute("href", "/live-casino");
  });
});

describe("Logout", () => {
  const routes = [
    {
      path: "/",
      element: (
        <>
          <p>home page</p>
          <UserMenu />
          <LogoutDialog />
        </>
      ),
    },
    {
      path: "/profile",
      element: (
        <>
          <p>profile page</p>
          <UserMenu />
          <LogoutDialog />
        </>
      ),
    },
  ];

  it("asks 'Are you sure want to logout ?' and keeps the session on Cancel", async () => {
    const user = userEvent.setup();
    signIn();
    const fetch = mockApi({});
    renderRoutes(routes, { path: "/profile" });
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    const dialog = screen.getByRole("dialog", { name: "Logout" });
    expect(within(dialog).getByText("Are you sure want to logout ?")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(useSession.getState().user?.token).toBe("test-token");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("on confirmation revokes the token, clears the user and goes home, even when the server call fails", async () => {
    const user = userEvent.setup();
    signIn();
    const fetch = mockApi({ "user/logout": { status: 500, body: { message: "down", code: "INTERNAL" } } });
    const { router } = renderRoutes(routes, { path: "/profile" });
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Logout" }));
    expect(useSession.getState().user).toBeNull();
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/user\/logout$/);
    expect(init).toMatchObject({ method: "POST", headers: { Authorization: "Bearer test-token" } });
  });

  it("closes the confirmation with Escape", () => {
    signIn();
    useShellUi.setState({ logoutOpen: true });
    renderWithProviders(<LogoutDialog />);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(useSession.getState().user).not.toBeNull();
  });
});

describe("LanguageSwitcher", () => {
  it("lists the four languages by their own names and keeps the choice under i18nextLng", async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitcher />);
    await user.click(screen.getByRole("button", { name: "Language: English" }));
    const options = screen.getAllByRole("menuitemradio");
    expect(options.map((o) => o.textContent)).toEqual(["မြန်မာ", "English", "中文", "ไทย"]);
    expect(screen.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("aria-checked", "true");
    await user.click(screen.getByRole("menuitemradio", { name: "ไทย" }));
    expect(localStorage.getItem("i18nextLng")).toBe("thai");
    expect(i18n.language).toBe("thai");
    await i18n.changeLanguage("en");
  });
});
