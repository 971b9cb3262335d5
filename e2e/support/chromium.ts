import { existsSync } from "node:fs";

/** Where the system Chromium lives unless CHROMIUM_PATH says otherwise. */
export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/** The Chromium executable to drive, or undefined when none is installed. */
export function chromiumPath(): string | undefined {
  const path = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  return existsSync(path) ? path : undefined;
}

/** True when the browser journeys can run on this machine. */
export const hasChromium = chromiumPath() !== undefined;

/** Flags for a quiet, reproducible headless Chromium in containers and CI. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-quic",
  "--no-first-run",
  "--disable-sync",
];
