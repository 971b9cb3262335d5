import type { ReactNode } from "react";
import type { Id, ToastOptions } from "react-toastify";

/**
 * The site's toasts (react-toastify), downloaded once the page has settled (or with the first toast):
 * the first paint never waits for them. The container is drawn only with the first toast: drawing it
 * adds react-toastify's style sheet to the page, which makes the browser compute the style of every
 * element again. Toasts raised before the container is on screen are queued by react-toastify and
 * shown as soon as it mounts.
 */
type Toastify = typeof import("react-toastify");

let downloading: Promise<Toastify> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/** Downloads react-toastify (once), showing nothing: the first toast then needs no download. */
export function preloadToasts(): Promise<Toastify> {
  downloading ??= import("react-toastify");
  return downloading;
}

/** Downloads react-toastify if need be and tells the toast host to mount its container (once). */
export function loadToasts(): Promise<Toastify> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return preloadToasts();
}

/** Whether the container is wanted yet (the host mounts it from then on). */
export function toastsWanted(): boolean {
  return wanted;
}

/** Calls back once the container is wanted; returns the undo. */
export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Show = (content: ReactNode, options?: ToastOptions) => void;
const show =
  (kind: "success" | "error" | "warning" | "info"): Show =>
  (content, options) => {
    void loadToasts().then((m) => m.toast[kind](content, options));
  };

export const toast = {
  success: show("success"),
  error: show("error"),
  warning: show("warning"),
  info: show("info"),
  /** Closes one toast (by id) or all of them; nothing to do while none was ever shown. */
  dismiss(id?: Id): void {
    if (wanted) void loadToasts().then((m) => m.toast.dismiss(id));
  },
};
