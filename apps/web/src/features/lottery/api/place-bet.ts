import type { BetLineInput, BetResponse, LotteryType } from "@shwe/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { LOTTERY_API } from "../lib/games.ts";

export interface PlaceBetInput {
  drawId: number;
  lines: BetLineInput[];
  /** One key per confirmed slip; a retry of the same slip sends the same key. */
  idempotencyKey: string;
}

/** POST /api/user/betting (2D), betting_1d, betting_3d, betting_c2d, betting_c1d → 201 {slip_id, total, balance}. */
export function placeBet(type: LotteryType, input: PlaceBetInput): Promise<BetResponse> {
  return api<BetResponse>(LOTTERY_API[type].bet, {
    method: "POST",
    body: { draw_id: input.drawId, lines: input.lines },
    idempotencyKey: input.idempotencyKey,
  });
}

export function usePlaceBet(type: LotteryType) {
  return useMutation({ mutationFn: (input: PlaceBetInput) => placeBet(type, input) });
}
