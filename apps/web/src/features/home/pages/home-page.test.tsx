import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { preloadIslands } from "../../../lib/island.tsx";
import { mockApi, renderWithProviders } from "../../../test/render.tsx";
import { HomePage } from "./home-page.tsx";

const slot = { id: 2, code: "slot", name: "Slot", image: "/img/categories/slot.svg" };
const fishing = { id: 3, code: "fishing", name: "Fishing", image: "/img/categories/fishing.svg" };
const bingo = { id: 9, code: "bingo", name: "Bingo", image: "/img/categories/bingo.svg" };
const provider = (id: number, name: string) => ({
  id,
  p_code: `P${id}`,
  name,
  image: `/img/providers/p${id}.png`,
  sec_image: `/img/providers/p${id}-2.png`,
  maintenance: false,
});

const banners = {
  data: [
    { id: 1, title: "Welcome bonus", image: "/img/banners/m1.png", link: "/register" },
    { id: 2, title: "2D daily", image: "/img/banners/m2.png", link: null },
  ],
};
const social = {
  data: { play_store: "", qr: "", facebook: "https://facebook.com/shwelucky", messenger: "", viber: "javascript:alert(1)", instagram: "" },
};

describe("HomePage", () => {
  // The social row and the catalogue are islands: their chunks, as the server and the browser fetch them.
  beforeAll(() => preloadIslands());

  it("shows skeleton sections of provider tiles while the catalogue loads", () => {
    mockApi({ "g/home": "pending", banner_mobile: "pending", social_link: "pending", "lottery/list": "pending" });
    const { container } = renderWithProviders(<HomePage />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading games…");
    // 3 sections × (icon + title + 6 tiles) + banner + social row + the 5 lottery game cards
    expect(container.querySelectorAll("[data-skeleton]").length).toBe(3 * (2 + 6) + 2 + 5);
  });

  it("shows the providers of every category from one request, linking to /{category}/{provider id}", async () => {
    const fetch = mockApi({
      "g/home": {
        body: {
          success: true,
          data: [
            { category: slot, providers: [provider(11, "Golden Reels"), provider(12, "Lucky Spin")] },
            { category: fishing, providers: [provider(14, "Deep Sea")] },
            { category: bingo, providers: [] },
          ],
        },
      },
      banner_mobile: { body: banners },
      social_link: { body: social },
    });
    renderWithProviders(<HomePage />);
    const slots = await screen.findByRole("region", { name: "Slot" });
    expect(within(slots).getByRole("link", { name: "Golden Reels" })).toHaveAttribute("href", "/slot/11");
    expect(within(slots).getByRole("link", { name: "Lucky Spin" })).toHaveAttribute("href", "/slot/12");
    expect(screen.getByRole("link", { name: "Deep Sea" })).toHaveAttribute("href", "/fishing/14");
    // A category without providers is left out.
    expect(screen.queryByRole("region", { name: "Bingo" })).not.toBeInTheDocument();
    const catalogueCalls = fetch.mock.calls.filter(([url]) => String(url).includes("/api/g/"));
    expect(catalogueCalls.map(([url]) => new URL(String(url)).pathname)).toEqual(["/api/g/home"]);
  });

  it("shows the phone banners with the first one loaded eagerly, and only safe social links", async () => {
    const fetch = mockApi({
      "g/home": { body: { success: true, data: [] } },
      banner_mobile: { body: banners },
      social_link: { body: social },
    });
    renderWithProviders(<HomePage />);
    const first = await screen.findByRole("img", { name: "Welcome bonus" });
    expect(first).toHaveAttribute("loading", "eager");
    expect(first).toHaveAttribute("fetchpriority", "high");
    expect(first.closest("a")).toHaveAttribute("href", "/register");
    expect(screen.getByRole("img", { name: "2D daily", hidden: true })).toHaveAttribute("loading", "lazy");
    expect(screen.getAllByRole("button", { name: /Show banner/ })).toHaveLength(2);
    const bannerUrl = new URL(String(fetch.mock.calls.find(([url]) => String(url).includes("banner"))?.[0]));
    expect(bannerUrl.pathname).toBe("/api/banner_mobile");
    expect(bannerUrl.searchParams.get("date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(await screen.findByRole("link", { name: "Facebook" })).toHaveAttribute("href", "https://facebook.com/shwelucky");
    expect(screen.queryByRole("link", { name: "Viber" })).not.toBeInTheDocument();
    expect(await screen.findByText("Empty Data")).toBeInTheDocument();
  });

  it("offers a retry when the catalogue fails", async () => {
    mockApi({
      "g/home": { status: 503, body: { message: "Service is busy. Please try again shortly.", code: "UNAVAILABLE" } },
      banner_mobile: { body: { data: [] } },
      social_link: { body: social },
    });
    renderWithProviders(<HomePage />);
    expect(await screen.findByText("The games could not be loaded.")).toBeInTheDocument();
    expect(screen.getByText("The service is busy. Please try again shortly.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
  });
});
