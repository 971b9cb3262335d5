import { act, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { mockApi, renderRoutes } from "../../../test/render.tsx";
import { useShellUi } from "../stores/shell-ui.ts";
import { MobileMenu } from "./mobile-menu.tsx";

beforeEach(() => {
  useShellUi.setState({ menuOpen: false, logoutOpen: false, qrOpen: false });
});

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
});
