import { screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { routes } from "../../app/router.tsx";
import { mockApi, renderRoutes } from "../../test/render.tsx";

const shell = {
  "g/categories": { body: { success: true, data: [] } },
  header_play_text: { body: { data: [] } },
  social_link: { status: 404, body: { message: "Not found.", code: "NOT_FOUND" } },
};

describe("catalogue routes", () => {
  beforeAll(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });

  it("/{cat} opens the category page for a category code", async () => {
    mockApi({ ...shell, "g/providers": { body: { success: true, data: [] } } });
    renderRoutes(routes, { path: "/live-casino" });
    // The first visit loads the page's chunk: allow for a slow, busy machine.
    expect(await screen.findByRole("heading", { name: "Live Casino" }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText("Empty Data")).toBeInTheDocument();
  });

  it("/{cat}/{prov} opens the provider's game list", async () => {
    mockApi({ ...shell, "g/providers": { body: { success: true, data: [] } }, g: { body: { success: true, data: [] } } });
    renderRoutes(routes, { path: "/fishing/14" });
    expect(await screen.findByPlaceholderText("Search Game ...", {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("any other single segment stays the 404 page", async () => {
    mockApi(shell);
    renderRoutes(routes, { path: "/casino" });
    expect(await screen.findByRole("heading", { name: "404 - PAGE NOT FOUND" }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("the game report is behind the login guard", async () => {
    mockApi(shell);
    const { router } = renderRoutes(routes, { path: "/game/report/GDG" });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/login"), { timeout: 5000 });
    expect(router.state.location.state).toEqual({ from: "/game/report/GDG" });
  });
});
