import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { moneySnapshot } from "../ledger/testing.ts";
import { type GscConfig, simulatedGscConfig } from "./gsc-config.ts";
import { GSC_INBOUND_KEYWORDS, type GscWebhookName, gscInboundSign } from "./gsc-sign.ts";
import type { GscAnswer } from "./gsc-wallet.service.ts";

/** Fixtures of the GSC+ wallet tests (not a test file): signed webhook bodies, products, exact balances. */

export const OPERATOR = "SWDM";
export const SECRET = "demo-gsc-secret-key";

export async function gscTestApp(overrides: Partial<GscConfig> = {}): Promise<TestApp> {
  return createTestApp({ config: { gsc: simulatedGscConfig(overrides), rateLimits: { enabled: false, factor: 1 } } });
}

/** The catalogue row of a GSC+ product (p_code GSC<product_code>), created or updated. */
export async function product(
  t: TestApp,
  productCode: number,
  opts: { maintenance?: boolean; freeRoundCredits?: boolean; active?: boolean } = {},
): Promise<void> {
  const code = `GSC${productCode}`;
  await t.ctx.db.execute(sql`
    insert into providers (id, code, name, image, sec_image, maintenance, active, free_round_credits)
    values ((select coalesce(max(id), 0) + 1 from providers), ${code}, ${code}, '', '', ${opts.maintenance ?? false},
            ${opts.active ?? true}, ${opts.freeRoundCredits ?? false})
    on conflict (code) do update set maintenance = excluded.maintenance, active = excluded.active,
                                     free_round_credits = excluded.free_round_credits`);
}

export interface SignOptions {
  operatorCode?: string;
  secret?: string;
  requestTime?: number | string;
  sign?: string;
  keyword?: string;
}

/** A webhook body exactly as the aggregator signs it (§2.1: md5(operator_code ‖ request_time ‖ keyword ‖ secret)). */
export function signed(name: GscWebhookName, fields: Record<string, unknown>, opts: SignOptions = {}): Record<string, unknown> {
  const operatorCode = opts.operatorCode ?? OPERATOR;
  const requestTime = opts.requestTime ?? 1732600000;
  const sign =
    opts.sign ?? gscInboundSign(operatorCode, String(requestTime), opts.keyword ?? GSC_INBOUND_KEYWORDS[name], opts.secret ?? SECRET);
  return { operator_code: operatorCode, request_time: requestTime, sign, ...fields };
}

export interface GscResult {
  statusCode: number;
  answer: GscAnswer;
}

export async function post(t: TestApp, name: GscWebhookName, body: unknown, raw?: string): Promise<GscResult> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/gsc/v1/api/seamless/${name}`,
    headers: { "content-type": "application/json" },
    payload: raw ?? JSON.stringify(body),
  });
  return { statusCode: res.statusCode, answer: res.json() as GscAnswer };
}

/** One signed call of balance / withdraw / deposit / pushbetdata. */
export async function gsc(t: TestApp, name: GscWebhookName, fields: Record<string, unknown>, opts: SignOptions = {}): Promise<GscResult> {
  return post(t, name, signed(name, fields, opts));
}

export interface TxFields {
  id: string;
  action: string;
  amount: string | number;
  wager_code?: string;
  [key: string]: unknown;
}

export function element(member: string, productCode: number, transactions: TxFields[]): Record<string, unknown> {
  return { member_account: member, product_code: productCode, game_type: "SLOT", transactions };
}

/** A withdraw or deposit of one element. */
export async function move(
  t: TestApp,
  name: "withdraw" | "deposit",
  member: string,
  productCode: number,
  currency: string,
  transactions: TxFields[],
): Promise<GscResult> {
  return gsc(t, name, { currency, batch_requests: [element(member, productCode, transactions)] });
}

let counter = 0;
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

/** A player's exact GSC+ balance parts: ledger game balance (kyat), remainder and debt (kyat/10⁴). */
export async function exactOf(t: TestApp, userId: number): Promise<{ kyat: number; remainder: number; debt: number }> {
  const res = await t.ctx.db.execute(sql`
    select (select balance from ledger_accounts where user_id = ${userId} and kind = 'game') as kyat,
           coalesce((select remainder_e4 from gsc_wallets where user_id = ${userId}), 0) as remainder,
           coalesce((select debt_e4 from gsc_wallets where user_id = ${userId}), 0) as debt`);
  const row = rowsOf<{ kyat: unknown; remainder: unknown; debt: unknown }>(res)[0];
  return { kyat: Number(row?.kyat ?? 0), remainder: Number(row?.remainder), debt: Number(row?.debt) };
}

/** Every money table and the GSC+ tables: a refused call must leave all of it unchanged. */
export async function gscSnapshot(t: TestApp): Promise<Record<string, unknown>> {
  const out = await moneySnapshot(t.ctx.db);
  for (const table of ["gsc_transactions", "gsc_wagers", "provider_rounds"]) {
    const res = await t.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    out[table] = Number(rowsOf<{ n: number }>(res)[0]?.n);
  }
  const w = await t.ctx.db.execute(sql`select user_id, remainder_e4, debt_e4 from gsc_wallets order by user_id`);
  out.gsc_wallets = rowsOf<{ user_id: unknown; remainder_e4: unknown; debt_e4: unknown }>(w).map(
    (r) => `${r.user_id}:${r.remainder_e4}:${r.debt_e4}`,
  );
  return out;
}

/** The house's exact position for GSC+ must equal what the players lost, exactly: Σ player movements = −Σ house. */
export async function expectExactConservation(t: TestApp): Promise<void> {
  const res = await t.ctx.db.execute(sql`
    select (select coalesce(sum(amount_e4), 0) from gsc_transactions)::text as players_e4,
           (select coalesce(sum(balance), 0) from ledger_accounts where code like 'house:casino:gsc%')::text as house_kyat,
           (select coalesce(sum(remainder_e4), 0) from gsc_wallets)::text as remainders,
           (select coalesce(sum(debt_e4), 0) from gsc_wallets)::text as debts,
           (select coalesce(sum(kyat_moved), 0) from gsc_transactions)::text as moved`);
  const row = rowsOf<Record<string, string>>(res)[0] ?? {};
  const players = BigInt(row.players_e4 ?? "0");
  const house = BigInt(row.house_kyat ?? "0") * 10_000n - BigInt(row.remainders ?? "0") + BigInt(row.debts ?? "0");
  if (players + house !== 0n)
    throw new Error(`GSC+ exact money not conserved: players ${players}, house ${house} (${JSON.stringify(row)})`);
  if (BigInt(row.moved ?? "0") !== -BigInt(row.house_kyat ?? "0"))
    throw new Error(`ledger kyat moved ≠ house balance: ${JSON.stringify(row)}`);
}
