import type { Banner } from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useContentLanguage } from "../../../lib/content-language.ts";
import { clockNow } from "../../../lib/render-clock.ts";
import { homeKeys } from "./query-keys.ts";

/** GET /api/banner?date=&lng= (desktop art) or /api/banner_mobile?date=&lng= (mobile art), for today in Yangon, captions in the page's language. */
export function useBanners(variant: "desktop" | "mobile") {
  const date = yangonDate(clockNow());
  const lng = useContentLanguage();
  return useQuery({
    queryKey: homeKeys.banners(variant, date, lng),
    queryFn: ({ signal }) =>
      api<{ data: Banner[] }>(variant === "mobile" ? "banner_mobile" : "banner", { signal, anonymous: true, query: { date, lng } }).then(
        (r) => r.data,
      ),
    staleTime: 5 * 60_000,
  });
}
