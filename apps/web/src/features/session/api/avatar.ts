import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiBytes } from "../../../lib/api-bytes.ts";
import { sessionKeys } from "./query-keys.ts";

/**
 * GET /api/user/avatar: the owner's picture is served only with the bearer token, which an <img>
 * cannot send, so it is fetched as bytes (the client's bytes call) and shown from memory.
 */
export async function fetchAvatar(url: string, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await apiBytes(url, signal ? { signal } : {});
  return blob;
}

/** A displayable URL of the avatar at `url` (the Profile's `avatar`), or undefined while loading or absent. */
export function useAvatarSrc(url: string | null | undefined): string | undefined {
  const query = useQuery({
    queryKey: sessionKeys.avatar(url),
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
