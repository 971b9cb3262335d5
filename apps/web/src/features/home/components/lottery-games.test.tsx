import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithProviders } from "../../../test/render.tsx";
import { LotteryGames } from "./lottery-games.tsx";

describe("LotteryGames (home)", () => {
  it("shows a card per game with its odds and a countdown to the next draw, linking to the game", async () => {
    const soon = new Date(Date.now() + (2 * 3600 + 5 * 60 + 9) * 1000 + 500).toISOString();
    const later = new Date(Date.now() + 3 * 86_400_000 + 30_000).toISOString();
    mockApi({
      "lottery/list": {
        body: [
          { type: "1D", name: "1D", odds: 9, next_draw_at: soon },
          { type: "2D", name: "2D", odds: 85, next_draw_at: soon },
          { type: "3D", name: "3D", odds: 600, next_draw_at: later },
          { type: "C2D", name: "Crypto 2D", odds: 80, next_draw_at: null },
          { type: "C1D", name: "Crypto 1D", odds: 9, next_draw_at: soon },
        ],
      },
    });
    renderWithProviders(<LotteryGames />);
    const section = await screen.findByRole("region", { name: "Lottery" });
    const links = await within(section).findAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/two/lottery",
      "/one/lottery",
      "/three/lottery",
      "/crypto/lottery",
      "/crypto/one/lottery",
    ]);
    expect(links[0]).toHaveTextContent("Thai 2D");
    expect(links[0]).toHaveTextContent("×85");
    expect(links[0]).toHaveTextContent(/02:05:0\d/);
    expect(links[2]).toHaveTextContent(/3 days 00:00:[0-3]\d/);
    expect(links[3]).toHaveTextContent("×80");
    expect(links[3]).toHaveTextContent("No draw scheduled");
  });

  it("is left out when the list cannot be loaded", async () => {
    const fetch = mockApi({ "lottery/list": { status: 500, body: { message: "x", code: "INTERNAL" } } });
    const { container } = renderWithProviders(<LotteryGames />);
    expect(container.querySelector("section")).not.toBeNull();
    await waitFor(() => expect(container.querySelector("section")).toBeNull());
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
