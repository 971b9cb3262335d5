import { randomInt } from "node:crypto";
import { type Algorithm, hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type Db, rowsOf } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/test-app.ts";
import { auditLedger } from "./audit.ts";
import { postJournal } from "./ledger.service.ts";
import { createPlayerLedgerAccounts, getPlayerBalances } from "./player-accounts.repository.ts";

/** Test fixtures of the money modules (not a test file): accounts made directly, funding, the ledger auditor. */

export const DEFAULT_PASSWORD = "money-test-pass-1";
let defaultHash: Promise<string> | undefined;

async function passwordHash(password: string): Promise<string> {
  // Argon2id (2) with the production parameters; the default password is hashed once per test file.
  const make = () => hash(password, { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  if (password !== DEFAULT_PASSWORD) return make();
  defaultHash ??= make();
  return defaultHash;
}

export interface TestUser {
  id: number;
  phone: string;
  password: string;
  token: string;
}

export interface UserOptions {
  role?: "player" | "operator" | "admin";
  lvl2?: 1 | 2;
  password?: string;
  /** Create the ledger accounts (default true); false leaves them to be created lazily. */
  accounts?: boolean;
}

const code = (n: number) => Array.from({ length: n }, () => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[randomInt(32)]).join("");

/** A user inserted directly (users row, ledger accounts, a bearer token). */
export async function createUser(t: TestApp, opts: UserOptions = {}): Promise<TestUser> {
  const password = opts.password ?? DEFAULT_PASSWORD;
  const phone = `096${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      phone,
      name: `Test ${opts.role ?? "player"}`,
      passwordHash: await passwordHash(password),
      role: opts.role ?? "player",
      userCode: code(10),
      referralCode: code(6),
      lvl2: opts.lvl2 ?? 2,
      lvl2Status: (opts.lvl2 ?? 2) === 2 ? "approved" : "none",
    })
    .returning({ id: users.id });
  if (!row) throw new Error("user insert failed");
  if (opts.accounts !== false) await createPlayerLedgerAccounts(t.ctx.db, row.id);
  // A console account's token has passed the second factor, as after a sign-in with a code.
  const { token } = await t.ctx.auth.issue(row.id, { secondFactor: (opts.role ?? "player") !== "player" });
  return { id: row.id, phone, password, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Credits a player's account from an external test-funding account, through a real journal. */
export async function fund(t: TestApp, userId: number, amount: number, kind: "main" | "game" = "main"): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    await postJournal(tx, {
      kind: "test_funding",
      userId,
      entries: [
        { account: { userId, kind }, amount },
        { account: { code: "external:test_funding" }, amount: -amount },
      ],
    });
  });
}

export async function balancesOf(t: TestApp, userId: number) {
  return getPlayerBalances(t.ctx.db, userId);
}

export async function turnoverOf(t: TestApp, userId: number): Promise<number> {
  const res = await t.ctx.db.execute(sql`select turnover from users where id = ${userId}`);
  return Number(rowsOf<{ turnover: number }>(res)[0]?.turnover);
}

const COUNTED = [
  "journals",
  "journal_entries",
  "ledger_accounts",
  "cash_requests",
  "adjustments",
  "idempotency_keys",
  "outbox",
  "audit_log",
] as const;

/** Row counts of every money table plus every account balance: a refusal must leave all of it unchanged. */
export async function moneySnapshot(db: Db): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of COUNTED) {
    const res = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    out[table] = Number(rowsOf<{ n: number }>(res)[0]?.n);
  }
  const res = await db.execute(sql`select id, balance from ledger_accounts order by id`);
  out.balances = rowsOf<{ id: number; balance: number }>(res).map((r) => `${r.id}:${r.balance}`);
  const turnover = await db.execute(sql`select id, turnover, has_transferred_in from users order by id`);
  out.users = rowsOf<{ id: number; turnover: number; has_transferred_in: boolean }>(turnover).map(
    (r) => `${r.id}:${r.turnover}:${r.has_transferred_in}`,
  );
  return out;
}

/** The ledger auditor (I1–I8) finds nothing: call after every money test. */
export async function expectLedgerClean(t: TestApp): Promise<void> {
  const report = await auditLedger(t.ctx.db);
  expect(report.violations).toEqual([]);
  expect(report.ok).toBe(true);
}

/** An API call as a client makes it (JSON body, bearer token, extra headers). */
export async function call(
  t: TestApp,
  method: "GET" | "POST",
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
) {
  const headers: Record<string, string> = { ...(opts.token ? bearer(opts.token) : {}), ...(opts.headers ?? {}) };
  if (opts.rawBody !== undefined) {
    return t.app.inject({ method, url, headers: { "content-type": "application/json", ...headers }, payload: opts.rawBody });
  }
  return t.app.inject({ method, url, headers, ...(opts.body === undefined ? {} : { payload: opts.body as object }) });
}

/** The api.md error body: `{message, code, details?}` and nothing else. */
export function expectErrorBody(res: { statusCode: number; json(): unknown }, status: number, code: string): void {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe("string");
  expect(Object.keys(body).every((k) => ["message", "code", "details"].includes(k))).toBe(true);
}
