import { ApiError } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session-store.ts";

/** An image of a conversation, fetched with the operator's token (an <img> cannot send it). */
export async function fetchConsoleImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = useSession.getState().user?.token;
  const res = await fetch(new URL(url, window.location.origin), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: signal ?? null,
  });
  if (!res.ok) throw new ApiError(res.status, "HTTP_ERROR", res.statusText);
  return res.blob();
}
