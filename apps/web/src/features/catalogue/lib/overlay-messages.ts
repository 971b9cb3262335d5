/**
 * A page shown inside the game overlay (same origin only) asks the overlay to close with
 * `window.parent.postMessage({ type: GAME_CLOSE_MESSAGE }, window.location.origin)`.
 */
export const GAME_CLOSE_MESSAGE = "shwe:close-game";

export function isGameCloseMessage(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === GAME_CLOSE_MESSAGE;
}
