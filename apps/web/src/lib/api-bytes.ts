import { failure, type RequestOptions, readJson, request, send } from "./api-client.ts";

/**
 * The API client's call for bytes (kept apart from lib/api-client.ts so the pages that never load
 * an image or a file do not carry it on their first visit).
 */

/** Bytes the API answers (an image, a CSV file) with the answer's file name, when it names one. */
export interface ApiBytes {
  blob: Blob;
  fileName: string | undefined;
}

/**
 * Calls the API for bytes rather than JSON: images served only with the bearer token (which an
 * <img src> cannot send) and file downloads. Errors as for `api`; an error answer without a JSON
 * body is coded by its status (404 NOT_FOUND, 403 FORBIDDEN, else HTTP_ERROR).
 */
export async function apiBytes(path: string, opts: RequestOptions = {}): Promise<ApiBytes> {
  const { url, init, token } = request(path, opts, "");
  const res = await send(url, init);
  if (!res.ok) {
    const fallback = res.status === 404 ? "NOT_FOUND" : res.status === 403 ? "FORBIDDEN" : "HTTP_ERROR";
    throw failure(res, await readJson(res), token, fallback);
  }
  const fileName = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1];
  return { blob: await res.blob(), fileName };
}
