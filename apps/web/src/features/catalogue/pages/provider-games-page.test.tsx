import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { mockApi, renderRoutes, signIn } from "../../../test/render.tsx";
import { useTransferPopup } from "../../session/stores/transfer-popup.ts";
import { TransferHost } from "../../wallet/components/transfer-host.tsx";
import { GAME_CLOSE_MESSAGE } from "../lib/overlay-messages.ts";
import { GAME_PLACEHOLDERS, ProviderGamesPage } from "./provider-games-page.tsx";

const game = (id: number, name: string) => ({
  id,
  name,
  image: `/img/games/g${id}.svg`,
  p_code: "GDG",
  cate_code: "2",
  g_code: `gdg-${id}`,
});
const games = [game(1, "Golden Pagoda Slots"), game(2, "Jade Tiger"), game(3, "Royal Riches")];
const providers = {
  success: true,
  data: [{ id: 11, p_code: "GDG", name: "Golden Dragon Gaming", image: "/p.svg", sec_image: "/p2.svg", maintenance: false }],
};

function renderGames() {
  return renderRoutes(
    [
      {
        path: "/slot/:provider",
        element: (
          <>
            <ProviderGamesPage category="slot" />
            <TransferHost />
            <ToastContainer />
          </>
        ),
      },
      { path: "/slot", element: <p>slot providers</p> },
      { path: "/login", element: <p>login page</p> },
    ],
    { path: "/slot/11" },
  );
}

afterEach(() => {
  useSession.setState({ user: null });
  useTransferPopup.setState({ open: false, direction: "in", amount: null });
  vi.restoreAllMocks();
});

