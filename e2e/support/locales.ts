import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./server.ts";

/** The site's languages, Burmese first (the default). */
export type Lng = "mm" | "en" | "cn" | "thai";

const cache = new Map<string, Record<string, unknown>>();

function namespace(lng: Lng, ns: string): Record<string, unknown> {
  const key = `${lng}/${ns}`;
  let data = cache.get(key);
  if (!data) {
    data = JSON.parse(readFileSync(join(repoRoot, "apps/web/public/locales", lng, `${ns}.json`), "utf8")) as Record<string, unknown>;
    cache.set(key, data);
  }
  return data;
}

/**
 * The text the page shows for a translation key (`"auth:login.submit"`, `"common:nav.logout"`),
 * read from the same files the site loads, so journeys find controls by what a player sees in
 * any language. `{{name}}` placeholders are filled from `values`.
 */
export function text(lng: Lng, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
  let node: unknown = namespace(lng, ns);
  for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== "string") throw new Error(`No ${lng} translation for ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/**
 * For `page.addInitScript`: the site in English from the first page on, as the language menu keeps it
 * (the i18nextLng cookie, which the app reads at start).
 */
export function english(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the site's own language cookie, as its language menu sets it
  document.cookie = "i18nextLng=en; path=/; max-age=31536000; SameSite=Lax";
}
