import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/render.tsx";
import { LotteryMenu, MobileLotteryLinks } from "./lottery-nav.tsx";

describe("lottery navigation", () => {
  it("desktop: the Lottery dropdown lists the five games, win number, winner list, results calendar and statistics", async () => {
    const user = userEvent.setup();
    renderWithProviders(<LotteryMenu />);
    await user.click(screen.getByRole("button", { name: "Lottery" }));
    const items = screen.getAllByRole("menuitem");
    expect(items.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["1D", "/one/lottery"],
      ["2D", "/two/lottery"],
      ["3D", "/three/lottery"],
      ["Crypto 2D", "/crypto/lottery"],
      ["Crypto 1D", "/crypto/one/lottery"],
      ["Win number", "/win-number"],
      ["Winner list", "/winner-list"],
      ["Results calendar", "/results-calendar"],
      ["Number statistics", "/number-stats"],
    ]);
  });

  it("mobile: bet slip history only for signed-in players, winner list, win number, results calendar and statistics for everyone", () => {
    const { unmount } = renderWithProviders(<MobileLotteryLinks rowClass="" signedIn={false} />);
    expect(screen.getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual([
      "/winner-list",
      "/win-number",
      "/results-calendar",
      "/number-stats",
    ]);
    unmount();
    renderWithProviders(<MobileLotteryLinks rowClass="" signedIn />);
    expect(screen.getByRole("link", { name: "Bet slip history" })).toHaveAttribute("href", "/betslip");
  });
});
