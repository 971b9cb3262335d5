import type { ProviderWalletAnswer } from "@shwe/contracts";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { providers, users } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/test-app.ts";
import { createUser, fund, type TestUser, type UserOptions } from "../ledger/testing.ts";
import type { ProviderAdapter } from "./launch/provider-adapter.ts";
import { walletSignature } from "./wallet/wallet-signature.ts";

/** Fixtures of the provider tests (not a test file): a connected test provider, signed wallet calls, players. */

export const TEST_PROVIDER = "GDG";
export const TEST_SECRET = "gdg-test-secret-0123456789";

/** Connects the seeded GDG provider with a known secret (its adapter launches a fake aggregator URL). */
export function connectTestProvider(t: TestApp, code = TEST_PROVIDER, secret = TEST_SECRET): ProviderAdapter {
  const adapter: ProviderAdapter = {
    code,
    secret,
    async launch(request) {
      return {
        url: `https://games.example.test/${request.providerCode}/${request.gameCode}?player=${request.userCode}&lang=${request.language}`,
      };
    },
  };
  t.ctx.providers.register(adapter);
  return adapter;
}

export interface WalletOptions {
  code?: string;
  secret?: string;
  /** Unix seconds for X-Timestamp (default: now). */
  timestamp?: number;
  signature?: string;
  rawBody?: string;
  contentType?: string | null;
}

export interface WalletResult {
  statusCode: number;
  answer: ProviderWalletAnswer;
}

/** One wallet call exactly as a provider sends it: raw JSON body, X-Timestamp, X-Signature. */
export async function wallet(t: TestApp, action: string, body: unknown, opts: WalletOptions = {}): Promise<WalletResult> {
  const raw = opts.rawBody ?? JSON.stringify(body);
  const ts = String(opts.timestamp ?? Math.floor(t.ctx.clock.now().getTime() / 1000));
  const headers: Record<string, string> = {
    "x-timestamp": ts,
    "x-signature": opts.signature ?? walletSignature(opts.secret ?? TEST_SECRET, ts, raw),
  };
  if (opts.contentType !== null) headers["content-type"] = opts.contentType ?? "application/json";
  const res = await t.app.inject({
    method: "POST",
    url: `/api/provider/${opts.code ?? TEST_PROVIDER}/wallet/${action}`,
    headers,
    payload: raw,
  });
  return { statusCode: res.statusCode, answer: res.json() as ProviderWalletAnswer };
}

export interface Player extends TestUser {
  userCode: string;
}

export async function userCodeOf(t: TestApp, userId: number): Promise<string> {
  const rows = await t.ctx.db.select({ code: users.userCode }).from(users).where(eq(users.id, userId));
  const code = rows[0]?.code;
  if (!code) throw new Error(`user ${userId} not found`);
  return code;
}

/** A player with this game balance (funded through a real journal). */
export async function player(t: TestApp, gameBalance = 0, opts: UserOptions & { referredBy?: number } = {}): Promise<Player> {
  const u = await createUser(t, opts);
  if (gameBalance > 0) await fund(t, u.id, gameBalance, "game");
  if (opts.referredBy !== undefined) await t.ctx.db.update(users).set({ referredBy: opts.referredBy }).where(eq(users.id, u.id));
  return { ...u, userCode: await userCodeOf(t, u.id) };
}

export async function setBlocked(t: TestApp, userId: number, blocked: boolean): Promise<void> {
  await t.ctx.db.update(users).set({ blocked }).where(eq(users.id, userId));
}

export async function setMaintenance(t: TestApp, code: string, maintenance: boolean): Promise<void> {
  await t.ctx.db.update(providers).set({ maintenance }).where(eq(providers.code, code));
}

/** The operator setting free_round_credits of a provider (credits without a debit accepted). */
export async function setFreeRoundCredits(t: TestApp, code: string, freeRoundCredits: boolean): Promise<void> {
  await t.ctx.db.update(providers).set({ freeRoundCredits }).where(eq(providers.code, code));
}

export async function setTurnover(t: TestApp, userId: number, turnover: number): Promise<void> {
  await t.ctx.db.update(users).set({ turnover }).where(eq(users.id, userId));
}

let counter = 0;
/** A fresh transaction or round id. */
export function nextId(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

/** How many journals name this provider transaction (ledger invariant I5: at most one). */
export async function journalsOf(t: TestApp, provider: string, transactionId: string): Promise<number> {
  const res = await t.ctx.db.execute(
    sql`select count(*)::int as n from journals where unique_key = ${`provider:${provider}:${transactionId}`}`,
  );
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/**
 * The rounds agree with their transactions and with the ledger: each round's stake is its applied,
 * not rolled-back debits, its payout its applied credits; each applied money call has exactly its
 * journal; each provider's house:casino accounts (its shards) hold Σ stake − Σ payout; house:referral paid Σ shares.
 */
export async function expectRoundsReconciled(t: TestApp): Promise<void> {
  const rounds = await t.ctx.db.execute(sql`
    select r.id, r.bet, r.payout, coalesce(s.bet, 0)::bigint as tx_bet, coalesce(s.payout, 0)::bigint as tx_payout
      from provider_rounds r
      left join (select round_ref,
                        sum(amount) filter (where action = 'debit' and status = 'OK' and rolled_back_by is null) as bet,
                        sum(amount) filter (where action = 'credit' and status = 'OK') as payout
                   from provider_transactions group by round_ref) s on s.round_ref = r.id
     where r.bet <> coalesce(s.bet, 0) or r.payout <> coalesce(s.payout, 0)`);
  expect(rowsOf(rounds)).toEqual([]);

  const journals = await t.ctx.db.execute(sql`
    select p.id, p.status, p.journal_id, j.unique_key
      from provider_transactions p
      left join journals j on j.id = p.journal_id
     where (p.status = 'OK' and p.action in ('debit', 'credit') and p.amount > 0 and p.placeholder = false
            and (j.id is null or j.unique_key <> 'provider:' || p.provider || ':' || p.transaction_id))
        or (p.status <> 'OK' and p.journal_id is not null)
        or p.status = 'PENDING'`);
  expect(rowsOf(journals)).toEqual([]);

  const house = await t.ctx.db.execute(sql`
    select r.provider, (sum(r.bet) - sum(r.payout))::bigint as due, coalesce(max(a.balance), 0)::bigint as held
      from provider_rounds r
      left join lateral (select sum(balance) as balance from ledger_accounts
                          where code = 'house:casino:' || lower(r.provider) or code like 'house:casino:' || lower(r.provider) || ':%') a on true
     group by r.provider
    having (sum(r.bet) - sum(r.payout)) <> coalesce(max(a.balance), 0)`);
  expect(rowsOf(house)).toEqual([]);

  const referral = rowsOf<{ shares: number; paid: number }>(
    await t.ctx.db.execute(sql`
      select (select coalesce(sum(referral_share), 0) from provider_rounds)::bigint as shares,
             (select coalesce(-sum(balance), 0) from ledger_accounts where code = 'house:referral')::bigint as paid`),
  )[0];
  expect(Number(referral?.shares)).toBe(Number(referral?.paid));
}
