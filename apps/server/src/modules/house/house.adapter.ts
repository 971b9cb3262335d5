import { isHouseGameCode } from "@shwe/domain";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import type { LaunchRequest, LaunchResult, ProviderAdapter } from "../providers/providers.service.ts";
import { createSession, launchUrl } from "./house-session.service.ts";
import { HOUSE_PROVIDER_CODE } from "./house-wallet.client.ts";

/**
 * The built-in provider as the site sees it: launching a house game makes a play session (tied to the
 * sign-in that launched it) and answers the game page's URL with a one-time launch code. Its secret
 * signs the house game server's calls to the wallet API.
 */
export function createHouseAdapter(deps: { db: Db; clock: Clock; secret: string }): ProviderAdapter {
  return {
    code: HOUSE_PROVIDER_CODE,
    secret: deps.secret,
    async launch(request: LaunchRequest): Promise<LaunchResult> {
      const game = request.gameCode;
      if (!isHouseGameCode(game)) throw notFound("This game is not available.");
      const { launchCode, session } = await createSession(deps.db, deps.clock, {
        userCode: request.userCode,
        game,
        language: request.language,
        authTokenId: request.authTokenId,
      });
      return { url: launchUrl(game, launchCode, session.language) };
    },
  };
}
