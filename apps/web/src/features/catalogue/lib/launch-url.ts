/**
 * The address the overlay may open for a launch URL from the server: a site path stays a site path
 * (the built-in games and the "unavailable offline" page), an absolute http(s) address is kept as is.
 * Anything else (javascript:, data:, protocol-relative tricks that leave http) is refused: null.
 */
export function safeLaunchUrl(raw: string, origin = window.location.origin): string | null {
  const value = raw.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.origin === origin) return `${url.pathname}${url.search}${url.hash}`;
  return url.href;
}
