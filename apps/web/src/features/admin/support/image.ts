import { apiBytes } from "../../../lib/api-bytes.ts";

/** An image of a conversation, fetched with the operator's token (an <img> cannot send it). */
export async function fetchConsoleImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await apiBytes(url, signal ? { signal } : {});
  return blob;
}
