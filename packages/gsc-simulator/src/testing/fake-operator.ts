import { createHash } from "node:crypto";
import Fastify from "fastify";
import { formatUnits, toUnits } from "../amount.ts";

/**
 * A tiny operator for the simulator's own tests: the four wallet webhooks of gsc-plus.md §1 over a
 * balance map, with the contract's codes (1002, 1004, 999 currency, 1000, 1001, 1003, 1006) and one
 * row per batch element, all-or-nothing per element. Balances are ten-thousandths of a kyat.
 */

const RATIOS: Record<string, bigint> = { MMK: 1n, MMK2: 1000n, MMK3: 100n };
const KEYWORDS: Record<string, string> = { balance: "getbalance", withdraw: "withdraw", deposit: "deposit", pushbetdata: "pushbetdata" };
const DEBITS = new Set(["BET", "TIP", "BET_PRESERVE"]);
const SIGNED = new Set(["ROLLBACK", "RESETTLED", "ADJUSTMENT"]);
const CREDITS = new Set(["SETTLED", "CANCEL", "BONUS", "PROMO", "JACKPOT", "LEADERBOARD", "FREEBET", "PRESERVE_REFUND"]);
const NEEDS_WAGER = new Set(["CANCEL", "ROLLBACK"]);

type Json = Record<string, unknown>;

export interface FakeOperator {
  /** The callback base to give the simulator: `<origin>/api/gsc`. */
  callbackBase: string;
  /** Balance per member in ten-thousandths of a kyat. */
  balances: Map<string, bigint>;
  /** Every webhook body received, in order. */
  received: Array<{ name: string; body: Json }>;
  /** Pushed wagers by wager_code. */
  pushed: Map<string, Json>;
  close(): Promise<void>;
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

export async function startFakeOperator(opts: {
  operatorCode: string;
  secretKey: string;
  kyat: Record<string, number>;
}): Promise<FakeOperator> {
  const balances = new Map(Object.entries(opts.kyat).map(([m, k]) => [m, BigInt(k) * 10_000n]));
  const received: FakeOperator["received"] = [];
  const pushed = new Map<string, Json>();
  const appliedIds = new Set<string>();
  const wagers = new Set<string>();
  const app = Fastify({ logger: false });

  const show = (kyat4: bigint, ratio: bigint) => Number(formatUnits(kyat4)) / Number(ratio);

  app.post("/api/gsc/v1/api/seamless/:name", async (request) => {
    const name = (request.params as { name: string }).name;
    const body = request.body as Json;
    received.push({ name, body });
    const signed = md5(`${String(body.operator_code)}${String(body.request_time)}${KEYWORDS[name]}${opts.secretKey}`);
    const elements = (body.batch_requests as Json[] | undefined) ?? [];
    const all = (code: number) => ({
      code,
      message: "",
      data: elements.map((e) => ({ member_account: e.member_account, product_code: e.product_code, balance: 0, code, message: "" })),
    });
    if (name === "pushbetdata") {
      if (body.operator_code !== opts.operatorCode) return { code: 1002, message: "operator" };
      if (body.sign !== signed) return { code: 1004, message: "sign" };
      for (const w of body.wagers as Json[]) pushed.set(String(w.wager_code), w);
      return { code: 0, message: "" };
    }
    if (body.operator_code !== opts.operatorCode) return all(1002);
    if (String(body.sign).toLowerCase() !== signed) return all(1004);
    const ratio = RATIOS[String(body.currency)];
    if (ratio === undefined) return all(999);
    const data = elements.map((e) => {
      const member = String(e.member_account);
      const row = (code: number, before: bigint, after: bigint) => ({
        member_account: member,
        product_code: Number(e.product_code),
        ...(name === "balance" ? {} : { before_balance: show(before, ratio) }),
        balance: show(after, ratio),
        code,
        message: "",
      });
      const start = balances.get(member);
      if (start === undefined) return row(1000, 0n, 0n);
      if (name === "balance") return row(0, start, start);
      let balance = start;
      const ids: string[] = [];
      const newWagers: string[] = [];
      let duplicates = 0;
      for (const tx of (e.transactions as Json[]) ?? []) {
        const id = String(tx.id);
        if (appliedIds.has(id) || ids.includes(id)) {
          duplicates++;
          continue;
        }
        const action = String(tx.action).toUpperCase();
        const amount = toUnits(tx.amount as string) * ratio;
        const magnitude = amount < 0n ? -amount : amount;
        const wager = String(tx.wager_code ?? "");
        if (NEEDS_WAGER.has(action) && !wagers.has(wager)) return row(1006, start, start);
        let next: bigint;
        if (DEBITS.has(action)) next = balance - magnitude;
        else if (CREDITS.has(action)) next = balance + magnitude;
        else if (SIGNED.has(action)) next = balance + amount;
        else return row(999, start, start);
        if (next < 0n && action !== "RESETTLED") return row(1001, start, start);
        balance = next;
        ids.push(id);
        if (wager !== "") newWagers.push(wager);
      }
      if (ids.length === 0 && duplicates > 0) return row(1003, start, start);
      balances.set(member, balance);
      for (const id of ids) appliedIds.add(id);
      for (const w of newWagers) wagers.add(w);
      return row(0, start, balance);
    });
    return { code: 0, message: "", data };
  });

  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { callbackBase: `http://127.0.0.1:${port}/api/gsc`, balances, received, pushed, close: () => app.close() };
}
