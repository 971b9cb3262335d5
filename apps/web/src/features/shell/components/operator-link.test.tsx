import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderWithProviders, signIn } from "../../../test/render.tsx";
import { useShellUi } from "../stores/shell-ui.ts";
import { MobileMenu } from "./mobile-menu.tsx";
import { UserMenu } from "./user-menu.tsx";

beforeEach(() => {
  useSession.setState({ user: null });
  useShellUi.setState({ menuOpen: false, logoutOpen: false, qrOpen: false });
});
afterEach(() => vi.unstubAllGlobals());

describe("the operator console link", () => {
  it("appears in the account menu for operators only", async () => {
    mockApi({});
    signIn({ role: "player" });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<UserMenu />);
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    expect(screen.queryByRole("menuitem", { name: "Operator console" })).not.toBeInTheDocument();
    unmount();

    signIn({ role: "operator" });
    renderWithProviders(<UserMenu />);
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    expect(screen.getByRole("menuitem", { name: "Operator console" })).toHaveAttribute("href", "/admin");
  });

  it("appears in the slide-in menu for operators only", () => {
    mockApi({ "g/categories": { body: { success: true, data: [] } } });
    signIn({ role: "player" });
    const { unmount } = renderWithProviders(<MobileMenu />);
    act(() => useShellUi.setState({ menuOpen: true }));
    expect(within(screen.getByRole("dialog", { name: "Menu" })).queryByRole("link", { name: "Operator console" })).not.toBeInTheDocument();
    unmount();

    signIn({ role: "admin" });
    renderWithProviders(<MobileMenu />);
    act(() => useShellUi.setState({ menuOpen: true }));
    expect(within(screen.getByRole("dialog", { name: "Menu" })).getByRole("link", { name: "Operator console" })).toHaveAttribute(
      "href",
      "/admin",
    );
  });
});
