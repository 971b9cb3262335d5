import { gameLaunchResponseSchema, HOUSE_SESSION_HEADER, houseLaunchResultSchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/client.ts";
import type { TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, fund, type TestUser } from "../ledger/testing.ts";
import type { WalletHttpRequest, WalletTransport } from "./house-wallet.client.ts";

/** Fixtures of the house game tests (not a test file). */

export interface HousePlayer extends TestUser {
  userCode: string;
}

/** A player with this game balance (funded through a real journal). */
export async function housePlayer(t: TestApp, gameBalance: number): Promise<HousePlayer> {
  const u = await createUser(t);
  if (gameBalance > 0) await fund(t, u.id, gameBalance, "game");
  const res = await t.ctx.db.execute(sql`select user_code from users where id = ${u.id}`);
  const userCode = rowsOf<{ user_code: string }>(res)[0]?.user_code;
  if (!userCode) throw new Error("no user_code");
  return { ...u, userCode };
}

export const SLOT_LAUNCH = { p_code: "HOUSE", cate_code: "slot", g_code: "house-slot" };
export const CRASH_LAUNCH = { p_code: "HOUSE", cate_code: "crash", g_code: "house-crash" };

/** Launches through POST /api/getgamelaunch: the launch URL and its one-time launch code (not yet used). */
export async function launchUrlOf(t: TestApp, player: TestUser, body: Record<string, unknown> = SLOT_LAUNCH) {
  const res = await call(t, "POST", "/api/getgamelaunch", { token: player.token, body });
  if (res.statusCode !== 200) throw new Error(`launch answered ${res.statusCode}: ${res.body}`);
  const url = gameLaunchResponseSchema.parse(res.json()).Url;
  const code = new URL(url, "http://site.test").searchParams.get("launch");
  if (!code) throw new Error(`no launch code in ${url}`);
  return { url, code };
}

/** POST /house/api/launch: exchanges a launch code for the play session token. */
export function exchangeLaunch(t: TestApp, code: string) {
  return t.app.inject({ method: "POST", url: "/house/api/launch", payload: { launch_code: code } });
}

/** Launches as the game page does: the launch URL, then its launch code exchanged for the play session token. */
export async function launch(t: TestApp, player: TestUser, body: Record<string, unknown> = SLOT_LAUNCH) {
  const { url, code } = await launchUrlOf(t, player, body);
  const res = await exchangeLaunch(t, code);
  if (res.statusCode !== 200) throw new Error(`launch code exchange answered ${res.statusCode}: ${res.body}`);
  const session = houseLaunchResultSchema.parse(res.json()).session;
  return { url, session };
}

/** A call to the house game API with a play session token. */
export function houseCall(
  t: TestApp,
  method: "GET" | "POST",
  url: string,
  session: string | undefined,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(session ? { [HOUSE_SESSION_HEADER]: session } : {}), ...(opts.headers ?? {}) };
  return t.app.inject({ method, url, headers, ...(opts.body === undefined ? {} : { payload: opts.body as object }) });
}

export async function gameBalance(t: TestApp, userId: number): Promise<number> {
  return (await balancesOf(t, userId)).game_balance;
}

/** The wallet transactions the HOUSE provider sent for a round (as the wallet recorded them). */
export async function walletRowsOfRound(t: TestApp, roundId: string) {
  const res = await t.ctx.db.execute(
    sql`select transaction_id, action, amount, status, placeholder from provider_transactions
        where provider = 'HOUSE' and round_id = ${roundId} order by id`,
  );
  return rowsOf<{ transaction_id: string; action: string; amount: number | null; status: string; placeholder: boolean }>(res);
}

export async function houseRoundRow(t: TestApp, roundId: string) {
  const res = await t.ctx.db.execute(sql`select status, wallet_status, payout, bet from house_rounds where id = ${Number(roundId)}`);
  return rowsOf<{ status: string; wallet_status: string | null; payout: number; bet: number }>(res)[0];
}

export type Fault = "drop-request" | "drop-answer";

/**
 * A wallet that misbehaves for chosen actions: "drop-request" fails before the call reaches the
 * wallet, "drop-answer" lets the wallet apply it and then loses the answer. Other calls go through.
 */
export function faultyTransport(inner: WalletTransport, faults: Partial<Record<string, Fault>>, log: string[] = []): WalletTransport {
  return async (request: WalletHttpRequest) => {
    const action = request.path.split("/").pop() ?? "";
    const fault = faults[action];
    log.push(`${action}:${fault ?? "ok"}`);
    if (fault === "drop-request") throw new Error(`connection refused (${action})`);
    const response = await inner(request);
    if (fault === "drop-answer") throw new Error(`connection reset after ${action}`);
    return response;
  };
}
