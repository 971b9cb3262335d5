import { pushPublicKeySchema, pushSubscriptionStateSchema } from "@shwe/contracts";
import { api } from "../../../lib/api-client.ts";

/**
 * Web Push in the browser: whether this browser can be notified, and opting in or out. Nothing here
 * runs until the player opens the notifications setting, and any failure leaves the site as it was.
 */

/** unsupported: no Push API or no service worker (or an insecure page); denied: the player blocked notifications. */
export type PushAvailability = "unsupported" | "denied" | "available";

export function pushAvailability(): PushAvailability {
  if (typeof window === "undefined" || !window.isSecureContext) return "unsupported";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unsupported";
  return Notification.permission === "denied" ? "denied" : "available";
}

/** The service worker the app registers (build/pwa.ts); registered here if the page has not done it yet. */
async function registration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (!existing) await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("service worker not ready")), timeoutMs));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** The base64url VAPID key as the bytes pushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether this browser's subscription is saved for the signed-in player. */
export async function isPushEnabled(): Promise<boolean> {
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return false;
  const state = await api<unknown>("push/status", { method: "POST", body: { endpoint: sub.endpoint } });
  return pushSubscriptionStateSchema.parse(state).subscribed;
}

export type EnableResult = "enabled" | "denied" | "dismissed";

/** Asks for permission, subscribes with the server's key and saves the subscription with the notification language. */
export async function enablePush(language: string): Promise<EnableResult> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "dismissed";
  const { public_key } = pushPublicKeySchema.parse(await api<unknown>("push/public-key"));
  const reg = await registration();
  let sub = await reg.pushManager.getSubscription();
  const key = applicationServerKey(public_key);
  // A subscription made with an older key cannot be used: replaced.
  const current = sub?.options.applicationServerKey;
  if (sub && current && !sameBytes(new Uint8Array(current), key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  await api<unknown>("user/save_device_token", {
    method: "POST",
    body: { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: json.keys, language: pushLanguage(language) },
  });
  return "enabled";
}

/** Forgets the subscription on the server and in the browser. */
export async function disablePush(): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await api<unknown>("user/save_device_token", { method: "DELETE", body: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** The site's language code as the server knows it (mm, en, cn, thai); Burmese otherwise. */
export function pushLanguage(language: string): "mm" | "en" | "cn" | "thai" {
  return language === "en" || language === "cn" || language === "thai" ? language : "mm";
}
