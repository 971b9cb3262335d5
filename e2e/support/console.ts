import type { Page } from "playwright-core";
import { type Lng, text } from "./locales.ts";

/** An API call as the console's scripts make it: JSON in and out, an optional bearer token; a non-2xx answer throws. */
export async function api<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = (await res.json().catch(() => null)) as T;
  if (!res.ok) throw new Error(`${method} /api/${path} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

/** Fills and sends the sign-in form the page shows. */
export async function signIn(page: Page, lng: Lng, who: { phone: string; password: string }): Promise<void> {
  await page.getByRole("button", { name: text(lng, "auth:login.submit"), exact: true }).waitFor({ state: "visible" });
  // The server may have drawn the form: it takes input once the app has taken the page over.
  await page.locator("#root:not([inert])").waitFor({ state: "attached" });
  await page.getByLabel(text(lng, "auth:fields.phone"), { exact: true }).fill(who.phone);
  await page.getByLabel(text(lng, "auth:fields.password"), { exact: true }).fill(who.password);
  await page.getByRole("button", { name: text(lng, "auth:login.submit"), exact: true }).click();
}

/** A waitForURL predicate: the page is at exactly this path. */
export const onPath = (path: string) => (url: URL) => url.pathname === path;
