import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockServer, renderConsole, signInOperator } from "../test/render.tsx";
import { PlayerPlayPanels } from "./player-play.tsx";

afterEach(() => useSession.setState({ user: null }));

describe("PlayerPlayPanels", () => {
  it("lists the player's slips (numbers, stake, win, outcome, link to the draw) and casino rounds", async () => {
    signInOperator();
    mockServer({
      "GET /api/admin/users/42/play": () => ({
        body: {
          slips: [
            {
              id: 1,
              type: "2D",
              draw_id: 33,
              draw_at: "2026-11-20T09:30:00.000Z",
              numbers: ["07", "70"],
              total: 1_200,
              won: 42_500,
              status: "mixed",
              created_at: "2026-11-20T03:00:00.000Z",
            },
          ],
          rounds: [
            {
              provider: "GDG",
              round_id: "r-1",
              game_code: "gdg-slot-01",
              bet: 1_000,
              payout: 2_500,
              status: "settled",
              created_at: "2026-11-20T04:00:00.000Z",
            },
          ],
        },
      }),
    });
    renderConsole(<PlayerPlayPanels playerId={42} />, { path: "/admin/players/42" });
    const slips = await screen.findByTestId("player-slips");
    expect(within(slips).getByRole("link", { name: /2D/ })).toHaveAttribute("href", "/admin/lottery/draws/33");
    expect(slips).toHaveTextContent("07 70");
    expect(slips).toHaveTextContent("+42,500");
    expect(slips).toHaveTextContent("won and lost");
    const rounds = screen.getByTestId("player-rounds");
    expect(rounds).toHaveTextContent("gdg-slot-01");
    expect(rounds).toHaveTextContent("+2,500");
    expect(rounds).toHaveTextContent("ended");
  });
});
