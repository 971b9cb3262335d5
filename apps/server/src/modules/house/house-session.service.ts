import { commitSeed, type HouseGameCode, isHouseGameCode, newSeed } from "@shwe/domain";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { findSessionByTokenHash, type HouseSessionRow, insertSession, touchSession } from "./house.repository.ts";

/**
 * Play sessions of the house games. Launch makes one for a player and a game; the token in the
 * launch URL is the game page's only credential. A session ends after 30 minutes without a call,
 * and in any case 8 hours after launch.
 */

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 8 * 60 * 60_000;
const LANGUAGES = ["mm", "en", "cn", "thai"] as const;
type Language = (typeof LANGUAGES)[number];

export interface NewSession {
  token: string;
  session: HouseSessionRow;
}

export async function createSession(
  db: Db,
  clock: Clock,
  input: { userCode: string; game: string; language: string },
): Promise<NewSession> {
  if (!isHouseGameCode(input.game)) throw notFound("This game is not available.");
  const language: Language = (LANGUAGES as readonly string[]).includes(input.language) ? (input.language as Language) : "mm";
  const token = randomToken(32);
  const seed = newSeed();
  const now = clock.now();
  const session = await insertSession(db, {
    tokenHash: sha256Hex(token),
    userCode: input.userCode,
    game: input.game,
    language,
    nextSeed: seed,
    nextCommitment: await commitSeed(seed),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
  });
  return { token, session };
}

/** The launch URL the web opens in the game overlay (site-relative: the house games ship with the site). */
export function launchUrl(game: HouseGameCode, token: string, language: string): string {
  const params = new URLSearchParams({ session: token, lang: language });
  return `/house/${game}?${params.toString()}`;
}

export const sessionExpired = () =>
  new AppError(401, "UNAUTHENTICATED", "This game session has ended. Close the game and open it again from the site.");

/** The live session of a token (and marks it used), or 401. */
export async function authenticateSession(db: Db, clock: Clock, token: string | undefined): Promise<HouseSessionRow> {
  if (!token || token.length > 200) throw sessionExpired();
  const session = await findSessionByTokenHash(db, sha256Hex(token));
  const now = clock.now();
  if (!session || session.expiresAt <= now || session.lastUsedAt.getTime() + SESSION_IDLE_MS <= now.getTime()) {
    throw sessionExpired();
  }
  await touchSession(db, session.id, now);
  return session;
}

export function requireGame(session: HouseSessionRow, game: HouseGameCode): void {
  if (session.game !== game) {
    throw new AppError(400, "WRONG_GAME", "This game session is for another game.", { game: session.game });
  }
}
