import type { BoardNumber, SlipLimits } from "@shwe/contracts";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/render.tsx";
import { NumberCell, type NumberCellProps } from "./number-cell.tsx";

const limits: SlipLimits = { min_stake: 100, max_stake: 100_000, max_lines: 100, number_cap: 1_000_000, hot_cap: 200_000 };
const open: BoardNumber = { number: "12", remaining: 1_000_000, hot: false, blocked: false };

function renderCell(props: Partial<NumberCellProps>) {
  renderWithProviders(
    <NumberCell
      number="12"
      status={open}
      limits={limits}
      selected={false}
      rejected={undefined}
      locked={false}
      onToggle={vi.fn()}
      {...props}
    />,
  );
  return screen.getByRole("button", { name: /^12(,|$)/ });
}

/** The elements inside the cell, as tag names (the SVG icons' own parts left out). */
const inside = (cell: HTMLElement) => [...cell.children].map((el) => el.tagName.toLowerCase());

/** The capacity bar: one element whose background draws the track and the fill (styles.css). */
function capacityBar(cell: HTMLElement): HTMLElement {
  const bar = cell.querySelector<HTMLElement>(".capacity-bar");
  if (!bar) throw new Error("no capacity bar");
  expect(bar.children).toHaveLength(0);
  return bar;
}

describe("NumberCell", () => {
  // A hundred cells are laid out on the board's first paint: an open number is the button, its number
  // and its capacity bar (track and fill in one element), no empty mark row.
  it("an open number is the button with two spans: the number and the capacity bar", async () => {
    const cell = renderCell({ status: { ...open, remaining: 570_000 } });
    expect(await screen.findByRole("button", { name: "12, 570,000 MMK left" })).toBe(cell);
    expect(cell.querySelectorAll("*")).toHaveLength(2);
    expect(inside(cell)).toEqual(["span", "span"]);
    expect(cell.children[0]).toHaveTextContent("12");
    const bar = capacityBar(cell);
    expect(bar.style.getPropertyValue("--share")).toBe("0.57");
    expect(bar.className).toContain("bg-line");
    expect(bar.className).toContain("[--fill:var(--color-win)]");
  });

  it("the fill turns amber below half and red below 15 % of the cap", () => {
    expect(capacityBar(renderCell({ status: { ...open, remaining: 140_000 } })).className).toContain("[--fill:var(--color-danger)]");
    document.body.innerHTML = "";
    expect(capacityBar(renderCell({ status: { ...open, remaining: 300_000 } })).className).toContain("[--fill:var(--color-warn)]");
  });

  it("a hot number adds its mark row (flame and word); a blocked one has no bar", () => {
    const hot = renderCell({ status: { ...open, hot: true, remaining: 200_000 } });
    expect(hot).toHaveAccessibleName("12, Hot, 200,000 MMK left");
    expect(inside(hot)).toEqual(["span", "span", "span"]);
    expect(hot.children[1]).toHaveTextContent("Hot");
    expect(capacityBar(hot).style.getPropertyValue("--share")).toBe("1");
    document.body.innerHTML = "";
    const blocked = renderCell({ status: { ...open, blocked: true } });
    expect(blocked).toBeDisabled();
    expect(inside(blocked)).toEqual(["span", "span"]);
    expect(blocked.querySelector(".capacity-bar")).toBeNull();
    expect(blocked.children[0]?.className).toContain("line-through");
  });

  it("a chosen number shows the check mark and a fill in the background colour", () => {
    const cell = renderCell({ selected: true });
    expect(cell).toHaveAttribute("aria-pressed", "true");
    expect(inside(cell)).toEqual(["span", "span", "span"]);
    expect(capacityBar(cell).className).toContain("[--fill:var(--color-bg)]");
  });

  it("a number without board data has no bar", () => {
    const cell = renderCell({ status: undefined });
    expect(cell).toHaveAccessibleName("12");
    expect(cell.querySelectorAll("*")).toHaveLength(1);
    expect(cell.querySelector(".capacity-bar")).toBeNull();
  });
});
