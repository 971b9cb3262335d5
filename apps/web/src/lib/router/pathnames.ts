import type { Path, To } from "./types.ts";

// ── paths ────────────────────────────────────────────────────────────────────

export const joinPaths = (paths: string[]) => paths.join("/").replace(/\/\/+/g, "/");
export const normalizePathname = (pathname: string) => pathname.replace(/\/+$/, "").replace(/^\/*/, "/");
export const normalizeSearch = (search: string) => (!search || search === "?" ? "" : search.startsWith("?") ? search : `?${search}`);
export const normalizeHash = (hash: string) => (!hash || hash === "#" ? "" : hash.startsWith("#") ? hash : `#${hash}`);

export function createPath({ pathname = "/", search = "", hash = "" }: Partial<Path>): string {
  return pathname + normalizeSearch(search) + normalizeHash(hash);
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hashIndex = rest.indexOf("#");
  if (hashIndex >= 0) {
    parsed.hash = rest.slice(hashIndex);
    rest = rest.slice(0, hashIndex);
  }
  const searchIndex = rest.indexOf("?");
  if (searchIndex >= 0) {
    parsed.search = rest.slice(searchIndex);
    rest = rest.slice(0, searchIndex);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

function resolvePathname(relativePath: string, fromPathname: string): string {
  const segments = fromPathname.replace(/\/+$/, "").split("/");
  for (const segment of relativePath.split("/")) {
    if (segment === "..") {
      if (segments.length > 1) segments.pop();
    } else if (segment !== ".") {
      segments.push(segment);
    }
  }
  return segments.length > 1 ? segments.join("/") : "/";
}

/** `to` as an absolute path: relative paths start from `fromPathname` (the current route's path). */
export function resolvePath(to: To, fromPathname = "/"): Path {
  const { pathname: toPathname, search = "", hash = "" } = typeof to === "string" ? parsePath(to) : to;
  const pathname = toPathname ? (toPathname.startsWith("/") ? toPathname : resolvePathname(toPathname, fromPathname)) : fromPathname;
  return { pathname, search: normalizeSearch(search), hash: normalizeHash(hash) };
}

export const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
