import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const headerTextQueryKey = ["content", "header-play-text"] as const;

/** GET /api/header_play_text: the marquee announcement is data[0].text; empty when there is none. */
export function useMarqueeText() {
  return useQuery({
    queryKey: headerTextQueryKey,
    queryFn: ({ signal }) =>
      api<{ data: { text: string }[] }>("header_play_text", { signal, anonymous: true }).then((r) => r.data[0]?.text.trim() ?? ""),
    staleTime: 5 * 60_000,
  });
}
