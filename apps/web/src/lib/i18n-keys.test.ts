import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./i18n.ts";

const root = join(__dirname, "../../public/locales");

function flatten(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function load(lng: string, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, lng, ns), "utf8")) as Record<string, unknown>;
}

describe("translations", () => {
  const namespaces = readdirSync(join(root, "en")).filter((f) => f.endsWith(".json"));

  it("has at least the common namespace", () => {
    expect(namespaces).toContain("common.json");
  });

  for (const ns of namespaces) {
    it(`${ns}: every key exists in every language, with a non-empty value`, () => {
      const reference = new Set(LANGUAGES.flatMap((lng) => flatten(load(lng, ns))));
      for (const lng of LANGUAGES) {
        const data = load(lng, ns);
        const keys = new Set(flatten(data));
        const missing = [...reference].filter((k) => !keys.has(k));
        expect(missing, `${lng}/${ns} is missing keys`).toEqual([]);
        for (const key of keys) {
          const value = key.split(".").reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], data);
          expect(typeof value === "string" && value.trim().length > 0, `${lng}/${ns} ${key} is empty`).toBe(true);
        }
      }
    });
  }

  it("Burmese text is Unicode Myanmar, not Zawgyi-only or Latin", () => {
    const data = flatten(load("mm", "common.json"));
    const values = data.map((k) => k.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], load("mm", "common.json")));
    const withMyanmar = values.filter((v) => typeof v === "string" && /[\u1000-\u109F]/.test(v));
    expect(withMyanmar.length).toBeGreaterThan(values.length / 2);
  });
});
