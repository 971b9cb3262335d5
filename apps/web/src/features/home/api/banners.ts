import type { Banner } from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { clockNow } from "../../../lib/render-clock.ts";

/** GET /api/banner?date= (desktop art) or /api/banner_mobile?date= (mobile art), for today in Yangon. */
export function useBanners(variant: "desktop" | "mobile") {
  const date = yangonDate(clockNow());
  return useQuery({
    queryKey: ["content", "banners", variant, date],
    queryFn: ({ signal }) =>
      api<{ data: Banner[] }>(variant === "mobile" ? "banner_mobile" : "banner", { signal, anonymous: true, query: { date } }).then(
        (r) => r.data,
      ),
    staleTime: 5 * 60_000,
  });
}
