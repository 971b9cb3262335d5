import { describe, expect, it } from "vitest";
import { extractFeedValues, valueAtPath } from "./feed.ts";

describe("result feed values", () => {
  const doc = { data: [{ last: "65,432.17", volume: 12 }], set: { index: 1234.56, value: "65,432.10" }, empty: null };

  it("reads dotted paths through objects and arrays", () => {
    expect(valueAtPath(doc, "data.0.last")).toBe("65,432.17");
    expect(valueAtPath(doc, "set.index")).toBe(1234.56);
    expect(valueAtPath(doc, "data.1.last")).toBeUndefined();
    expect(valueAtPath(doc, "data.x")).toBeUndefined();
    expect(valueAtPath(doc, "empty.value")).toBeUndefined();
    expect(valueAtPath(doc, "set.constructor")).toBeUndefined();
    expect(valueAtPath(doc, "__proto__")).toBeUndefined();
  });

  it("answers the values each game needs, or names the one that is missing", () => {
    expect(extractFeedValues("C2D", doc, { price: "data.0.last" })).toEqual({ price: "65,432.17" });
    expect(extractFeedValues("2D", doc, { setIndex: "set.index", setValue: "set.value" })).toEqual({
      setIndex: 1234.56,
      setValue: "65,432.10",
    });
    expect(() => extractFeedValues("2D", doc, { setIndex: "set.index" })).toThrow('No path is configured for "setValue".');
    expect(() => extractFeedValues("3D", doc, { firstPrize: "data.0" })).toThrow(
      'The feed has no text or number at "data.0" (firstPrize).',
    );
  });
});
