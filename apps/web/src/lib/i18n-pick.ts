import { lookup, type ResourceKey } from "./i18n-core.ts";

/**
 * The part of `bundle` holding `keys` (as the lookup finds them: a key of its own, or a path of
 * dot-separated parts), with the bundle's shape: what a drawn page sends of a namespace.
 */
export function pickKeys(bundle: ResourceKey | undefined, keys: Iterable<string>): Record<string, ResourceKey> {
  const picked: Record<string, ResourceKey> = {};
  if (bundle === undefined || typeof bundle !== "object") return picked;
  for (const key of keys) {
    if (key in bundle) {
      picked[key] = bundle[key] as ResourceKey;
      continue;
    }
    const value = lookup(bundle, key);
    if (value === undefined) continue;
    const parts = key.split(".");
    let node = picked;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      const child: Record<string, ResourceKey> = next !== undefined && typeof next === "object" ? next : {};
      node[part] = child;
      node = child;
    }
    node[parts[parts.length - 1] as string] = value;
  }
  return picked;
}
