import { verify } from "@node-rs/argon2";
import type { CashInBody, CashOutBody, HistoryQuery } from "@shwe/contracts";
import { decideCashInRequest, decideCashOutRequest, promoCodeRefusal } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import { AppError, conflict, notFound, refused } from "../../lib/errors.ts";
import { type CounterStore, limitsUnavailable } from "../../lib/rate-limit-store.ts";
import { finishPage, pageRequestOf } from "../ledger/history-page.ts";
import { isoOf, yangonDayRange } from "../ledger/history-range.ts";
import { balanceAfter, lockPlayer, postJournal } from "../ledger/ledger.service.ts";
import { type MoneyCallResult, refusalError, runPlayerMoneyCall } from "../ledger/money-call.ts";
import { readMoneySettings } from "../ledger/money-settings.repository.ts";
import { lockMoneyUser } from "../ledger/money-user.repository.ts";
import { checkDeposit } from "../protection/protection.service.ts";
import {
  countPromoUses,
  findPasswordHash,
  findPaymentMethod,
  findPlayerCashRequest,
  findPromoByCode,
  hasPendingCashIn,
  insertCashRequest,
  listPaymentMethods,
  listPlayerCashRequests,
  type PaymentMethodRow,
  type PlayerCashRow,
} from "./cash.repository.ts";

export const CASHIN_SENT = "Cashin request sent!";
export const CASHOUT_SENT = "Cashout request sent!";

const limitsOf = (m: PaymentMethodRow | undefined, kind: "in" | "out") =>
  m ? { enabled: kind === "in" ? m.cashinEnabled : m.cashoutEnabled, minAmount: m.minAmount, maxAmount: m.maxAmount } : null;

export async function paymentMethodsFor(ctx: AppContext, kind: "in" | "out") {
  const rows = await listPaymentMethods(ctx.db, kind);
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    logo: m.logo,
    account_name: m.accountName,
    account_number: m.accountNumber,
    qr_image: m.qrImage,
    min_amount: m.minAmount,
    max_amount: m.maxAmount,
  }));
}

export async function amountChips(ctx: AppContext, kind: "in" | "out"): Promise<number[]> {
  const s = await readMoneySettings(ctx.db);
  return kind === "in" ? s.cashinAmounts : s.cashoutAmounts;
}

/** What a player reads when a known promo code cannot be used now (the error code stays INVALID_PROMO_CODE). */
const PROMO_REFUSALS = {
  not_started: "This promo code has not started yet.",
  ended: "This promo code is not valid.",
  used_up: "This promo code has been used up.",
  player_limit: "You have used this promo code already.",
} as const;

/**
 * A cash-in request (domain-rules §5): method and limits, a known promo code, at most one pending
 * request per player (checked under the users row lock and enforced by a partial unique index).
 * No money moves until an operator approves.
 */
export async function requestCashIn(
  ctx: AppContext,
  userId: number,
  body: CashInBody,
  key: string | undefined,
): Promise<MoneyCallResult<{ id: number; status: "pending"; message: string }>> {
  return runPlayerMoneyCall(ctx.db, ctx.playerQueue, { userId, route: "POST /api/cash-in", key, body, status: 201 }, async (tx) => {
    if (!(await lockMoneyUser(tx, userId))) throw notFound("Player not found.");
    await checkDeposit(tx, userId, body.amount, ctx.clock.now());
    const method = await findPaymentMethod(tx, body.payment_method_id);
    const pending = await hasPendingCashIn(tx, userId);
    const refusal = decideCashInRequest({ method: limitsOf(method, "in"), hasPending: pending }, body.amount);
    if (refusal) throw refusalError(refusal);
    let promoCodeId: number | null = null;
    if (body.promo_code !== undefined) {
      const promo = await findPromoByCode(tx, body.promo_code);
      if (!promo) throw refused("INVALID_PROMO_CODE", "This promo code is not valid.");
      const uses = await countPromoUses(tx, promo.id, userId, { withPending: true });
      const why = promoCodeRefusal(promo, uses.total, uses.player, ctx.clock.now());
      if (why) throw refused("INVALID_PROMO_CODE", PROMO_REFUSALS[why], { reason: why });
      promoCodeId = promo.id;
    }
    const id = await insertCashRequest(tx, {
      userId,
      kind: "in",
      paymentMethodId: body.payment_method_id,
      amount: body.amount,
      lastSixDigits: body.last_six_digits,
      promoCodeId,
    });
    if (id === undefined) throw conflict("DUPLICATE", "You already have a cash-in request waiting for review.");
    return { id, status: "pending" as const, message: CASHIN_SENT };
  });
}

/**
 * Counts wrong cash-out passwords per player: after a few the player waits (slows down guessing).
 * The counters are in the shared rate-limit store, so every instance sees the same count; when the
 * store cannot be reached the cash-out is refused (503 UNAVAILABLE) before the password is tried.
 */
