import { act, fireEvent, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppImage, FALLBACK_IMAGE, STAND_IN_IMAGE } from "./app-image.tsx";

describe("AppImage", () => {
  it("loads lazily by default and swaps to the fallback image when the picture fails", () => {
    render(<AppImage src="/img/providers/broken.png" alt="Provider" />);
    const img = screen.getByRole("img", { name: "Provider" });
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("src", "/img/providers/broken.png");
    fireEvent.error(img);
    expect(img).toHaveAttribute("src", FALLBACK_IMAGE);
    // The fallback failing too does not loop.
    fireEvent.error(img);
    expect(img).toHaveAttribute("src", FALLBACK_IMAGE);
  });

  it("loads above-the-fold images eagerly with high priority", () => {
    render(<AppImage src="/img/banner.png" alt="Banner" priority />);
    const img = screen.getByRole("img", { name: "Banner" });
    expect(img).toHaveAttribute("loading", "eager");
    expect(img).toHaveAttribute("fetchpriority", "high");
  });

  it("uses the fallback when there is no picture at all", () => {
    render(<AppImage src="" alt="Nothing" />);
    expect(screen.getByRole("img", { name: "Nothing" })).toHaveAttribute("src", FALLBACK_IMAGE);
  });

  it("a deferred picture is drawn by the server as a stand-in of its size and loads once the browser has taken the page over", async () => {
    const picture = <AppImage src="/img/providers/art.webp" alt="Provider" width={300} height={200} deferred />;
    const drawn = renderToString(picture);
    expect(drawn).toContain(`src="${STAND_IN_IMAGE}"`);
    expect(drawn).not.toContain("/img/providers/art.webp");
    expect(drawn).toContain('width="300"');
    const container = document.createElement("div");
    container.innerHTML = drawn;
    document.body.append(container);
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, picture, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(container.querySelector("img")).toHaveAttribute("src", "/img/providers/art.webp");
    expect(errors).toEqual([]);
    act(() => root?.unmount());
    container.remove();
    // Drawn by the browser itself: the picture at once.
    render(<AppImage src="/img/providers/art.webp" alt="Other" deferred />);
    expect(screen.getByRole("img", { name: "Other" })).toHaveAttribute("src", "/img/providers/art.webp");
  });

  it("a picture that is not deferred is drawn by the server with its source", () => {
    expect(renderToString(<AppImage src="/img/providers/art.webp" alt="Provider" />)).toContain('src="/img/providers/art.webp"');
  });
});
