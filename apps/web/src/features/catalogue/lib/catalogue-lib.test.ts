import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATEGORY_CODES, isCategoryCode, providerArt, returnBackTarget } from "./category-codes.ts";
import { cutName, GAME_NAME_MAX, matchesSearch } from "./cut-name.ts";
import { safeLaunchUrl } from "./launch-url.ts";

describe("category codes", () => {
  it("knows exactly the nine category codes", () => {
    expect(CATEGORY_CODES).toHaveLength(9);
    expect(isCategoryCode("live-casino")).toBe(true);
    expect(isCategoryCode("login")).toBe(false);
    expect(isCategoryCode("Slot")).toBe(false);
    expect(isCategoryCode(undefined)).toBe(false);
  });

  it("shows the secondary art of provider 14 in fishing only", () => {
    const p14 = { id: 14, image: "/a.svg", sec_image: "/b.svg" };
    expect(providerArt(p14, "fishing")).toBe("/b.svg");
    expect(providerArt(p14, "arcade")).toBe("/a.svg");
    expect(providerArt({ ...p14, id: 11 }, "fishing")).toBe("/a.svg");
    expect(providerArt({ ...p14, sec_image: "" }, "fishing")).toBe("/a.svg");
  });

  it("'Return Back' goes to the first path segment, or home when that is the page itself", () => {
    expect(returnBackTarget("/slot/11")).toBe("/slot");
    expect(returnBackTarget("/slot")).toBe("/");
    expect(returnBackTarget("/")).toBe("/");
  });
});

describe("game names", () => {
  it("cuts at 15 characters with an ellipsis, and leaves short names alone", () => {
    expect(GAME_NAME_MAX).toBe(15);
    expect(cutName("Golden Pagoda Slots")).toBe("Golden Pagoda S…");
    expect(cutName("Exactly15 chars")).toBe("Exactly15 chars");
    expect(cutName("Rocket Crash")).toBe("Rocket Crash");
  });

  it("never returns more than 15 characters plus the ellipsis, and always a prefix of the name", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (name) => {
        const cut = cutName(name);
        const chars = Array.from(cut);
        if (Array.from(name).length <= GAME_NAME_MAX) expect(cut).toBe(name);
        else {
          expect(chars).toHaveLength(GAME_NAME_MAX + 1);
          expect(chars.at(-1)).toBe("…");
          expect(name.startsWith(chars.slice(0, -1).join(""))).toBe(true);
        }
      }),
    );
  });

  it("search matches a case-insensitive substring; blank matches everything", () => {
    expect(matchesSearch("Golden Pagoda Slots", "PAGODA")).toBe(true);
    expect(matchesSearch("Golden Pagoda Slots", "  da sl ")).toBe(true);
    expect(matchesSearch("Golden Pagoda Slots", "tiger")).toBe(false);
    expect(matchesSearch("Anything", "   ")).toBe(true);
  });
});

describe("launch URLs", () => {
  const origin = "https://shwelucky.test";
  it("keeps site paths and http(s) addresses, refuses other schemes", () => {
    expect(safeLaunchUrl("/house/slot?t=abc", origin)).toBe("/house/slot?t=abc");
    expect(safeLaunchUrl("https://shwelucky.test/game/unavailable?provider=GDG", origin)).toBe("/game/unavailable?provider=GDG");
    expect(safeLaunchUrl("https://games.example.com/play?x=1", origin)).toBe("https://games.example.com/play?x=1");
    expect(safeLaunchUrl("javascript:alert(1)", origin)).toBeNull();
    expect(safeLaunchUrl("data:text/html,hi", origin)).toBeNull();
    expect(safeLaunchUrl("  ", origin)).toBeNull();
  });
});
