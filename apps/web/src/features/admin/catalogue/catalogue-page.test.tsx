import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockServer, renderConsole, signInOperator } from "../test/render.tsx";
import { CataloguePage } from "./catalogue-page.tsx";

afterEach(() => useSession.setState({ user: null }));

const provider = {
  id: 3,
  p_code: "GDG",
  name: "Golden Dragon",
  image: "/img/p.svg",
  sec_image: "/img/p2.svg",
  maintenance: false,
  active: true,
  sort: 1,
  free_round_credits: false,
  categories: [],
};
const routes = (admin: boolean) => ({
  "GET /api/admin/2fa": () => ({ body: { role: admin ? "admin" : "operator", enrolled: true, verified: true } }),
  "GET /api/admin/catalogue/categories": () => ({
    body: { data: [{ id: 1, code: "slot", name: "Slots", image: "/img/c.svg", sort: 1, active: true }] },
  }),
  "GET /api/admin/catalogue/providers": () => ({ body: { data: [provider] } }),
  "GET /api/admin/catalogue/games": () => ({
    body: {
      data: [
        {
          id: 9,
          name: "Golden Pagoda",
          image: "/img/g.svg",
          p_code: "GDG",
          cate_code: "slot",
          g_code: "gdg-slot-01",
          provider_id: 3,
          category_id: 1,
          active: true,
        },
      ],
    },
  }),
  "PUT /api/admin/catalogue/providers/3": (c: { body: unknown }) => ({ body: { ...provider, ...(c.body as object) } }),
  "PUT /api/admin/catalogue/games/9": (c: { body: unknown }) => ({
    body: {
      id: 9,
      name: "Golden Pagoda",
      image: "/img/g.svg",
      p_code: "GDG",
      cate_code: "slot",
      g_code: "gdg-slot-01",
      provider_id: 3,
      category_id: 1,
      ...(c.body as object),
    },
  }),
});

describe("CataloguePage", () => {
  it("lets an admin put a provider in maintenance and hide a game", async () => {
    signInOperator({ role: "admin" });
    const server = mockServer(routes(true));
    renderConsole(<CataloguePage />, { path: "/admin/catalogue" });
    const row = await screen.findByTestId("provider-GDG");
    await waitFor(() => expect(within(row).getByLabelText("Maintenance")).not.toBeDisabled());
    await userEvent.click(within(row).getByLabelText("Maintenance"));
    await waitFor(() => expect(server.to("PUT", "/api/admin/catalogue/providers/3")).toHaveLength(1));
    expect(server.to("PUT", "/api/admin/catalogue/providers/3")[0]?.body).toEqual({ maintenance: true });
    await userEvent.click(within(await screen.findByTestId("game-gdg-slot-01")).getByLabelText("Golden Pagoda"));
    await waitFor(() => expect(server.to("PUT", "/api/admin/catalogue/games/9")[0]?.body).toEqual({ active: false }));
    expect(server.to("GET", "/api/admin/catalogue/games")[0]?.query.get("provider")).toBe("3");
  });

  it("shows an operator the catalogue with every switch off limits", async () => {
    signInOperator();
    mockServer(routes(false));
    renderConsole(<CataloguePage />, { path: "/admin/catalogue" });
    const row = await screen.findByTestId("provider-GDG");
    expect(within(row).getByLabelText("Maintenance")).toBeDisabled();
    expect(screen.getByText("Only an admin can change the catalogue.")).toBeInTheDocument();
  });
});
