import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "../../test/property-runs.ts";
import { canonicalJson } from "./money-call.ts";

/** The text canonicalJson wrote before it was built by appending: stored request hashes were made with it. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

describe("canonicalJson", () => {
  it("writes the same text as before for any JSON body, with undefined values and holes", () => {
    const value = fc.letrec((tie) => ({
      any: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.constantFrom(null, undefined, true, false, 0, -0, 1.5, -1e21, Number.NaN),
        fc.string({ unit: "binary" }),
        fc.double(),
        fc.array(tie("any"), { maxLength: 5 }),
        fc.sparseArray(tie("any"), { maxLength: 5 }),
        fc.dictionary(fc.string({ unit: "binary", maxLength: 6 }), tie("any"), { maxKeys: 6 }),
      ),
    })).any;
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      propertyRuns(2000),
    );
  });

  it("sorts keys by UTF-16 code units and leaves out undefined members", () => {
    const body = { b: 1, a: [3, undefined, { z: null, y: undefined }], é: "x", Z: true, "\ud83d\ude00": 0, "\uffff": 1 };
    expect(canonicalJson(body)).toBe('{"Z":true,"a":[3,null,{"z":null}],"b":1,"é":"x","\ud83d\ude00":0,"\uffff":1}');
    expect(canonicalJson(body)).toBe(reference(body));
  });
});
