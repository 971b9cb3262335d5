import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useContentLanguage } from "../../../lib/content-language.ts";
import { shellKeys } from "./query-keys.ts";

/**
 * GET /api/header_play_text?lng=: the marquee announcement in the page's language (Burmese where the
 * operator did not write it) is data[0].text; empty when there is none. One cached text per language.
 */
export function useMarqueeText() {
  const lng = useContentLanguage();
  return useQuery({
    queryKey: shellKeys.headerText(lng),
    queryFn: ({ signal }) =>
      api<{ data: { text: string }[] }>("header_play_text", { signal, anonymous: true, query: { lng } }).then(
        (r) => r.data[0]?.text.trim() ?? "",
      ),
    staleTime: 5 * 60_000,
  });
}
