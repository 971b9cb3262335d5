import type { DehydratedState } from "@tanstack/react-query";
import type { ResourceLanguage } from "./i18n-core.ts";

/**
 * What the server sends with a page it drew (the first paint): the language it drew in with the
 * translations it used, and the public API answers it showed. The app starts from the same data,
 * so its first frame matches what is already on screen.
 */
export interface FirstPaintData {
  lng: string;
  /** Namespace → translations of `lng`. */
  resources: ResourceLanguage;
  queries: DehydratedState;
  /** The moment the page was drawn (ms since the epoch): the browser takes the drawing over at that moment. */
  drawnAt: number;
  /** The server's clock when it sent the page (ISO 8601): countdowns follow the server's time. */
  serverTime: string;
  /** Drawn for a signed-in browser (a page behind the login, without the player's own parts). */
  forSignedIn?: boolean;
}

/** The id of the inert JSON block that carries FirstPaintData in the page. */
export const FIRST_PAINT_ID = "first-paint-data";

/**
 * JSON for a <script type="application/json"> block: `<` written as \u003c so no text in it can
 * close the element (or open a comment), and the two line separators JavaScript once rejected.
 */
export function serializeFirstPaint(data: FirstPaintData): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The data the server drew the page with, or undefined for a page that arrived empty. */
export function readFirstPaint(doc: Document): FirstPaintData | undefined {
  const block = doc.getElementById(FIRST_PAINT_ID);
  if (!block?.textContent) return undefined;
  try {
    const data = JSON.parse(block.textContent) as Partial<FirstPaintData>;
    if (typeof data.lng !== "string" || !data.resources || !data.queries || typeof data.drawnAt !== "number") return undefined;
    return data as FirstPaintData;
  } catch {
    return undefined;
  }
}
