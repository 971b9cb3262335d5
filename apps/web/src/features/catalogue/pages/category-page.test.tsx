import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderRoutes } from "../../../test/render.tsx";
import { CategoryPage, PROVIDER_PLACEHOLDERS } from "./category-page.tsx";

const provider = (id: number, name: string, over: Record<string, unknown> = {}) => ({
  id,
  p_code: `P${id}`,
  name,
  image: `/img/providers/p${id}.svg`,
  sec_image: `/img/providers/p${id}-sec.svg`,
  maintenance: false,
  ...over,
});

function renderCategory(category: "fishing" | "slot") {
  return renderRoutes(
    [
      { path: `/${category}`, element: <CategoryPage category={category} /> },
      { path: "/", element: <p>home page</p> },
    ],
    { path: `/${category}` },
  );
}

describe("CategoryPage (/{cat})", () => {
  it("shows 8 placeholder tiles while loading, then the provider tiles linking to /{cat}/{provider id}", async () => {
    let answer: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetch = mockApi({
      "g/providers": { body: { success: true, data: [provider(11, "Golden Dragon"), provider(15, "Inle Lotus")] } },
    });
    const original = fetch.getMockImplementation();
    fetch.mockImplementation(async (...args) => {
      await gate;
      return (original as NonNullable<typeof original>)(...args);
    });
    const { container } = renderCategory("slot");
    expect(PROVIDER_PLACEHOLDERS).toBe(8);
    expect(container.querySelectorAll("[data-skeleton]")).toHaveLength(8);
    answer?.();
    expect(await screen.findByRole("link", { name: "Golden Dragon" })).toHaveAttribute("href", "/slot/11");
    expect(screen.getByRole("link", { name: "Inle Lotus" })).toHaveAttribute("href", "/slot/15");
    expect(container.querySelectorAll("[data-skeleton]")).toHaveLength(0);
    const url = new URL(String(fetch.mock.calls[0]?.[0]));
    expect(url.pathname).toBe("/api/g/providers");
    expect(url.searchParams.get("category")).toBe("slot");
  });

  it("uses the secondary image of provider 14 in fishing, the main image for the others", async () => {
    mockApi({ "g/providers": { body: { success: true, data: [provider(14, "Bagan Fish"), provider(11, "Golden Dragon")] } } });
    renderCategory("fishing");
    expect(await screen.findByRole("img", { name: "Bagan Fish" })).toHaveAttribute("src", "/img/providers/p14-sec.svg");
    expect(screen.getByRole("img", { name: "Golden Dragon" })).toHaveAttribute("src", "/img/providers/p11.svg");
  });

  it("uses the main image of provider 14 outside fishing", async () => {
    mockApi({ "g/providers": { body: { success: true, data: [provider(14, "Bagan Fish")] } } });
    renderCategory("slot");
    expect(await screen.findByRole("img", { name: "Bagan Fish" })).toHaveAttribute("src", "/img/providers/p14.svg");
  });

  it("spells the name of a provider without art of its own (the fallback art or an image that fails to load)", async () => {
    mockApi({
      "g/providers": {
        body: {
          success: true,
          data: [
            provider(31, "PG Soft", { image: "/img/fallback.svg", sec_image: "" }),
            provider(32, "Jili", { image: "/img/providers/broken.svg", sec_image: "" }),
            provider(11, "Golden Dragon"),
          ],
        },
      },
    });
    renderCategory("slot");
    const pg = await screen.findByRole("link", { name: "PG Soft" });
    expect(pg).toHaveAttribute("href", "/slot/31");
    expect(within(pg).getByTestId("provider-name-art")).toHaveTextContent("PG Soft");
    expect(pg.querySelector("img")).toBeNull();
    const jili = screen.getByRole("link", { name: "Jili" });
    const broken = within(jili).getByRole("img", { name: "Jili" });
    expect(broken.tagName).toBe("IMG");
    fireEvent.error(broken);
    expect(within(jili).getByTestId("provider-name-art")).toHaveTextContent("Jili");
    const golden = screen.getByRole("link", { name: "Golden Dragon" });
    expect(within(golden).getByRole("img", { name: "Golden Dragon" })).toHaveAttribute("src", "/img/providers/p11.svg");
    expect(within(golden).queryByTestId("provider-name-art")).toBeNull();
  });

  it("shows a provider in maintenance with a badge and no link", async () => {
    mockApi({
      "g/providers": { body: { success: true, data: [provider(11, "Golden Dragon", { maintenance: true }), provider(15, "Inle Lotus")] } },
    });
    renderCategory("slot");
    const img = await screen.findByRole("img", { name: "Golden Dragon" });
    expect(img.closest("a")).toBeNull();
    const tile = img.closest("[aria-disabled='true']") as HTMLElement;
    expect(within(tile).getByText("Maintenance")).toBeInTheDocument();
    expect(screen.getAllByRole("link")).toHaveLength(1);
  });

  it("with no providers shows 'Empty Data' and 'Return Back', which goes home from /{cat}", async () => {
    mockApi({ "g/providers": { body: { success: true, data: [] } } });
    const { router } = renderCategory("fishing");
    expect(await screen.findByText("Empty Data")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Return Back" }));
    expect(router.state.location.pathname).toBe("/");
    expect(await screen.findByText("home page")).toBeInTheDocument();
  });

  it("offers a retry when the providers cannot be loaded", async () => {
    mockApi({ "g/providers": { status: 500, body: { message: "boom", code: "INTERNAL" } } });
    renderCategory("slot");
    expect(await screen.findByText("The games could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.queryByText("Empty Data")).not.toBeInTheDocument();
  });
});