describe("ProviderGamesPage (/{cat}/{prov})", () => {
  it("shows 21 skeleton tiles while the games load", () => {
    mockApi({ g: "pending", "g/providers": "pending" });
    const { container } = renderGames();
    expect(GAME_PLACEHOLDERS).toBe(21);
    const list = screen.getByRole("list", { name: "Loading games…" });
    expect(list.querySelectorAll(":scope > li")).toHaveLength(21);
    expect(container.querySelectorAll("[data-skeleton]").length).toBeGreaterThanOrEqual(21);
  });

  it("asks for the provider's games by category and provider, and cuts names at 15 characters", async () => {
    const fetch = mockApi({ g: { body: { success: true, data: games } }, "g/providers": { body: providers } });
    renderGames();
    const tile = await screen.findByRole("button", { name: "Golden Pagoda Slots" });
    expect(tile).toHaveAttribute("title", "Golden Pagoda Slots");
    expect(within(tile).getByTestId("game-name")).toHaveTextContent(/^Golden Pagoda S…$/);
    expect(within(screen.getByRole("button", { name: "Jade Tiger" })).getByTestId("game-name")).toHaveTextContent(/^Jade Tiger$/);
    expect(screen.getByRole("heading", { name: "Golden Dragon Gaming" })).toBeInTheDocument();
    const call = fetch.mock.calls.map(([u]) => new URL(String(u))).find((u) => u.pathname === "/api/g");
    expect(call?.searchParams.get("category")).toBe("slot");
    expect(call?.searchParams.get("provider")).toBe("11");
  });

  it("filters by a case-insensitive substring of the name, and says 'no result' when nothing matches", async () => {
    mockApi({ g: { body: { success: true, data: games } }, "g/providers": { body: providers } });
    renderGames();
    await screen.findByRole("button", { name: "Jade Tiger" });
    const search = screen.getByPlaceholderText("Search Game ...");
    await userEvent.type(search, "TIGER");
    expect(screen.getByRole("button", { name: "Jade Tiger" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Royal Riches" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Golden Pagoda Slots" })).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, "zzz");
    expect(screen.getByText("no result")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Return Back" })).not.toBeInTheDocument();
  });

  it("says 'no result' with a way back to the category when the provider has no games", async () => {
    mockApi({ g: { body: { success: true, data: [] } }, "g/providers": { body: providers } });
    renderGames();
    expect(await screen.findByText("no result")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return Back" })).toHaveAttribute("href", "/slot");
  });

  it("asks a visitor to log in first and does not request a launch", async () => {
    const fetch = mockApi({ g: { body: { success: true, data: games } }, "g/providers": { body: providers } });
    renderGames();
    await userEvent.click(await screen.findByRole("button", { name: "Jade Tiger" }));
    const dialog = await screen.findByRole("dialog", { name: "Need to login first !" });
    expect(within(dialog).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(fetch.mock.calls.some(([u]) => String(u).includes("getgamelaunch"))).toBe(false);
  });

  it("opens a signed-in player's game in the overlay with the launch URL, and refreshes the balances on close", async () => {
    signIn({ game_balance: 25_000 });
    const fetch = mockApi({
      g: { body: { success: true, data: games } },
      "g/providers": { body: providers },
      getgamelaunch: { body: { Url: "/house/slot?launch=abc" } },
      "user/profile": { body: { balance: 1_000, game_balance: 7_500 } },
    });
    renderGames();
    await userEvent.click(await screen.findByRole("button", { name: "Jade Tiger" }));
    const overlay = await screen.findByRole("dialog", { name: "Jade Tiger" });
    const frame = overlay.querySelector("iframe");
    expect(frame).toHaveAttribute("src", "/house/slot?launch=abc");
    expect(within(overlay).getByTestId("overlay-game-balance")).toHaveTextContent("25,000");
    expect(within(overlay).getByRole("button", { name: "Close game" })).toBeInTheDocument();

    const launch = fetch.mock.calls.find(([u]) => String(u).includes("getgamelaunch"));
    expect(launch?.[1]?.method).toBe("POST");
    expect(JSON.parse(String(launch?.[1]?.body))).toMatchObject({ p_code: "GDG", cate_code: "2", g_code: "gdg-2" });
    expect((launch?.[1]?.headers as Record<string, string> | undefined)?.Authorization).toBe("Bearer test-token");

    await userEvent.click(within(overlay).getByRole("button", { name: "Close game" }));
    expect(screen.queryByRole("dialog", { name: "Jade Tiger" })).not.toBeInTheDocument();
    await waitFor(() => expect(useSession.getState().user?.game_balance).toBe(7_500));
    expect(fetch.mock.calls.some(([u]) => new URL(String(u)).pathname === "/api/user/profile")).toBe(true);
    // The list is still there, nothing reloaded.
    expect(screen.getByRole("button", { name: "Jade Tiger" })).toBeInTheDocument();
  });

  it("moving the game to a new tab asks for a fresh launch (a launch URL works once) and closes the overlay", async () => {
    signIn();
    let launches = 0;
    const fetch = mockApi({
      g: { body: { success: true, data: games } },
      "g/providers": { body: providers },
      getgamelaunch: () => ({ body: { Url: `/house/house-slot?launch=code-${++launches}&lang=en` } }),
      "user/profile": { body: { balance: 1_000, game_balance: 7_500 } },
    });
    const tab = { opener: {} as unknown, location: { href: "about:blank" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    renderGames();
    await userEvent.click(await screen.findByRole("button", { name: "Jade Tiger" }));
    const overlay = await screen.findByRole("dialog", { name: "Jade Tiger" });
    expect(overlay.querySelector("iframe")).toHaveAttribute("src", "/house/house-slot?launch=code-1&lang=en");

    await userEvent.click(within(overlay).getByRole("button", { name: "Open in new tab" }));
    // The tab opens inside the click (no pop-up blocker), without a link back to the site's window.
    expect(open).toHaveBeenCalledWith("about:blank", "_blank");
    expect(tab.opener).toBeNull();
    expect(screen.queryByRole("dialog", { name: "Jade Tiger" })).not.toBeInTheDocument();
    await waitFor(() => expect(tab.location.href).toBe(`${window.location.origin}/house/house-slot?launch=code-2&lang=en`));
    expect(fetch.mock.calls.filter(([u]) => String(u).includes("getgamelaunch"))).toHaveLength(2);
    expect(tab.close).not.toHaveBeenCalled();
  });

  it("closes the overlay when the page inside the frame asks to, only from our own origin", async () => {
    signIn();
    mockApi({
      g: { body: { success: true, data: games } },
      "g/providers": { body: providers },
      getgamelaunch: { body: { Url: "/game/unavailable?provider=GDG" } },
      "user/profile": { body: {} },
    });
    renderGames();
    await userEvent.click(await screen.findByRole("button", { name: "Royal Riches" }));
    const overlay = await screen.findByRole("dialog", { name: "Royal Riches" });
    const frame = overlay.querySelector("iframe") as HTMLIFrameElement;
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", { data: { type: GAME_CLOSE_MESSAGE }, origin: "https://evil.example", source: frame.contentWindow }),
      );
    });
    expect(screen.getByRole("dialog", { name: "Royal Riches" })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", { data: { type: GAME_CLOSE_MESSAGE }, origin: window.location.origin, source: frame.contentWindow }),
      );
    });
    expect(screen.queryByRole("dialog", { name: "Royal Riches" })).not.toBeInTheDocument();
  });

  it("answers 'Please at least transfer Main to Game once.' with the transfer popup, main → game, filled in", async () => {
    signIn({ balance: 1_234_567 });
    mockApi({
      g: { body: { success: true, data: games } },
      "g/providers": { body: providers },
      getgamelaunch: { status: 422, body: { message: "server words", code: "NO_TRANSFER_IN" } },
    });
    renderGames();
    await userEvent.click(await screen.findByRole("button", { name: "Jade Tiger" }));
    expect(await screen.findByText("Please at least transfer Main to Game once.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Jade Tiger" })).not.toBeInTheDocument();
    const transfer = await screen.findByRole("dialog", { name: "Transfer" });
    expect(within(transfer).getByRole("radio", { name: "Main → Game" })).toBeChecked();
    await waitFor(() => expect(within(transfer).getByLabelText("Amount")).toHaveValue("10,000"));
  });

  it("tells a player on a break why the game does not open", async () => {
    signIn();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockApi({
      g: { body: { success: true, data: games } },
      "g/providers": { body: providers },
      getgamelaunch: { status: 403, body: { message: "server words", code: "SELF_EXCLUDED" } },
    });
    renderGames();
    await userEvent.click(await screen.findByRole("button", { name: "Jade Tiger" }));
    expect(await screen.findByText("You are on a break from play. You can still see your history and cash out.")).toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();
  });

  it("translates a provider in maintenance", async () => {
    signIn();
    mockApi({
      g: { body: { success: true, data: games } },
      "g/providers": { body: providers },
      getgamelaunch: { status: 422, body: { message: "server words", code: "PROVIDER_MAINTENANCE" } },
    });
    renderGames();
    await userEvent.click(await screen.findByRole("button", { name: "Jade Tiger" }));
    expect(await screen.findByText("This provider is under maintenance. Please try again later.")).toBeInTheDocument();
  });

  it("logs other launch errors and shows a generic message; refuses an unsafe launch URL", async () => {
    signIn();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let answer: { status?: number; body?: unknown } = { status: 500, body: { message: "secret details", code: "INTERNAL" } };
    mockApi({ g: { body: { success: true, data: games } }, "g/providers": { body: providers }, getgamelaunch: () => answer });
    renderGames();
    await userEvent.click(await screen.findByRole("button", { name: "Jade Tiger" }));
    expect(await screen.findByText("The game could not be opened. Please try again.")).toBeInTheDocument();
    expect(screen.queryByText("secret details")).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledTimes(1);

    answer = { body: { Url: "javascript:alert(1)" } };
    fireEvent.click(screen.getByRole("button", { name: "Royal Riches" }));
    await waitFor(() => expect(log).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole("dialog", { name: "Royal Riches" })).not.toBeInTheDocument();
  });

  it("sends one launch request however often the tile is tapped", async () => {
    signIn();
    let release: (() => void) | undefined;
    const fetch = mockApi({ g: { body: { success: true, data: games } }, "g/providers": { body: providers } });
    const base = fetch.getMockImplementation() as NonNullable<ReturnType<typeof fetch.getMockImplementation>>;
    fetch.mockImplementation(async (input, init) => {
      if (String(input).includes("getgamelaunch")) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return new Response(JSON.stringify({ Url: "/house/slot" }), { status: 200 });
      }
      return base(input, init);
    });
    renderGames();
    const tile = await screen.findByRole("button", { name: "Jade Tiger" });
    fireEvent.click(tile);
    fireEvent.click(tile);
    fireEvent.click(screen.getByRole("button", { name: "Royal Riches" }));
    await waitFor(() => expect(release).toBeDefined());
    release?.();
    await screen.findByRole("dialog", { name: "Jade Tiger" });
    expect(fetch.mock.calls.filter(([u]) => String(u).includes("getgamelaunch"))).toHaveLength(1);
  });

  it("clears earlier notices when the game opens, so none covers its close button", async () => {
    signIn({ game_balance: 25_000 });
    mockApi({
      g: { body: { success: true, data: games } },
      "g/providers": { body: providers },
      getgamelaunch: { body: { Url: "/house/slot?launch=abc" } },
    });
    renderGames();
    const dismiss = vi.spyOn(toast, "dismiss");
    act(() => {
      toast.success("Transfer done");
    });
    expect(await screen.findByText("Transfer done")).toBeInTheDocument();
    expect(dismiss).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole("button", { name: "Jade Tiger" }));
    await screen.findByRole("dialog", { name: "Jade Tiger" });
    // Every notice is dismissed (react-toastify then plays its exit animation).
    expect(dismiss).toHaveBeenCalledWith();
  });
});
