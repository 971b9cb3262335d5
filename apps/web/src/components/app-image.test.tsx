import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppImage, FALLBACK_IMAGE } from "./app-image.tsx";

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
});
