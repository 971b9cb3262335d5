import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockServer, renderConsole, signInOperator } from "../test/render.tsx";
import { BannersPanel } from "./banners-panel.tsx";

afterEach(() => useSession.setState({ user: null }));

const banner = {
  id: 5,
  title: "Thai 2D",
  title_translations: { en: "Thai 2D draw" },
  image_desktop: "/img/banners/2d-desktop.svg",
  image_mobile: "/img/banners/2d-mobile.svg",
  link: "/two/lottery",
  starts_on: "2026-11-01",
  ends_on: null,
  sort: 1,
  active: true,
};

describe("BannersPanel", { timeout: 20_000 }, () => {
  it("edits a banner's days, order and visibility, and adds a new one with an uploaded picture", async () => {
    signInOperator({ role: "admin" });
    const server = mockServer({
      "GET /api/admin/content/banners": () => ({ body: { data: [banner] } }),
      "PUT /api/admin/content/banners/5": (c) => ({ body: { ...banner, ...(c.body as object) } }),
      "POST /api/admin/content/banners": (c) => ({ status: 201, body: { ...banner, id: 6, ...(c.body as object) } }),
      "POST /api/admin/media": () => ({ status: 201, body: { path: "/media/abcdefghijklmnopqrstuvwx.webp" } }),
    });
    renderConsole(<BannersPanel />, { path: "/admin/content" });
    const item = await screen.findByTestId("banner-5");
    await userEvent.click(within(item).getByText("Thai 2D"));
    expect(within(item).getByRole("textbox", { name: "English" })).toHaveValue("Thai 2D draw");
    await userEvent.type(within(item).getByRole("textbox", { name: "Thai" }), "หวยไทย 2D");
    const ends = within(item).getByLabelText("Shows until");
    await userEvent.type(ends, "2026-12-31");
    await userEvent.clear(within(item).getByLabelText("Order"));
    await userEvent.type(within(item).getByLabelText("Order"), "3");
    await userEvent.click(within(item).getByLabelText("Shown"));
    await userEvent.click(within(item).getByRole("button", { name: "Save banner" }));
    await waitFor(() => expect(server.to("PUT", "/api/admin/content/banners/5")).toHaveLength(1));
    expect(server.to("PUT", "/api/admin/content/banners/5")[0]?.body).toMatchObject({
      ends_on: "2026-12-31",
      sort: 3,
      active: false,
      link: "/two/lottery",
      title: "Thai 2D",
      title_translations: { en: "Thai 2D draw", cn: "", thai: "หวยไทย 2D" },
    });

    await userEvent.click(screen.getByText("+ New banner"));
    const form = screen.getByRole("button", { name: "Add banner" }).closest("form") as HTMLFormElement;
    await userEvent.click(within(form).getByRole("button", { name: "Add banner" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Enter a title, both pictures");
    await userEvent.type(within(form).getByRole("textbox", { name: "Burmese (required)" }), "မုန့်ဖိုး");
    await userEvent.type(within(form).getByRole("textbox", { name: "English" }), "Pocket money");
    const [desktopUpload, mobileUpload] = within(form).getAllByLabelText("Upload image");
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "p.png", { type: "image/png" });
    await userEvent.upload(desktopUpload as HTMLInputElement, file);
    await userEvent.upload(mobileUpload as HTMLInputElement, file);
    await waitFor(() => expect(within(form).getByLabelText("Phone picture")).toHaveValue("/media/abcdefghijklmnopqrstuvwx.webp"));
    await userEvent.click(within(form).getByRole("button", { name: "Add banner" }));
    await waitFor(() => expect(server.to("POST", "/api/admin/content/banners")).toHaveLength(1));
    expect(server.to("POST", "/api/admin/content/banners")[0]?.body).toMatchObject({
      title: "မုန့်ဖိုး",
      title_translations: { en: "Pocket money", cn: "", thai: "" },
      image_desktop: "/media/abcdefghijklmnopqrstuvwx.webp",
      image_mobile: "/media/abcdefghijklmnopqrstuvwx.webp",
      ends_on: null,
      active: true,
    });
  });
});