export class PasswordAttempts {
  constructor(
    private readonly store: CounterStore,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}
  private key(userId: number): string {
    return `cash_out_password:user:${userId}`;
  }
  private async reach<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch {
      throw limitsUnavailable();
    }
  }
  async check(userId: number): Promise<void> {
    const f = await this.reach(() => this.store.peek(this.key(userId)));
    if (f.count >= this.max) {
      throw new AppError(429, "RATE_LIMITED", "Too many wrong passwords. Please wait and try again.", {
        retry_after: Math.max(1, Math.ceil(f.ttlMs / 1000)),
      });
    }
  }
  async fail(userId: number): Promise<void> {
    await this.reach(() => this.store.hit(this.key(userId), this.windowMs));
  }
  async clear(userId: number): Promise<void> {
    await this.reach(() => this.store.reset(this.key(userId)));
  }
}

async function passwordMatches(hash: string, password: string): Promise<boolean> {
  try {
    return await verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A cash-out request (domain-rules §5): level 2 (setting), method and limits, the player's
 * password (checked before any lock is taken), then in one transaction the request row and the
 * journal that moves the amount from main to hold (conditional debit: never below zero).
 */
export async function requestCashOut(
  ctx: AppContext,
  attempts: PasswordAttempts | undefined,
  userId: number,
  body: CashOutBody,
  key: string | undefined,
): Promise<MoneyCallResult<{ id: number; status: "pending"; balance: number; message: string }>> {
  const settings = await readMoneySettings(ctx.db);
  const requiresLevel2 = settings.lvl2RequiredActions.includes("cash_out");
  const user = await findPasswordHash(ctx.db, userId);
  if (!user) throw notFound("Player not found.");
  const method = await findPaymentMethod(ctx.db, body.payment_method_id);
  const input = { level: user.lvl2, requiresLevel2, minAmount: settings.cashoutMin, method: limitsOf(method, "out") };
  const early = decideCashOutRequest(input, body.amount);
  if (early) throw refusalError(early);

  await attempts?.check(userId);
  if (!(await passwordMatches(user.passwordHash, body.password))) {
    await attempts?.fail(userId);
    throw refused("WRONG_PASSWORD", "The password is incorrect.");
  }
  await attempts?.clear(userId);

  const { password: _secret, ...fingerprint } = body;
  return runPlayerMoneyCall(
    ctx.db,
    ctx.playerQueue,
    { userId, route: "POST /api/cash-out", key, body: fingerprint, status: 201 },
    async (tx) => {
      const locked = await lockMoneyUser(tx, userId);
      if (!locked) throw notFound("Player not found.");
      const again = decideCashOutRequest({ ...input, level: locked.lvl2 }, body.amount);
      if (again) throw refusalError(again);
      await lockPlayer(tx, userId);
      const id = await insertCashRequest(tx, {
        userId,
        kind: "out",
        paymentMethodId: body.payment_method_id,
        amount: body.amount,
        accountNumber: body.account_number,
        holderName: body.holder_name,
      });
      if (id === undefined) throw new Error("cash-out request insert returned nothing");
      const journal = await postJournal(tx, {
        kind: "cash_out_hold",
        userId,
        uniqueKey: `cash_request:${id}:hold`,
        refType: "cash_request",
        refId: id,
        meta: key === undefined ? null : { idempotency_key: key },
        entries: [
          { account: { userId, kind: "main" }, amount: -body.amount },
          { account: { userId, kind: "hold" }, amount: body.amount },
        ],
      });
      return { id, status: "pending" as const, balance: balanceAfter(journal, { userId, kind: "main" }), message: CASHOUT_SENT };
    },
  );
}

const common = (r: PlayerCashRow) => ({
  id: r.id,
  amount: r.amount,
  payment_method: r.payment_method,
  payment_method_id: r.payment_method_id,
  status: r.status,
  reason: r.reason,
  created_at: isoOf(r.created_at) ?? "",
  decided_at: isoOf(r.decided_at),
});

/** One page of the player's requests of one kind (history-page.ts). */
async function pageInRange(
  ctx: AppContext,
  userId: number,
  kind: "in" | "out",
  query: HistoryQuery,
): Promise<{ rows: PlayerCashRow[]; next_cursor: string | null }> {
  const { from, to } = yangonDayRange(query.start_date, query.end_date, ctx.clock.now());
  const page = pageRequestOf(query);
  const read = await listPlayerCashRequests(ctx.db, userId, kind, from, to, page);
  return finishPage(read, page, (r) => ({ at: r.page_at, id: r.id }));
}

export async function cashInHistory(ctx: AppContext, userId: number, query: HistoryQuery) {
  const { rows, next_cursor } = await pageInRange(ctx, userId, "in", query);
  return {
    next_cursor,
    data: rows.map((r) => ({
      ...common(r),
      last_six_digits: r.last_six_digits ?? "",
      promo_code: r.promo_code,
      bonus: Number(r.bonus ?? 0),
    })),
  };
}

export async function cashOutHistory(ctx: AppContext, userId: number, query: HistoryQuery) {
  const { rows, next_cursor } = await pageInRange(ctx, userId, "out", query);
  return {
    data: rows.map((r) => ({ ...common(r), account_number: r.account_number ?? "", holder_name: r.holder_name ?? "" })),
    next_cursor,
  };
}

export async function ownCashRequest(ctx: AppContext, userId: number, id: number) {
  const r = await findPlayerCashRequest(ctx.db, userId, id);
  if (!r) throw notFound("Request not found.");
  return { ...common(r), kind: r.kind };
}
