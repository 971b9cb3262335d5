import { cpus, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The benchmarks' setting: their folders, the length of a load run, the machine, logging and waiting. */

export const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const rootDir = resolve(benchDir, "..");
export const resultsDir = join(benchDir, "results");

/** Seconds of each measured load run; BENCH_SECONDS shortens or lengthens every run (bounded 5–60). */
export function loadSeconds(fallback) {
  const raw = Number(process.env.BENCH_SECONDS);
  const s = Number.isFinite(raw) && raw > 0 ? raw : fallback;
  return Math.min(60, Math.max(5, Math.round(s)));
}

export function machineInfo() {
  const list = cpus();
  return {
    cpu_model: list[0]?.model ?? "unknown",
    cores: list.length,
    memory_gb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
  };
}

export function log(name, message) {
  process.stderr.write(`[${name}] ${message}\n`);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `promise`, or an error when it takes longer than `ms`. */
export const withTimeout = (promise, ms, what) =>
  new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolvePromise(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });

/**
 * More flags for Chromium's command line from CHROME_FLAGS (space-separated), for the page probes; e.g.
 * "--js-flags=--no-enable-lazy-source-positions" shows a load without the source-position work a DevTools
 * client alone causes (bench/README.md, "What DevTools adds to a first visit's figures").
 */
export const extraChromeFlags = () => (process.env.CHROME_FLAGS ?? "").split(" ").filter(Boolean);
