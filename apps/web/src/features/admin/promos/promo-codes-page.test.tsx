import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockServer, renderConsole, signInOperator } from "../test/render.tsx";
import { PromoCodesPage } from "./promo-codes-page.tsx";

afterEach(() => useSession.setState({ user: null }));

const welcome = {
  id: 7,
  code: "WELCOME",
  percent: 10,
  max_bonus: 5_000,
  turnover_multiplier: 3,
  max_uses: 100,
  max_uses_per_player: 1,
  starts_at: null,
  ends_at: null,
  active: true,
  state: "running",
  uses: 4,
  pending: 1,
  created_at: "2026-11-01T00:00:00.000Z",
};

describe("PromoCodesPage", () => {
  it("lets an admin create a code with its cap, limits and schedule, change one and end it", async () => {
    signInOperator({ role: "admin" });
    const server = mockServer({
      "GET /api/admin/2fa": () => ({ body: { role: "admin", enrolled: true, verified: true } }),
      "GET /api/admin/promo-codes": () => ({ body: { data: [welcome] } }),
      "POST /api/admin/promo-codes": (c) => ({ status: 201, body: { ...welcome, ...(c.body as object), id: 8, uses: 0, pending: 0 } }),
      "PUT /api/admin/promo-codes/7": (c) => ({ body: { ...welcome, ...(c.body as object) } }),
      "POST /api/admin/promo-codes/7/end": () => ({ body: { ...welcome, active: false, state: "ended" } }),
    });
    renderConsole(
      <>
        <PromoCodesPage />
        <ToastContainer />
      </>,
      { path: "/admin/promo-codes" },
    );
    const existing = await screen.findByTestId("promo-code-WELCOME");
    expect(within(existing).getByText("Paid 4 times; 1 requests waiting.")).toBeInTheDocument();

    const form = screen.getByTestId("new-promo-code");
    await userEvent.type(within(form).getByLabelText("Code"), "first50");
    await userEvent.type(within(form).getByLabelText("Bonus (% of the cash-in)"), "50");
    await userEvent.type(within(form).getByLabelText("Turnover multiplier"), "2");
    await userEvent.type(within(form).getByLabelText("Starts"), "2026-12-02T10:00");
    await userEvent.type(within(form).getByLabelText("Ends"), "2026-12-01T10:00");
    await userEvent.click(within(form).getByRole("button", { name: "Create promo code" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("a start before the end");
    expect(server.to("POST", "/api/admin/promo-codes")).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText("Ends"));
    await userEvent.type(within(form).getByLabelText("Ends"), "2026-12-31T10:00");
    await userEvent.type(within(form).getByLabelText("Most bonus per cash-in (Ks)"), "20,000");
    await userEvent.type(within(form).getByLabelText("Uses in all"), "500");
    await userEvent.type(within(form).getByLabelText("Uses per player"), "1");
    await userEvent.click(within(form).getByRole("button", { name: "Create promo code" }));
    await waitFor(() => expect(server.to("POST", "/api/admin/promo-codes")).toHaveLength(1));
    expect(server.to("POST", "/api/admin/promo-codes")[0]?.body).toEqual({
      code: "FIRST50",
      percent: 50,
      turnover_multiplier: 2,
      max_bonus: 20_000,
      max_uses: 500,
      max_uses_per_player: 1,
      starts_at: new Date("2026-12-02T10:00").toISOString(),
      ends_at: new Date("2026-12-31T10:00").toISOString(),
    });

    await userEvent.clear(within(existing).getByLabelText("Most bonus per cash-in (Ks)"));
    await userEvent.click(within(existing).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("PUT", "/api/admin/promo-codes/7")).toHaveLength(1));
    expect(server.to("PUT", "/api/admin/promo-codes/7")[0]?.body).toMatchObject({ percent: 10, max_bonus: null, max_uses: 100 });

    await userEvent.click(within(existing).getByRole("button", { name: "End now" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "End now" }));
    await waitFor(() => expect(server.to("POST", "/api/admin/promo-codes/7/end")).toHaveLength(1));
    // Typing many fields takes a while on a busy machine; the steps themselves wait on what the page shows.
  }, 30_000);

  it("shows an operator the codes without a way to change them", async () => {
    signInOperator();
    mockServer({ "GET /api/admin/promo-codes": () => ({ body: { data: [welcome] } }) });
    renderConsole(<PromoCodesPage />, { path: "/admin/promo-codes" });
    const existing = await screen.findByTestId("promo-code-WELCOME");
    expect(within(existing).getByLabelText("Bonus (% of the cash-in)")).toBeDisabled();
    expect(within(existing).queryByRole("button", { name: "End now" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("new-promo-code")).not.toBeInTheDocument();
    expect(screen.getByText("Only an admin can create, change or end promo codes.")).toBeInTheDocument();
  });
});
