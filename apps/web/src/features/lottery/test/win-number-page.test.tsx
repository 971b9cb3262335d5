import { commitSeed, fairNumber } from "@shwe/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithProviders } from "../../../test/render.tsx";
import { WinNumberPage } from "../pages/win-number-page.tsx";

const SEED = "5f".repeat(32);

async function fairItem(drawId: number, number?: string) {
  return {
    draw_id: drawId,
    draw_at: "2026-11-20T09:30:00.000Z",
    number: number ?? (await fairNumber(SEED, drawId, "2D")),
    source: "fair",
    proof: { commitment: await commitSeed(SEED), seed: SEED, draw_id: drawId },
  };
}

describe("WinNumberPage", () => {
  it("verifies a fair result in the browser, step by step", async () => {
    const item = await fairItem(501);
    mockApi({ luckynumber_daily: { body: [] }, "luckynumber_history/2D": { body: { data: [item] } } });
    const user = userEvent.setup();
    renderWithProviders(<WinNumberPage />);
    const row = (await screen.findByText(item.number, { selector: "p" })).closest("li") as HTMLElement;
    await user.click(within(row).getByRole("button", { name: "Verify" }));
    expect(await within(row).findByText("Verified in your browser: this result is fair.")).toBeInTheDocument();
    expect(within(row).getByText("Matches the commitment")).toBeInTheDocument();
    expect(within(row).getByText(`Same as the published number ${item.number}`)).toBeInTheDocument();
    expect(within(row).getAllByText(item.proof.commitment).length).toBeGreaterThanOrEqual(2);
    expect(within(row).getByText('HMAC-SHA256 of "501" with the seed')).toBeInTheDocument();
  });

  it("says so when a published number does not follow from the seed", async () => {
    const honest = await fairItem(502);
    const wrong = String((Number(honest.number) + 1) % 100).padStart(2, "0");
    mockApi({ luckynumber_daily: { body: [] }, "luckynumber_history/2D": { body: { data: [{ ...honest, number: wrong }] } } });
    const user = userEvent.setup();
    renderWithProviders(<WinNumberPage />);
    const row = (await screen.findByText(wrong, { selector: "p" })).closest("li") as HTMLElement;
    await user.click(within(row).getByRole("button", { name: "Verify" }));
    expect(await within(row).findByText("This result could not be verified.")).toBeInTheDocument();
    expect(within(row).getByText(`Not the published number ${wrong}`)).toBeInTheDocument();
  });

  it("checks a 1D result as the last digit of the 2D draw at the same time", async () => {
    const twoD = await fairNumber(SEED, 700, "2D");
    const item = {
      draw_id: 701,
      draw_at: "2026-11-20T09:30:00.000Z",
      number: twoD.slice(-1),
      source: "fair",
      proof: { commitment: await commitSeed(SEED), seed: SEED, draw_id: 701, derived_from: { draw_id: 700, type: "2D", digit: "last" } },
    };
    mockApi({
      luckynumber_daily: { body: [] },
      "luckynumber_history/2D": { body: { data: [] } },
      "luckynumber_history/1D": { body: { data: [item] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<WinNumberPage />);
    await user.click(await screen.findByRole("tab", { name: "1D" }));
    const row = (await screen.findByText(item.number, { selector: "p" })).closest("li") as HTMLElement;
    await user.click(within(row).getByRole("button", { name: "Verify" }));
    expect(await within(row).findByText("Verified in your browser: this result is fair.")).toBeInTheDocument();
    expect(
      within(row).getByText("Drawn together with the Thai 2D draw #700 at the same time: same commitment, same seed"),
    ).toBeInTheDocument();
    // The HMAC message is the 2D draw's id, the 2D number comes first, then its last digit.
    expect(within(row).getByText('HMAC-SHA256 of "700" with the seed')).toBeInTheDocument();
    expect(within(row).getByText("Last digit of the Thai 2D number")).toBeInTheDocument();
    expect(within(row).getByText(`The last digit of ${twoD} is ${item.number}.`)).toBeInTheDocument();
    expect(within(row).getByText(`Same as the published number ${item.number}`)).toBeInTheDocument();
  });

  it("fails a 1D proof whose number is not the last digit of that 2D number", async () => {
    const digit = (await fairNumber(SEED, 700, "2D")).slice(-1);
    const wrong = String((Number(digit) + 1) % 10);
    const item = {
      draw_id: 701,
      draw_at: "2026-11-20T09:30:00.000Z",
      number: wrong,
      source: "fair",
      proof: { commitment: await commitSeed(SEED), seed: SEED, draw_id: 701, derived_from: { draw_id: 700, type: "2D", digit: "last" } },
    };
    mockApi({
      luckynumber_daily: { body: [] },
      "luckynumber_history/2D": { body: { data: [] } },
      "luckynumber_history/1D": { body: { data: [item] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<WinNumberPage />);
    await user.click(await screen.findByRole("tab", { name: "1D" }));
    const row = (await screen.findByText(wrong, { selector: "p" })).closest("li") as HTMLElement;
    await user.click(within(row).getByRole("button", { name: "Verify" }));
    expect(await within(row).findByText("This result could not be verified.")).toBeInTheDocument();
    expect(within(row).getByText(`Not the published number ${wrong}`)).toBeInTheDocument();
  });

  it("shows today's numbers of every game and 'No Data!' for an empty range", async () => {
    mockApi({
      luckynumber_daily: {
        body: [
          { type: "2D", draw_id: 1, draw_at: "2026-11-20T05:31:00.000Z", number: "38", status: "settled" },
          { type: "2D", draw_id: 2, draw_at: "2026-11-20T10:00:00.000Z", number: null, status: "open" },
        ],
      },
      "luckynumber_history/2D": { body: { data: [] } },
    });
    renderWithProviders(<WinNumberPage />);
    expect(await screen.findByText("No Data!")).toBeInTheDocument();
    const today = screen.getByRole("region", { name: "Today's results" });
    expect(within(today).getByText("38")).toBeInTheDocument();
    expect(within(today).getByText("_ _")).toBeInTheDocument();
  });
});
