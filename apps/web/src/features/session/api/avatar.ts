import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session-store.ts";

/**
 * GET /api/user/avatar: the owner's picture is served only with the bearer token, which an <img>
 * cannot send, so it is fetched as bytes (the JSON client cannot carry images) and shown from memory.
 */
export async function fetchAvatar(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = useSession.getState().user?.token;
  const res = await fetch(new URL(url, window.location.origin), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: signal ?? null,
  });
  if (!res.ok) throw new ApiError(res.status, res.status === 404 ? "NOT_FOUND" : "HTTP_ERROR", res.statusText);
  return res.blob();
}

/** A displayable URL of the avatar at `url` (the Profile's `avatar`), or undefined while loading or absent. */
export function useAvatarSrc(url: string | null | undefined): string | undefined {
  const query = useQuery({
    queryKey: ["user", "avatar", url],
    queryFn: ({ signal }) => fetchAvatar(url as string, signal),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const blob = query.data;
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setSrc(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url ? src : undefined;
}
