import type { GameLaunchBody, GameLaunchResponse } from "@shwe/contracts";
import { api } from "../../../lib/api-client.ts";

/** POST /api/getgamelaunch (signed-in): the URL of the game for this player, opened in the game overlay. */
export function requestGameLaunch(body: GameLaunchBody): Promise<GameLaunchResponse> {
  return api<GameLaunchResponse>("getgamelaunch", { method: "POST", body });
}
