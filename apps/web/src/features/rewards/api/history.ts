import { type PromotionHistory, promotionHistorySchema } from "@shwe/contracts";
import { api } from "../../../lib/api-client.ts";

/** GET /api/promotion/claim/history: one page of weekly credits and claims, newest first. */
export async function fetchPromotionHistory(cursor: string | undefined, signal?: AbortSignal): Promise<PromotionHistory> {
  return promotionHistorySchema.parse(await api<unknown>("promotion/claim/history", { query: { cursor, limit: 20 }, signal }));
}
