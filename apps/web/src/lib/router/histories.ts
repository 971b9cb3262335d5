import { createPath, normalizeHash, normalizeSearch, parsePath } from "./pathnames.ts";
import type { Location, NavigationType, Path, To } from "./types.ts";

// ── histories ────────────────────────────────────────────────────────────────

export interface History {
  readonly location: Location;
  readonly action: NavigationType;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  listen(listener: (update: { action: NavigationType; location: Location }) => void): () => void;
  createHref(to: To): string;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

export function makeLocation(current: Path | Location | undefined, to: To, state: unknown, key: string): Location {
  const path = typeof to === "string" ? parsePath(to) : to;
  return {
    pathname: path.pathname ?? current?.pathname ?? "/",
    search: normalizeSearch(path.search ?? ""),
    hash: normalizeHash(path.hash ?? ""),
    state,
    key,
  };
}

function createListeners() {
  const listeners = new Set<(update: { action: NavigationType; location: Location }) => void>();
  return {
    add(listener: (update: { action: NavigationType; location: Location }) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(update: { action: NavigationType; location: Location }) {
      for (const listener of [...listeners]) listener(update);
    },
  };
}

interface HistoryEntryState {
  usr: unknown;
  key: string;
  idx: number;
}

/** The tab's history (pushState, popstate); each entry carries its key and state in history.state. */
export function createBrowserHistory(): History {
  const listeners = createListeners();
  let action: NavigationType = "POP";
  const entryState = () => (window.history.state ?? null) as HistoryEntryState | null;
  if (entryState()?.idx == null) window.history.replaceState({ ...entryState(), idx: 0 }, "");
  let index = entryState()?.idx ?? 0;
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const s = entryState();
    return { pathname, search, hash, state: s?.usr ?? null, key: s?.key ?? "default" };
  };
  let location = read();
  window.addEventListener("popstate", () => {
    const next = entryState()?.idx ?? 0;
    action = "POP";
    index = next;
    location = read();
    listeners.notify({ action, location });
  });
  const change = (kind: "PUSH" | "REPLACE", to: To, state: unknown) => {
    const next = makeLocation(location, to, state ?? null, createKey());
    const url = createPath(next);
    const entry: HistoryEntryState = { usr: next.state, key: next.key, idx: kind === "PUSH" ? index + 1 : index };
    try {
      if (kind === "PUSH") window.history.pushState(entry, "", url);
      else window.history.replaceState(entry, "", url);
    } catch {
      // The state could not be stored (too big, or not clonable): load the page instead.
      window.location.assign(url);
      return;
    }
    index = entry.idx;
    action = kind;
    location = read();
    listeners.notify({ action, location });
  };
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push: (to, state) => change("PUSH", to, state),
    replace: (to, state) => change("REPLACE", to, state),
    go: (delta) => window.history.go(delta),
    listen: listeners.add,
    createHref: (to) => (typeof to === "string" ? to : createPath(to)),
  };
}

/** A starting entry of a memory history: a path, or a location with its state. */
export type InitialEntry = string | Partial<Location>;

/** A history kept in memory (tests): entries and an index into them. */
export function createMemoryHistory({
  initialEntries = ["/"],
  initialIndex,
}: {
  initialEntries?: InitialEntry[];
  initialIndex?: number;
} = {}): History {
  const listeners = createListeners();
  const entries = initialEntries.map((entry, i) => {
    const key = i === 0 ? "default" : createKey();
    if (typeof entry === "string") return makeLocation(undefined, entry, null, key);
    const { pathname, search, hash, state = null, key: given } = entry;
    return makeLocation(undefined, { pathname, search, hash }, state, given ?? key);
  });
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  let action: NavigationType = "POP";
  const current = () => entries[index] as Location;
  return {
    get location() {
      return current();
    },
    get action() {
      return action;
    },
    push(to, state) {
      entries.splice(index + 1, entries.length, makeLocation(current(), to, state ?? null, createKey()));
      index += 1;
      action = "PUSH";
      listeners.notify({ action, location: current() });
    },
    replace(to, state) {
      entries[index] = makeLocation(current(), to, state ?? null, createKey());
      action = "REPLACE";
      listeners.notify({ action, location: current() });
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      action = "POP";
      listeners.notify({ action, location: current() });
    },
    listen: listeners.add,
    createHref: (to) => (typeof to === "string" ? to : createPath(to)),
  };
}
