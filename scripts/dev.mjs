#!/usr/bin/env node
/**
 * `npm run dev`: the API server (restarted on every change by `tsx watch`) and the Vite dev server
 * (hot reload, proxying /api to the server) side by side. Open http://localhost:5173.
 * Ctrl+C stops both; if either stops on its own, the other is stopped too.
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => join(root, "node_modules/.bin", name);

const colours = { server: "\x1b[33m", web: "\x1b[36m" };
const reset = "\x1b[0m";
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;

const processes = [
  {
    name: "server",
    command: bin("tsx"),
    args: ["watch", "--clear-screen=false", "apps/server/src/main.ts"],
    cwd: root,
  },
  { name: "web", command: bin("vite"), args: [], cwd: join(root, "apps/web") },
];

let stopping = false;
const children = [];

function prefix(name, stream, target) {
  let pending = "";
  const label = useColour ? `${colours[name]}[${name}]${reset} ` : `[${name}] `;
  stream.on("data", (chunk) => {
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) target.write(`${label}${line}\n`);
  });
  stream.on("end", () => {
    if (pending) target.write(`${label}${pending}\n`);
  });
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  const force = setTimeout(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    process.exit(code);
  }, 10_000);
  force.unref();
  Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once("exit", r))))).then(() =>
    process.exit(code),
  );
}

for (const p of processes) {
  const child = spawn(p.command, p.args, { cwd: p.cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "1" } });
  prefix(p.name, child.stdout, process.stdout);
  prefix(p.name, child.stderr, process.stderr);
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${p.name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
      stopAll(code || 1);
    }
  });
  children.push(child);
}

console.log("[dev] API on http://localhost:3000, web with hot reload on http://localhost:5173 (open this one). Ctrl+C stops both.");
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));
