import { commitSeed, type HouseGameCode, isHouseGameCode, newSeed } from "@shwe/domain";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import { AppError, notFound, unauthenticated } from "../../lib/errors.ts";
import { exchangeLaunchCode, findSessionByTokenHash, type HouseSessionRow, insertSession, touchSession } from "./house.repository.ts";

/**
 * Play sessions of the house games. Launch makes one for a player and a game, tied to the sign-in
 * (auth token) that launched it: signing out or any other revocation of that token ends it at once.
 * The launch URL carries only a one-time launch code, valid for LAUNCH_CODE_MS; the game page
 * exchanges it once (POST /house/api/launch) for the session token, which then travels only in the
 * X-House-Session header. A session ends after 30 minutes without a call, and in any case 8 hours
 * after launch.
 */

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 8 * 60 * 60_000;
/** A launch URL is usable once, within this time: a leaked one (history, logs, Referer) opens nothing. */
export const LAUNCH_CODE_MS = 2 * 60_000;
const LANGUAGES = ["mm", "en", "cn", "thai"] as const;
type Language = (typeof LANGUAGES)[number];

export interface NewSession {
  launchCode: string;
  session: HouseSessionRow;
}

export async function createSession(
  db: Db,
  clock: Clock,
  input: { userCode: string; game: string; language: string; authTokenId: number | undefined },
): Promise<NewSession> {
  if (!isHouseGameCode(input.game)) throw notFound("This game is not available.");
  // A session lives only as long as its sign-in; a launch without one could never be used.
  if (input.authTokenId === undefined) throw unauthenticated("Session Expired, Please Login Again!");
  const language: Language = (LANGUAGES as readonly string[]).includes(input.language) ? (input.language as Language) : "mm";
  const launchCode = randomToken(32);
  const seed = newSeed();
  const now = clock.now();
  const session = await insertSession(db, {
    tokenHash: null,
    launchCodeHash: sha256Hex(launchCode),
    launchExpiresAt: new Date(now.getTime() + LAUNCH_CODE_MS),
    authTokenId: input.authTokenId,
    userCode: input.userCode,
    game: input.game,
    language,
    nextSeed: seed,
    nextCommitment: await commitSeed(seed),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
  });
  return { launchCode, session };
}

/** The launch URL the web opens in the game overlay (site-relative: the house games ship with the site). */
export function launchUrl(game: HouseGameCode, launchCode: string, language: string): string {
  const params = new URLSearchParams({ launch: launchCode, lang: language });
  return `/house/${game}?${params.toString()}`;
}

const launchRefused = () =>
  new AppError(
    401,
    "UNAUTHENTICATED",
    "This game link has already been used or has expired. Close the game and open it again from the site.",
  );

/** Exchanges a launch code, once, for the session token (401 when used, expired, unknown or signed out). */
export async function openLaunchedSession(db: Db, clock: Clock, launchCode: string): Promise<{ token: string; session: HouseSessionRow }> {
  const token = randomToken(32);
  const session = await exchangeLaunchCode(db, sha256Hex(launchCode), sha256Hex(token), clock.now());
  if (!session) throw launchRefused();
  return { token, session };
}

export const sessionExpired = () =>
  new AppError(401, "UNAUTHENTICATED", "This game session has ended. Close the game and open it again from the site.");

/** The live session of a token (and marks it used), or 401; a session whose sign-in ended is not live. */
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
