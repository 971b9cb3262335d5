import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fill, mockServer, renderConsole, signInOperator } from "../../test/render.tsx";
import { PointsPage } from "./points-page.tsx";

const reward = { id: 7, name: "ငွေသား ဆု", name_translations: { en: "Cash prize" }, points: 100, amount: 1_000, active: true, sort: 1 };
const overview = { kyat_per_point: 1_000, rewards: [reward] };
const payouts = { start_date: "2026-11-20", end_date: "2026-11-26", data: [], total_claims: 0, total_points: 0, total_amount: 0 };

describe("points console: reward names in every language", { timeout: 20_000 }, () => {
  beforeEach(() => {
    signInOperator({ role: "admin" });
  });

  function serve() {
    const server = mockServer({
      "GET /api/admin/points": () => ({ body: overview }),
      "GET /api/admin/points/payouts": () => ({ body: payouts }),
      "PUT /api/admin/points/rewards/7": (c) => ({ body: { ...reward, ...(c.body as object) } }),
      "POST /api/admin/points/rewards": (c) => ({ status: 201, body: { ...reward, id: 8, ...(c.body as object) } }),
    });
    renderConsole(<PointsPage />, { path: "/admin/points" });
    return server;
  }

  it("edits a reward's name in each language", async () => {
    const user = userEvent.setup();
    const server = serve();
    const rewards = await screen.findByRole("region", { name: "Rewards" });
    await user.click(await within(rewards).findByRole("button", { name: "Edit" }));
    expect(within(rewards).getByRole("textbox", { name: "Burmese (required)" })).toHaveValue("ငွေသား ဆု");
    expect(within(rewards).getByRole("textbox", { name: "English" })).toHaveValue("Cash prize");
    await fill(user, within(rewards).getByRole("textbox", { name: "Chinese" }), " 现金奖 ");
    await user.click(within(rewards).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.to("PUT", "/api/admin/points/rewards/7").map((c) => c.body)).toEqual([
        { name: "ငွေသား ဆု", name_translations: { en: "Cash prize", cn: "现金奖", thai: "" }, points: 100, amount: 1_000, sort: 1 },
      ]),
    );
  });

  it("asks for the Burmese name before adding a reward", async () => {
    const user = userEvent.setup();
    const server = serve();
    const rewards = await screen.findByRole("region", { name: "Rewards" });
    await user.click(within(rewards).getByRole("button", { name: "Add reward" }));
    await fill(user, within(rewards).getByRole("textbox", { name: "English" }), "Big prize");
    await fill(user, within(rewards).getByRole("textbox", { name: "Points" }), "500");
    await fill(user, within(rewards).getByRole("textbox", { name: "Kyat paid" }), "5500");
    await user.click(within(rewards).getByRole("button", { name: "Save" }));
    expect(await within(rewards).findByText("Please write the Burmese text; the other languages fall back to it.")).toBeInTheDocument();
    expect(server.to("POST", "/api/admin/points/rewards")).toHaveLength(0);

    await fill(user, within(rewards).getByRole("textbox", { name: "Burmese (required)" }), "ဆုကြီး");
    await user.click(within(rewards).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.to("POST", "/api/admin/points/rewards").map((c) => c.body)).toEqual([
        { name: "ဆုကြီး", name_translations: { en: "Big prize", cn: "", thai: "" }, points: 500, amount: 5_500, sort: 0 },
      ]),
    );
  });
});
