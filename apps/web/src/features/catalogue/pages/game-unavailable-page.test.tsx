import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderRoutes } from "../../../test/render.tsx";
import { GAME_CLOSE_MESSAGE } from "../lib/overlay-messages.ts";
import { GameUnavailablePage } from "./game-unavailable-page.tsx";

const home = {
  success: true,
  data: [
    {
      category: { id: 2, code: "slot", name: "Slot", image: "" },
      providers: [{ id: 11, p_code: "GDG", name: "Golden Dragon Gaming", image: "", sec_image: "", maintenance: false }],
    },
  ],
};

function renderAt(path: string) {
  return renderRoutes([{ path: "/game/unavailable", element: <GameUnavailablePage /> }], { path });
}

afterEach(() => vi.restoreAllMocks());

describe("GameUnavailablePage (/game/unavailable)", () => {
  it("names the provider and says its games are not in the offline demo; on its own it links home", async () => {
    mockApi({ "g/home": { body: home } });
    renderAt("/game/unavailable?provider=gdg");
    expect(await screen.findByText("Golden Dragon Gaming")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Not available in the offline demo" })).toBeInTheDocument();
    expect(screen.getByText(/The games of Golden Dragon Gaming run on the provider's own servers/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go To Home" })).toHaveAttribute("href", "/");
  });

  it("falls back to the code for an unknown provider and ignores a code that is not one", async () => {
    mockApi({ "g/home": { body: home } });
    const { unmount } = renderAt("/game/unavailable?provider=XYZ");
    expect(await screen.findByTestId("unavailable-provider")).toHaveTextContent("XYZ");
    unmount();
    renderAt("/game/unavailable?provider=%3Cscript%3E");
    expect(screen.getByTestId("unavailable-provider")).toHaveTextContent("This provider");
  });

  it("inside the overlay, its Close button asks the overlay to close", async () => {
    mockApi({ "g/home": { body: home } });
    const post = vi.fn();
    vi.spyOn(window, "top", "get").mockReturnValue({} as Window);
    vi.spyOn(window, "parent", "get").mockReturnValue({ postMessage: post } as unknown as Window);
    renderAt("/game/unavailable?provider=GDG");
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(post).toHaveBeenCalledWith({ type: GAME_CLOSE_MESSAGE }, window.location.origin);
    expect(screen.getByText("You can also close this window with the × button at the top.")).toBeInTheDocument();
  });
});
