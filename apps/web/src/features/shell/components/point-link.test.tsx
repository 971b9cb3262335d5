import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { renderWithProviders, signIn } from "../../../test/render.tsx";
import { PointLink } from "./point-link.tsx";

afterEach(() => useSession.setState({ user: null }));

describe("PointLink", () => {
  it("shows the player's points rounded down and opens /point", () => {
    signIn({ point: 1_234.9 });
    renderWithProviders(<PointLink />);
    const link = screen.getByRole("link", { name: /Points/ });
    expect(link).toHaveAttribute("href", "/point");
    expect(screen.getByTestId("header-point")).toHaveTextContent("1,234");
  });

  it("is not shown to a visitor", () => {
    renderWithProviders(<PointLink />);
    expect(screen.queryByRole("link", { name: /Points/ })).not.toBeInTheDocument();
  });
});
