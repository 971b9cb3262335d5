import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "./errors.ts";
import { findControlCharacter, registerInputGuard } from "./input-guard.ts";

describe("findControlCharacter", () => {
  it("names the dotted path of the first text with a control character, or the root for a bare value", () => {
    expect(findControlCharacter({ a: [{ b: "ok" }, { c: "x\u0000y" }] }, "body")).toEqual({
      field: "a.1.c",
      message: expect.stringMatching(/control characters/),
    });
    expect(findControlCharacter("a\u0001", "body")?.field).toBe("body");
    expect(findControlCharacter({ "bad\u0000key": 1 }, "body")?.field).toBe("body");
    expect(findControlCharacter({ nested: { "k\u0007": 1 } }, "body")?.field).toBe("nested");
    expect(findControlCharacter({ fine: "tab\tand\nbreaks\r\n", n: 1, b: true, z: null, ok: "ဘ" }, "body")).toBeUndefined();
    expect(findControlCharacter(undefined, "body")).toBeUndefined();
  });

  it("walks a body nested far deeper than the call stack could recurse", () => {
    let deep: unknown = "end\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const started = performance.now();
    expect(findControlCharacter(deep, "body")?.field).toBe(`${"0.".repeat(200_000)}`.slice(0, -1));
    // Linear in the size of the input: a 64 KB body of nested arrays costs next to nothing.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("input guard", () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    registerInputGuard(app);
    // Routes without schemas: only the guard stands between their input and the database.
    app.post("/echo/:id", async (request) => ({ params: request.params, query: request.query, body: request.body }));
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers 400 VALIDATION_FAILED naming the path parameter, query value or body field", async () => {
    const cases: [string, unknown, string][] = [
      ["/echo/a%00b", {}, "id"],
      ["/echo/1?q=a%00b", {}, "q"],
      ["/echo/1?q=ok&list=1&list=%1B", {}, "list.1"],
      ["/echo/1", { user: { name: "Aung\u0000" } }, "user.name"],
      ["/echo/1", ["x", "\u0002"], "1"],
      // Lone UTF-16 surrogates (jsonb refuses them: a live chat text once answered 500).
      ["/echo/1", { text: "a\ud800b" }, "text"],
      ["/echo/1", { title: "t\udfff" }, "title"],
    ];
    for (const [url, payload, field] of cases) {
      const res = await app.inject({ method: "POST", url, payload: payload as object });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        message: `Invalid input: ${field} must not contain control characters (such as NUL) or broken characters`,
        code: "VALIDATION_FAILED",
        details: { fields: [{ field, message: "must not contain control characters (such as NUL) or broken characters" }] },
      });
    }
  });

  it("lets clean input through, line breaks and any script included", async () => {
    const res = await app.inject({ method: "POST", url: "/echo/%E1%80%98?q=a%0Ab", payload: { text: "line\nbreak\ttab ဘ" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ params: { id: "ဘ" }, query: { q: "a\nb" }, body: { text: "line\nbreak\ttab ဘ" } });
  });
});
