import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiBytes } from "../../../lib/api-bytes.ts";
import { adminKeys } from "./query-keys.ts";

/**
 * GET /api/admin/lvl2/{uploadId}/image: served only with the operator's bearer token, which an
 * <img src> cannot send, so the bytes are fetched here and shown from a blob URL.
 */
export async function fetchLvl2Image(uploadId: number, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await apiBytes(`admin/lvl2/${uploadId}/image`, signal ? { signal } : {});
  return blob;
}

/** The displayable URL of an upload's image (revoked when no longer shown), with the query's state. */
export function useLvl2Image(uploadId: number) {
  const query = useQuery({
    queryKey: adminKeys.lvl2Image(uploadId),
    queryFn: ({ signal }) => fetchLvl2Image(uploadId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
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
  return { src, isError: query.isError, isPending: query.isPending, refetch: query.refetch };
}
