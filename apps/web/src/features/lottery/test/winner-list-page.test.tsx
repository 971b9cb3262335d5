import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/render.tsx";
import { WinnerListPage } from "../pages/winner-list-page.tsx";

interface Call {
  path: string;
  signal: AbortSignal | null | undefined;
}

/**
 * A fetch that answers each winner_users type from `answers` (a promise answers when it settles);
 * "hang" never answers but fails once aborted, like a browser.
 */
function stubWinners(answers: Record<string, unknown | "hang" | "fail">) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input)).pathname;
      calls.push({ path, signal: init.signal });
      const answer = answers[path.replace("/api/winner_users/", "")];
      if (answer === "hang") {
        return new Promise<Response>((_, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        });
      }
      if (answer === undefined || answer === "fail") {
        return Promise.resolve(new Response(JSON.stringify({ message: "Down", code: "INTERNAL" }), { status: 500 }));
      }
      return Promise.resolve(answer).then(
        (body) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } }),
      );
    }),
  );
  return calls;
}

const winners = {
  section: "2026-11-20T09:30:00.000Z",
  draw_id: 9,
  lucky_number: "47",
  data: [
    { phone: "09*******11", bet_amount: 10_000, win_amount: 850_000 },
    { phone: "09*******22", bet_amount: 5_000, win_amount: 425_000 },
    { phone: "09*******33", bet_amount: 1_000, win_amount: 85_000 },
    { phone: "09*******44", bet_amount: 100, win_amount: 8_500 },
  ],
};

describe("WinnerListPage", () => {
  it("starts on Thai 2D and shows the section, lucky number, medals for ranks 1 to 3 and amounts with separators", async () => {
    const calls = stubWinners({ "2D": winners });
    renderWithProviders(<WinnerListPage />);
    expect(screen.getByRole("combobox", { name: "Lottery" })).toHaveValue("2D");
    const table = await screen.findByRole("table");
    expect(calls.map((c) => c.path)).toEqual(["/api/winner_users/2D"]);
    expect(screen.getByTestId("lucky-number")).toHaveTextContent("47");
    expect(screen.getByText("20-11-2026 16:00")).toBeInTheDocument();
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]?.querySelector("[data-medal]")?.getAttribute("data-medal")).toBe("gold");
    expect(rows[1]?.querySelector("[data-medal]")?.getAttribute("data-medal")).toBe("silver");
    expect(rows[2]?.querySelector("[data-medal]")?.getAttribute("data-medal")).toBe("bronze");
    expect(rows[3]?.querySelector("[data-medal]")).toBeNull();
    expect(within(rows[0] as HTMLElement).getByText("Rank 1, gold medal")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("09*******11");
    expect(rows[0]).toHaveTextContent("10,000");
    expect(rows[0]).toHaveTextContent("850,000");
    expect(rows[3]).toHaveTextContent("4");
  });

  it("shows '_ _' and 'No Data!' when the game has no settled draw yet", async () => {
    stubWinners({ "2D": { section: null, draw_id: null, lucky_number: null, data: [] } });
    renderWithProviders(<WinnerListPage />);
    expect(await screen.findByText("No Data!")).toBeInTheDocument();
    expect(screen.getByTestId("lucky-number")).toHaveTextContent("_ _");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows an empty list when the request fails", async () => {
    stubWinners({ "2D": "fail" });
    renderWithProviders(<WinnerListPage />);
    expect(await screen.findByText("No Data!")).toBeInTheDocument();
    expect(screen.getByTestId("lucky-number")).toHaveTextContent("_ _");
  });

  it("shows the spinner on every change and cancels the request still running for the previous choice", async () => {
    let answer3D: (body: unknown) => void = () => undefined;
    const threeD = new Promise((resolve) => {
      answer3D = resolve;
    });
    const calls = stubWinners({ "2D": "hang", "3D": threeD });
    const user = userEvent.setup();
    renderWithProviders(<WinnerListPage />);
    expect(await screen.findByRole("status")).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.signal?.aborted).toBe(false);

    await user.selectOptions(screen.getByRole("combobox", { name: "Lottery" }), "3D");
    await waitFor(() => expect(calls[0]?.signal?.aborted).toBe(true));
    expect(calls[1]?.path).toBe("/api/winner_users/3D");
    expect(screen.getByRole("status")).toBeInTheDocument();
    expect(screen.getByTestId("lucky-number")).toHaveTextContent("_ _");

    answer3D({ ...winners, lucky_number: "123", data: winners.data.slice(0, 1) });
    expect(await screen.findByRole("table")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByTestId("lucky-number")).toHaveTextContent("123");
  });
});
