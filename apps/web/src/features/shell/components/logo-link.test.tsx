import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/render.tsx";
import { LogoLink } from "./logo-link.tsx";

/** What the browser downloads for the logo: the picture's sources and its image (one file per screen width). */
function logoFiles(link: HTMLElement) {
  return {
    images: [...link.querySelectorAll("img")].map((img) => img.getAttribute("src")),
    sources: [...link.querySelectorAll("picture source")].map((s) => [s.getAttribute("media"), s.getAttribute("srcset")]),
  };
}

describe("the logo link", () => {
  it("is one image of the full logo where there is room", () => {
    renderWithProviders(<LogoLink className="h-10" />);
    const link = screen.getByRole("link", { name: "Shwe Lucky home" });
    expect(link).toHaveAttribute("href", "/");
    expect(logoFiles(link)).toEqual({ images: ["/img/logo.svg"], sources: [] });
  });

  it("is one picture in a narrow header: the round mark, the full logo from the width given (one download, never both)", () => {
    const { unmount } = renderWithProviders(<LogoLink compact />);
    let link = screen.getByRole("link", { name: "Shwe Lucky home" });
    expect(logoFiles(link)).toEqual({ images: ["/img/logo-mark.svg"], sources: [["(min-width: 430px)", "/img/logo.svg"]] });
    const source = link.querySelector("source");
    expect([source?.getAttribute("width"), source?.getAttribute("height")]).toEqual(["218", "54"]);
    expect([link.querySelector("img")?.getAttribute("width"), link.querySelector("img")?.getAttribute("height")]).toEqual(["64", "64"]);
    unmount();

    renderWithProviders(<LogoLink compact="narrow" />);
    link = screen.getByRole("link", { name: "Shwe Lucky home" });
    expect(logoFiles(link)).toEqual({ images: ["/img/logo-mark.svg"], sources: [["(min-width: 380px)", "/img/logo.svg"]] });
  });
});
