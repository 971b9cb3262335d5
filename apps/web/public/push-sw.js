/*
 * Web Push in the service worker: shows the notifications the server sends (JSON {title, body,
 * icon, url, tag}, already in the player's language) and opens their page when tapped. Loaded by
 * the service worker with importScripts("/push-sw.js"); plain script, no imports.
 */
/* global self, clients */

const PUSH_FALLBACK_TITLE = "Shwe Lucky";
const PUSH_DEFAULT_ICON = "/icons/icon-192.png";

/** A same-origin path to open, "/" for anything else (a notification never leaves the site). */
function pushTarget(url) {
  try {
    const target = new URL(typeof url === "string" ? url : "/", self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL("/", self.location.origin).href;
  } catch {
    return new URL("/", self.location.origin).href;
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch {
      data = { body: event.data.text() };
    }
  }
  const title = typeof data.title === "string" && data.title ? data.title : PUSH_FALLBACK_TITLE;
  const options = {
    body: typeof data.body === "string" ? data.body : "",
    icon: typeof data.icon === "string" && data.icon ? data.icon : PUSH_DEFAULT_ICON,
    data: { url: pushTarget(data.url) },
  };
  if (typeof data.tag === "string" && data.tag) {
    options.tag = data.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = pushTarget(event.notification.data?.url);
  event.waitUntil(
    clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const win of windows) {
        if (new URL(win.url).origin === self.location.origin && "focus" in win) {
          return win.focus().then((focused) => (focused && "navigate" in focused ? focused.navigate(url) : focused));
        }
      }
      return clients.openWindow(url);
    }),
  );
});
