import { screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { mockApi, renderRoutes } from "../test/render.tsx";
import { routes } from "./router.tsx";

describe("router", () => {
  // jsdom has no scrolling; the layout restores the scroll position on navigation.
  beforeAll(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });

  it("shows the 404 page for an unknown path, with a way home", async () => {
    mockApi({
      "g/categories": { body: { success: true, data: [] } },
      header_play_text: { body: { data: [] } },
      social_link: { status: 404, body: { message: "Not found.", code: "NOT_FOUND" } },
    });
    renderRoutes(routes, { path: "/no/such/page" });
    expect(await screen.findByRole("heading", { name: "404 - PAGE NOT FOUND" })).toBeInTheDocument();
    expect(screen.getByText("Sorry, the page you requested was not found.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go To Home" })).toHaveAttribute("href", "/");
  });
});
