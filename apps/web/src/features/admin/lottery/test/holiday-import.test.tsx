import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { mockServer, renderConsole, signInOperator } from "../../test/render.tsx";
import { HolidayImportPanel } from "../components/holiday-import-panel.tsx";
import { MovedDayPanel } from "../components/moved-day-panel.tsx";

const PATH = "/api/admin/lottery/markets/SET/holidays";
const row = (day: string, name: string, line: number, newFor: string[], bets = 0) => ({
  day,
  name,
  line,
  new_for: newFor,
  draws_with_bets: bets,
});

describe("holiday import", () => {
  beforeEach(() => signInOperator({ role: "admin" }));

  it("previews the file, then applies it after a confirmation", async () => {
    const holidays = [row("2099-12-05", "King's Birthday", 2, ["2D", "1D"], 1), row("2099-12-10", "Constitution Day", 3, [])];
    const server = mockServer({
      [`POST ${PATH}`]: (call) => {
        const { apply } = call.body as { apply: boolean };
        return { body: { market: "SET", games: ["2D", "1D"], holidays, applied: apply, voided_draw_ids: apply ? [41] : [] } };
      },
    });
    const user = userEvent.setup();
    renderConsole(<HolidayImportPanel market="SET" />, { path: "/admin/lottery/settings/2D" });
    const text = "date,name\n2099-12-05,King's Birthday\n2099-12-10,Constitution Day\n";
    await user.upload(
      await screen.findByLabelText("Holiday file", {}, { timeout: 10_000 }),
      new File([text], "set.csv", { type: "text/csv" }),
    );

    const table = await screen.findByRole("table", { name: "2 holidays in the file" });
    expect(within(table).getByText("King's Birthday")).toBeInTheDocument();
    expect(within(table).getByText("1 draws with bets voided")).toBeInTheDocument();
    expect(within(table).getByText("Already an off day")).toBeInTheDocument();
    const [preview] = server.to("POST", PATH);
    expect(preview?.body).toEqual({ file_name: "set.csv", content_base64: btoa(text), apply: false });

    await user.click(screen.getByRole("button", { name: "Apply 1 holidays" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Apply 1 holidays" }));
    await screen.findByText("Holidays applied; 1 draws voided.");
    expect(server.to("POST", PATH).map((c) => (c.body as { apply: boolean }).apply)).toEqual([false, true]);
  });

  it("shows the refusal naming the line", async () => {
    mockServer({
      [`POST ${PATH}`]: () => ({
        status: 422,
        body: {
          message: 'The holiday file was refused. Line 3: "5 Dec" is not a date (write YYYY-MM-DD).',
          code: "NOT_A_DATE",
          details: { line: 3 },
        },
      }),
    });
    const user = userEvent.setup();
    renderConsole(<HolidayImportPanel market="SET" />, { path: "/admin/lottery/settings/2D" });
    await user.upload(await screen.findByLabelText("Holiday file", {}, { timeout: 10_000 }), new File(["x"], "set.csv"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Line 3");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("moves a 3D draw day", async () => {
    const server = mockServer({
      "POST /api/admin/lottery/3D/moved-days": () => ({
        body: { type: "3D", off_days: ["2099-01-16"], extra_days: ["2099-01-17"], voided_draw_ids: [] },
      }),
    });
    const user = userEvent.setup();
    renderConsole(<MovedDayPanel type="3D" extraDays={["2099-01-02"]} />, { path: "/admin/lottery/settings/3D" });
    expect(await screen.findByText("02-01-2099", {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Moved from"), "2099-01-16");
    await user.type(screen.getByLabelText("Moved to"), "2099-01-17");
    await user.click(screen.getByRole("button", { name: "Move the draw day" }));
    await screen.findByText("Draw day moved; 0 draws voided.");
    expect(server.to("POST", "/api/admin/lottery/3D/moved-days").map((c) => c.body)).toEqual([{ from: "2099-01-16", to: "2099-01-17" }]);
  });
});
