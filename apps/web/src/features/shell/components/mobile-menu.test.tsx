import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderRoutes } from "../../../test/render.tsx";
import { useShellUi } from "../stores/shell-ui.ts";
import { MobileHeader } from "./mobile-header.tsx";
import { MobileMenu } from "./mobile-menu.tsx";

beforeEach(() => {
  useSession.setState({ user: null });
  useShellUi.setState({ menuOpen: false, logoutOpen: false, qrOpen: false });
});

const categoriesAsked = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes("/api/g/categories")).length;

describe("MobileMenu", () => {
  it("stays open when it first appears already opened (it downloads on the first tap), and any navigation closes it", async () => {
    mockApi({ "g/categories": { body: { success: true, data: [] } } });
    useShellUi.setState({ menuOpen: true });
    const { router } = renderRoutes([{ path: "*", element: <MobileMenu /> }], { path: "/" });
    expect(await screen.findByRole("dialog", { name: "Menu" })).toBeInTheDocument();
    expect(useShellUi.getState().menuOpen).toBe(true);

    act(() => router.navigate("/winner-list"));
    await waitFor(() => expect(useShellUi.getState().menuOpen).toBe(false));
  });

  it("draws nothing and asks for nothing until first opened, opens on the first tap, and stays drawn (hidden) once closed", async () => {
    const user = userEvent.setup();
    const fetch = mockApi({ "g/categories": { body: { success: true, data: [{ id: 1, code: "slot", name: "Slot", image: "" }] } } });
    renderRoutes([
      {
        path: "*",
        element: (
          <>
            <MobileHeader />
            <MobileMenu />
          </>
        ),
      },
    ]);
    expect(screen.queryByRole("dialog", { hidden: true })).not.toBeInTheDocument();
    expect(document.getElementById("mobile-menu")).toBeNull();
    expect(categoriesAsked(fetch)).toBe(0);

    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    expect(menu.closest("[inert]")).toBeNull();
    expect(await screen.findByRole("link", { name: "SLOT" })).toBeInTheDocument();
    expect(categoriesAsked(fetch)).toBe(1);

    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(useShellUi.getState().menuOpen).toBe(false);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { hidden: true, name: "Menu" }).closest("[inert]")).not.toBeNull();
  });
});
