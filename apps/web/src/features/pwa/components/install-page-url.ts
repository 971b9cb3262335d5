/** The install page's address on this site: what the app's QR code opens. */
export function installPageUrl(origin: string): string {
  return new URL("/install", origin).toString();
}
