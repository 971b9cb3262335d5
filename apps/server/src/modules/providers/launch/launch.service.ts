import type { GameLaunchResponse } from "@shwe/contracts";
import { MESSAGES } from "@shwe/domain";
import type { AppContext } from "../../../app-context.ts";
import { forbidden, notFound, refused } from "../../../lib/errors.ts";
import { getPlayerBalances } from "../../ledger/player-accounts.repository.ts";
import { refuseIfExcluded } from "../../protection/protection.service.ts";
import { findCatalogueGame, findCatalogueProvider } from "./catalogue-lookup.repository.ts";
import { findLaunchPlayer } from "./launch.repository.ts";
import { OfflineProviderAdapter } from "./offline-adapter.ts";
import type { LaunchClient } from "./provider-adapter.ts";

export interface LaunchInput {
  p_code: string;
  cate_code: string;
  g_code: string;
  user_code?: string | undefined;
  language?: "mm" | "en" | "cn" | "thai" | undefined;
}

const GAME_NOT_FOUND = "This game does not exist.";

/**
 * Launch (domain-rules §6): always for the signed-in player (a user_code naming anyone else → 403);
 * the game must exist and be active in that category, its provider active and not in maintenance
 * (422 PROVIDER_MAINTENANCE); a player who never moved money main → game and has no game balance
 * gets 422 NO_TRANSFER_IN. The provider's adapter makes the URL.
 */
export async function launchGame(
  ctx: AppContext,
  userId: number,
  input: LaunchInput,
  authTokenId?: number,
  client?: LaunchClient,
): Promise<GameLaunchResponse> {
  const player = await findLaunchPlayer(ctx.db, userId);
  if (!player) throw notFound("Player not found.");
  if (input.user_code !== undefined && input.user_code !== player.userCode) {
    throw forbidden("You can only launch games for your own account.");
  }
  await refuseIfExcluded(ctx.db, userId, ctx.clock.now());

  const provider = await findCatalogueProvider(ctx.db, input.p_code);
  if (!provider?.active) throw notFound(GAME_NOT_FOUND);
  const game = await findCatalogueGame(ctx.db, provider.id, input.g_code);
  const category = input.cate_code.trim().toLowerCase();
  if (!game?.active || !game.categoryActive || (category !== game.categoryCode && category !== String(game.categoryId))) {
    throw notFound(GAME_NOT_FOUND);
  }
  if (provider.maintenance) {
    throw refused("PROVIDER_MAINTENANCE", `${provider.name} is under maintenance. Please try again later.`, { p_code: provider.code });
  }

  if (!player.hasTransferredIn) {
    const { game_balance } = await getPlayerBalances(ctx.db, userId);
    if (game_balance === 0) throw refused("NO_TRANSFER_IN", MESSAGES.noTransferIn);
  }

  const adapter = ctx.providers.get(provider.code) ?? new OfflineProviderAdapter(provider.code);
  const { url } = await adapter.launch({
    userCode: player.userCode,
    providerCode: provider.code,
    categoryCode: String(game.categoryId),
    gameCode: game.code,
    language: input.language ?? "mm",
    authTokenId,
    client,
  });
  return { Url: url };
}
