import type { Db, Executor } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { hmacSha256Hex, randomToken, sha256Hex } from "../../lib/crypto.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { LaunchRequest, LaunchResult, ProviderAdapter } from "../providers/providers.service.ts";
import { selectLaunchFacts } from "./gsc-catalogue.repository.ts";
import { gscProviderCode, LOBBY_PREFIX, productCodeOf } from "./gsc-catalogue.ts";
import { GscCallError, type GscClient, type GscLaunchBody } from "./gsc-client.ts";
import type { GscConfig } from "./gsc-config.ts";
import { deleteExpiredLaunchPages, deleteFreshLaunchPage, ensureMemberPassword, insertLaunchPage } from "./gsc-launch.repository.ts";
import { findMemberId } from "./gsc-wallet.repository.ts";

/**
 * Launching a GSC+ product (spec/gsc-plus.md §7.1). The aggregator answers a URL (the overlay opens
 * it) or an HTML document (some products, e.g. PG Soft): that document is kept for a short while
 * and served once from our own URL (GSC_LAUNCH_PAGE_PATH), sandboxed. A failed launch moves no money:
 * nothing here touches a balance.
 */

/** Site language → the aggregator's language_code (0 English, 2 simplified Chinese, 3 Thai, 13 Burmese). */
export const GSC_LANGUAGE_CODES: Readonly<Record<string, number>> = { mm: 13, en: 0, cn: 2, thai: 3 };

/** Where a launch page is served: GET `${GSC_LAUNCH_PAGE_PATH}/<token>`. */
export const GSC_LAUNCH_PAGE_PATH = "/api/gsc/launch-page";
/** A launch page can be opened this long after the launch, once. */
export const GSC_LAUNCH_PAGE_TTL_MS = 2 * 60 * 1000;

/** What the player is told when the aggregator cannot open the game (the web shows its own sentence for the code). */
export function providerUnavailable(): AppError {
  return new AppError(503, "PROVIDER_UNAVAILABLE", "This game cannot be opened right now. Please try again later.");
}

/** MOBILE for phones and tablets, DESKTOP otherwise (the aggregator's platform values). */
export function platformOf(userAgent: string | undefined): "MOBILE" | "DESKTOP" {
  return /Mobi|Android|iPhone|iPad|iPod|Opera Mini|IEMobile|webOS|BlackBerry/i.test(userAgent ?? "") ? "MOBILE" : "DESKTOP";
}

/**
 * The member's launch password: derived by HMAC-SHA-256 from the secret key and the member account
 * at the first launch and stored, so it stays the same for that member ever after, even when the
 * secret key is rotated. It only ever travels in the signed launch call.
 */
export async function memberPassword(db: Executor, userId: number, userCode: string, secretKey: string): Promise<string> {
  const derived = hmacSha256Hex(secretKey, `gsc-member-password:${userCode}`).slice(0, 32);
  const password = await ensureMemberPassword(db, userId, derived);
  if (password === undefined) throw new Error("member password vanished");
  return password;
}

export interface GscLaunchDeps {
  db: Db;
  clock: Clock;
  config: GscConfig;
  client: GscClient;
  log: { warn(obj: object, msg: string): void };
}

/** The adapter of one product, `GSC<product_code>`. Its wallet secret is empty: GSC+ money moves only through the GSC+ webhooks. */
export function createGscLaunchAdapter(deps: GscLaunchDeps, productCode: number): ProviderAdapter {
  return {
    code: gscProviderCode(productCode),
    secret: "",
    async launch(request: LaunchRequest): Promise<LaunchResult> {
      const facts = await selectLaunchFacts(deps.db, productCode, request.gameCode);
      if (!facts) throw notFound("This game is not available.");
      const { product } = facts;
      const userId = await findMemberId(deps.db, request.userCode);
      if (userId === undefined) throw notFound("Player not found.");
      const lobbyType = request.gameCode.startsWith(LOBBY_PREFIX) ? request.gameCode.slice(LOBBY_PREFIX.length) : undefined;
      const lobby = product.entryType === 2 || lobbyType !== undefined || request.gameCode.trim() === "";
      const gameType = lobbyType ?? facts.gameType ?? product.gameTypes[0] ?? "SLOT";
      const body: GscLaunchBody = {
        member_account: request.userCode,
        password: await memberPassword(deps.db, userId, request.userCode, deps.config.secretKey),
        nickname: request.userCode,
        currency: product.currency || deps.config.defaultCurrency,
        game_code: lobby ? null : request.gameCode,
        product_code: productCode,
        game_type: gameType,
        language_code: GSC_LANGUAGE_CODES[request.language] ?? GSC_LANGUAGE_CODES.mm ?? 13,
        ip: request.client?.ip ?? "",
        platform: platformOf(request.client?.userAgent),
        operator_lobby_url: deps.config.lobbyUrl ?? request.client?.origin ?? "",
      };
      let answer: Awaited<ReturnType<GscClient["launch"]>>;
      try {
        answer = await deps.client.launch(body);
      } catch (err) {
        if (!(err instanceof GscCallError)) throw err;
        deps.log.warn(
          {
            gscCall: "launch",
            product: productCode,
            game: request.gameCode,
            kind: err.kind,
            aggregatorCode: err.aggregatorCode,
            reason: err.message,
          },
          "GSC+ launch failed",
        );
        throw providerUnavailable();
      }
      if (answer.url !== undefined) return { url: answer.url };
      const token = randomToken(24);
      await insertLaunchPage(deps.db, {
        tokenHash: sha256Hex(token),
        userId,
        html: answer.content,
        expiresAt: new Date(deps.clock.now().getTime() + GSC_LAUNCH_PAGE_TTL_MS),
      });
      return { url: `${GSC_LAUNCH_PAGE_PATH}/${token}` };
    },
  };
}

/** Resolves `GSC<digits>` codes to their product's adapter (products come and go with the catalogue sync). */
export function gscAdapterResolver(deps: GscLaunchDeps): (code: string) => ProviderAdapter | undefined {
  return (code) => {
    const productCode = productCodeOf(code);
    return productCode === undefined ? undefined : createGscLaunchAdapter(deps, productCode);
  };
}

/** Takes a launch page (once): its HTML while the token is fresh and unused, else undefined. Expired pages are dropped on the way. */
export async function takeLaunchPage(db: Db, token: string, now: Date): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{16,100}$/.test(token)) return undefined;
  await deleteExpiredLaunchPages(db, now);
  return deleteFreshLaunchPage(db, sha256Hex(token), now);
}
