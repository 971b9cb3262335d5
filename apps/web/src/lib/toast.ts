import type { ReactNode } from "react";
import type { Id, ToastOptions } from "react-toastify";

/**
 * The site's toasts (react-toastify), downloaded the first time one is shown or once the page has
 * settled: the first paint never waits for them. Toasts raised before the container is on screen
 * are queued by react-toastify and shown as soon as it mounts.
 */
type Toastify = typeof import("react-toastify");

let loading: Promise<Toastify> | undefined;
const wanted = new Set<() => void>();

/** Starts (once) downloading react-toastify and tells the toast host to mount its container. */
export function loadToasts(): Promise<Toastify> {
  if (!loading) {
    loading = import("react-toastify");
    for (const listener of wanted) listener();
  }
  return loading;
}

/** Whether the container is wanted yet (the host mounts it from then on). */
export function toastsWanted(): boolean {
  return loading !== undefined;
}

/** Calls back once the container is wanted; returns the undo. */
export function onToastsWanted(listener: () => void): () => void {
  wanted.add(listener);
  return () => wanted.delete(listener);
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
    if (loading) void loading.then((m) => m.toast.dismiss(id));
  },
};
