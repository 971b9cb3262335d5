import { randomBytes } from "node:crypto";
import { formatUnits, toUnits, unitsToNumber } from "./amount.ts";
import { PRODUCT_CURRENCIES } from "./catalogue.ts";
import { WEBHOOK_KEYWORDS, type WebhookName, webhookSign } from "./sign.ts";
import type { WagerBook } from "./wagers.ts";

/**
 * The scenario sender: the aggregator's side of the wallet webhooks (gsc-plus.md §1), correctly
 * signed unless told otherwise, for tests, the game page and benchmarks. Every call returns the
 * body it sent and the operator's parsed answer; accepted wagers go into the wager book.
 */

export type Amount = string | number | bigint;

/** A row of a balance / withdraw / deposit answer (§1.3). */
export interface WalletRow {
  member_account: string;
  product_code: number;
  before_balance?: number;
  balance: number;
  code: number;
  message?: string;
}

export interface WalletAnswer {
  code?: number;
  message?: string;
  data?: WalletRow[];
}

export interface PushAnswer {
  code?: number;
  message?: string;
}

/** One webhook call: what was sent and what came back. */
export interface WebhookCall<A = WalletAnswer> {
  name: WebhookName;
  url: string;
  body: Record<string, unknown>;
  /** HTTP status of the answer (the contract wants 200 always). */
  status: number;
  /** The answer's JSON, or undefined when it was not JSON. */
  answer: A | undefined;
  text: string;
}

/** Fields of one transaction (§1.2); the amount is in the request currency. */
export interface TxInput {
  action: string;
  amount: Amount;
  id?: string;
  wager_code?: string;
  wager_status?: string;
  wager_type?: string;
  round_id?: string;
  game_code?: string;
  game_type?: string;
  channel_code?: string;
  bet_amount?: Amount;
  valid_bet_amount?: Amount;
  prize_amount?: Amount;
  tip_amount?: Amount;
  settled_at?: number;
  created_at?: number;
  payload?: Record<string, unknown>;
}

/** One batch element: a member and product, and its transactions. */
export interface ElementInput {
  member: string;
  product: number;
  gameType?: string;
  transactions: TxInput[];
}

/** One pushed wager (§1.4). Amounts in the wager's currency. */
export interface PushWagerInput {
  member_account: string;
  product_code: number;
  wager_code: string;
  wager_status: string;
  currency?: string;
  game_code?: string;
  game_type?: string;
  wager_type?: string;
  round_id?: string;
  channel_code?: string;
  bet_amount?: Amount;
  valid_bet_amount?: Amount;
  prize_amount?: Amount;
  tip_amount?: Amount;
  created_at?: number;
  settled_at?: number;
  payload?: Record<string, unknown>;
}

/** Envelope overrides, to send what a faulty or hostile sender would. */
export interface EnvelopeOptions {
  requestTime?: string | number;
  operatorCode?: string;
  /** A sign to send instead of the right one. */
  sign?: string;
  /** Extra top-level fields (e.g. a root `game_type`). */
  extra?: Record<string, unknown>;
}

export interface ScenarioSenderOptions {
  /** The operator's callback base: the sender appends `/v1/api/seamless/{name}`. */
  callbackBaseUrl: string | (() => string);
  operatorCode: string;
  secretKey: string;
  /** Epoch milliseconds (default Date.now). */
  now?: () => number;
  /** Unit of request_time (§2.3: the aggregator's unit is unsettled): seconds (default) or milliseconds. */
  requestTimeUnit?: "s" | "ms";
  /** Amounts as numeric strings as G4's samples (default) or JSON numbers. */
  amountStyle?: "string" | "number";
  /** BET / TIP / BET_PRESERVE amounts negative as G4 sends them (default) or positive. */
  debitAmountSign?: "negative" | "positive";
  /** Currency per product; default the catalogue's (§8). */
  productCurrencies?: Readonly<Record<number, string>>;
  /** Per-call timeout in milliseconds (default 10,000). */
  timeoutMs?: number;
  /** Where accepted wagers are recorded (the simulator's wager list). */
  wagers?: WagerBook;
}

/** What a round helper needs: who plays what. */
export interface RoundTarget {
  member: string;
  product: number;
  currency?: string;
  gameType?: string;
  gameCode?: string;
  wagerCode?: string;
  roundId?: string;
  /** The transaction id (default: a fresh one). */
  id?: string;
}

const DEBIT_ACTIONS = new Set(["BET", "TIP", "BET_PRESERVE", "ADJUST_DEBIT", "WITHDRAW", "FEE"]);
const SETTLING_ACTIONS = new Set(["SETTLED", "RESETTLED", "WIN"]);

/** A network failure or timeout: the operator gave no answer at all. */
export class WebhookUnreachableError extends Error {}

let sequence = 0;

export class ScenarioSender {
  readonly operatorCode: string;
  private readonly opts: ScenarioSenderOptions;
  private readonly tag = randomBytes(2).toString("hex");

  constructor(opts: ScenarioSenderOptions) {
    this.opts = opts;
    this.operatorCode = opts.operatorCode;
  }

  // ---- ids, time and amounts --------------------------------------------------------------------

  now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** A fresh transaction id shaped as G4's `<ms-timestamp>_<n>`. */
  newId(): string {
    sequence += 1;
    return `${this.now()}${this.tag}_${sequence}`;
  }

  newWagerCode(): string {
    sequence += 1;
    return `W${this.now()}${this.tag}${sequence}`;
  }

  requestTime(): number {
    const ms = this.now();
    return this.opts.requestTimeUnit === "ms" ? ms : Math.floor(ms / 1000);
  }

  currencyOf(product: number): string {
    const currency = this.opts.productCurrencies?.[product] ?? PRODUCT_CURRENCIES[product];
    if (!currency) throw new RangeError(`no currency known for product ${product}; pass one`);
    return currency;
  }

  /** An amount as it goes on the wire: a shortest decimal string or a JSON number. */
  amount(value: Amount): string | number {
    const units = toUnits(value);
    return this.opts.amountStyle === "number" ? unitsToNumber(units) : formatUnits(units);
  }

  // ---- bodies -----------------------------------------------------------------------------------

  sign(name: WebhookName, requestTime: string | number, operatorCode = this.opts.operatorCode): string {
    return webhookSign(operatorCode, requestTime, WEBHOOK_KEYWORDS[name], this.opts.secretKey);
  }

  /** operator_code, request_time and sign for a webhook, then the given fields. */
  envelope(name: WebhookName, fields: Record<string, unknown>, opts: EnvelopeOptions = {}): Record<string, unknown> {
    const operatorCode = opts.operatorCode ?? this.opts.operatorCode;
    const requestTime = opts.requestTime ?? this.requestTime();
    return {
      operator_code: operatorCode,
      request_time: requestTime,
      sign: opts.sign ?? this.sign(name, requestTime, operatorCode),
      ...fields,
      ...opts.extra,
    };
  }

  /** One transaction object with every field of §1.2 (the five amounts always present, as G10 expects). */
  transaction(tx: TxInput): Record<string, unknown> {
    const action = tx.action.toUpperCase();
    let amount = toUnits(tx.amount);
    if (DEBIT_ACTIONS.has(action)) {
      const magnitude = amount < 0n ? -amount : amount;
      amount = this.opts.debitAmountSign === "positive" ? magnitude : -magnitude;
    }
    const magnitude = amount < 0n ? -amount : amount;
    const isDebit = DEBIT_ACTIONS.has(action);
    const isSettle = SETTLING_ACTIONS.has(action);
    const nowS = Math.floor(this.now() / 1000);
    const out: Record<string, unknown> = {
      id: tx.id ?? this.newId(),
      action: tx.action,
      amount: this.amount(amount),
      wager_code: tx.wager_code ?? "",
      wager_status: tx.wager_status ?? defaultStatus(action),
      wager_type: tx.wager_type ?? "NORMAL",
      round_id: tx.round_id ?? tx.wager_code ?? "",
      game_code: tx.game_code ?? "",
      channel_code: tx.channel_code ?? "gscp",
      bet_amount: this.amount(tx.bet_amount ?? (isDebit && action !== "TIP" ? magnitude : 0n)),
      valid_bet_amount: this.amount(tx.valid_bet_amount ?? tx.bet_amount ?? (isDebit && action !== "TIP" ? magnitude : 0n)),
      prize_amount: this.amount(tx.prize_amount ?? (isSettle ? amount : !isDebit ? magnitude : 0n)),
      tip_amount: this.amount(tx.tip_amount ?? (action === "TIP" ? magnitude : 0n)),
      settled_at: tx.settled_at ?? (isDebit ? 0 : nowS),
      created_at: tx.created_at ?? nowS,
      payload: tx.payload ?? { provider_round: tx.round_id ?? tx.wager_code ?? "", simulator: true },
    };
    if (tx.game_type !== undefined) out.game_type = tx.game_type;
    return out;
  }

  element(el: ElementInput): Record<string, unknown> {
    const out: Record<string, unknown> = { member_account: el.member, product_code: el.product };
    if (el.gameType !== undefined) out.game_type = el.gameType;
    out.transactions = el.transactions.map((tx) => this.transaction(tx));
    return out;
  }

  balanceBody(currency: string, members: Array<{ member: string; product: number }>, opts?: EnvelopeOptions): Record<string, unknown> {
    return this.envelope(
      "balance",
      { currency, batch_requests: members.map((m) => ({ member_account: m.member, product_code: m.product })) },
      opts,
    );
  }

  walletBody(name: "withdraw" | "deposit", currency: string, elements: ElementInput[], opts?: EnvelopeOptions): Record<string, unknown> {
    return this.envelope(name, { currency, batch_requests: elements.map((el) => this.element(el)) }, opts);
  }

  pushBody(wagers: PushWagerInput[], opts?: EnvelopeOptions): Record<string, unknown> {
    const nowS = Math.floor(this.now() / 1000);
    return this.envelope(
      "pushbetdata",
      {
        wagers: wagers.map((w) => ({
          member_account: w.member_account,
          currency: w.currency ?? this.currencyOf(w.product_code),
          product_code: w.product_code,
          game_code: w.game_code ?? "",
          game_type: w.game_type ?? "",
          wager_code: w.wager_code,
          wager_type: w.wager_type ?? "NORMAL",
          wager_status: w.wager_status,
          round_id: w.round_id ?? w.wager_code,
          channel_code: w.channel_code ?? "gscp",
          bet_amount: this.amount(w.bet_amount ?? 0n),
          valid_bet_amount: this.amount(w.valid_bet_amount ?? w.bet_amount ?? 0n),
          prize_amount: this.amount(w.prize_amount ?? 0n),
          tip_amount: this.amount(w.tip_amount ?? 0n),
          created_at: w.created_at ?? nowS,
          settled_at: w.settled_at ?? (w.wager_status === "SETTLED" || w.wager_status === "RESETTLED" ? nowS : 0),
          ...(w.payload ? { payload: w.payload } : {}),
        })),
      },
      opts,
    );
  }

  // ---- sending ----------------------------------------------------------------------------------

  url(name: WebhookName): string {
    const base = typeof this.opts.callbackBaseUrl === "function" ? this.opts.callbackBaseUrl() : this.opts.callbackBaseUrl;
    return `${base.replace(/\/+$/, "")}/v1/api/seamless/${name}`;
  }

  /** Posts a body as it is (no re-signing) and reads the answer. Throws WebhookUnreachableError when nothing comes back. */
  async send<A = WalletAnswer>(name: WebhookName, body: Record<string, unknown>): Promise<WebhookCall<A>> {
    const url = this.url(name);
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new WebhookUnreachableError(`${url}: ${(err as Error).message}`, { cause: err });
    }
    const text = await response.text();
    let answer: A | undefined;
    try {
      answer = JSON.parse(text) as A;
    } catch {
      answer = undefined;
    }
    const call: WebhookCall<A> = { name, url, body, status: response.status, answer, text };
    this.record(call as WebhookCall<unknown>);
    return call;
  }

  /** The same body again, as the aggregator's retry does. */
  resend<A>(call: WebhookCall<A>): Promise<WebhookCall<A>> {
    return this.send<A>(call.name, call.body);
  }

  /** One body sent twice: one after the other, or both at once. */
  async sendTwice<A = WalletAnswer>(
    name: WebhookName,
    body: Record<string, unknown>,
    concurrent: boolean,
  ): Promise<[WebhookCall<A>, WebhookCall<A>]> {
    if (concurrent) return Promise.all([this.send<A>(name, body), this.send<A>(name, body)]);
    const first = await this.send<A>(name, body);
    return [first, await this.send<A>(name, body)];
  }

  // ---- scenarios --------------------------------------------------------------------------------

  /** Balance of one member, or of several (one batch element each, possibly of different products). */
  balance(currency: string, members: string | Array<{ member: string; product: number }>, product?: number, opts?: EnvelopeOptions) {
    const list = typeof members === "string" ? [{ member: members, product: product ?? 0 }] : members;
    return this.send("balance", this.balanceBody(currency, list, opts));
  }

  withdraw(currency: string, elements: ElementInput[], opts?: EnvelopeOptions) {
    return this.send("withdraw", this.walletBody("withdraw", currency, elements, opts));
  }

  deposit(currency: string, elements: ElementInput[], opts?: EnvelopeOptions) {
    return this.send("deposit", this.walletBody("deposit", currency, elements, opts));
  }

  /** One transaction for one member on the right endpoint (debits on /withdraw, the rest on /deposit). */
  one(target: RoundTarget, tx: Omit<TxInput, "id" | "wager_code" | "round_id" | "game_code">, opts?: EnvelopeOptions) {
    const action = tx.action.toUpperCase();
    const name = DEBIT_ACTIONS.has(action) ? "withdraw" : "deposit";
    const currency = target.currency ?? this.currencyOf(target.product);
    const element: ElementInput = {
      member: target.member,
      product: target.product,
      gameType: target.gameType ?? "SLOT",
      transactions: [
        {
          ...tx,
          id: target.id ?? this.newId(),
          wager_code: target.wagerCode ?? "",
          round_id: target.roundId ?? target.wagerCode ?? "",
          game_code: target.gameCode ?? "",
          game_type: target.gameType ?? "SLOT",
        },
      ],
    };
    return this.send(name, this.walletBody(name, currency, [element], opts));
  }

  /** A BET of `stake` (sent negative by default, §1.5). */
  bet(target: RoundTarget & { stake: Amount }, opts?: EnvelopeOptions) {
    return this.one(target, { action: "BET", amount: target.stake, wager_status: "BET" }, opts);
  }

  /** A SETTLED payout (0 for a lost wager) of the wager. */
  settle(target: RoundTarget & { win: Amount; stake?: Amount }, opts?: EnvelopeOptions) {
    return this.one(
      target,
      { action: "SETTLED", amount: target.win, wager_status: "SETTLED", prize_amount: target.win, bet_amount: target.stake ?? 0n },
      opts,
    );
  }

  /** A CANCEL returning the stake of the wager. */
  cancel(target: RoundTarget & { stake: Amount }, opts?: EnvelopeOptions) {
    return this.one(
      target,
      { action: "CANCEL", amount: target.stake, wager_status: "VOID", prize_amount: 0n, bet_amount: target.stake },
      opts,
    );
  }

  /** A ROLLBACK of a settlement: a signed amount (negative takes the payout back). */
  rollback(target: RoundTarget & { amount: Amount }, opts?: EnvelopeOptions) {
    return this.one(target, { action: "ROLLBACK", amount: target.amount, wager_status: "BET", prize_amount: 0n }, opts);
  }

  /** A RESETTLED correction: a signed amount, which may exceed the balance (§3.1). */
  resettle(target: RoundTarget & { amount: Amount; prize?: Amount }, opts?: EnvelopeOptions) {
    return this.one(
      target,
      { action: "RESETTLED", amount: target.amount, wager_status: "RESETTLED", prize_amount: target.prize ?? 0n },
      opts,
    );
  }

  /** A credit with no bet behind it: BONUS, PROMO, JACKPOT, LEADERBOARD or FREEBET. */
  credit(
    action: "BONUS" | "PROMO" | "JACKPOT" | "LEADERBOARD" | "FREEBET",
    target: RoundTarget & { amount: Amount },
    opts?: EnvelopeOptions,
  ) {
    return this.one(
      target,
      { action, amount: target.amount, wager_status: action === "BONUS" ? "BONUS" : "SETTLED", prize_amount: target.amount },
      opts,
    );
  }

  /** A whole round: BET then SETTLED with the same wager code. */
  async round(target: RoundTarget & { stake: Amount; win: Amount }) {
    const wagerCode = target.wagerCode ?? this.newWagerCode();
    const bet = await this.bet({ ...target, wagerCode, id: undefined });
    const settle = await this.settle({ ...target, wagerCode, id: undefined });
    return { wagerCode, bet, settle };
  }

  /** Out of order: the SETTLED arrives before its BET. */
  async settleBeforeBet(target: RoundTarget & { stake: Amount; win: Amount }) {
    const wagerCode = target.wagerCode ?? this.newWagerCode();
    const settle = await this.settle({ ...target, wagerCode, id: undefined });
    const bet = await this.bet({ ...target, wagerCode, id: undefined });
    return { wagerCode, settle, bet };
  }

  /** A CANCEL for a wager whose BET comes only afterwards. */
  async cancelBeforeBet(target: RoundTarget & { stake: Amount }) {
    const wagerCode = target.wagerCode ?? this.newWagerCode();
    const cancel = await this.cancel({ ...target, wagerCode, id: undefined });
    const bet = await this.bet({ ...target, wagerCode, id: undefined });
    return { wagerCode, cancel, bet };
  }

  /** BET then its CANCEL. */
  async cancelAfterBet(target: RoundTarget & { stake: Amount }) {
    const wagerCode = target.wagerCode ?? this.newWagerCode();
    const bet = await this.bet({ ...target, wagerCode, id: undefined });
    const cancel = await this.cancel({ ...target, wagerCode, id: undefined });
    return { wagerCode, bet, cancel };
  }

  /** One /withdraw carrying a BET for each of several members (one batch element each). */
  multiMemberBets(
    product: number,
    bets: Array<{ member: string; stake: Amount; wagerCode?: string }>,
    currency = this.currencyOf(product),
  ) {
    return this.withdraw(
      currency,
      bets.map((b) => {
        const wagerCode = b.wagerCode ?? this.newWagerCode();
        return {
          member: b.member,
          product,
          gameType: "SLOT",
          transactions: [
            { action: "BET", amount: b.stake, wager_code: wagerCode, round_id: wagerCode, wager_status: "BET", game_type: "SLOT" },
          ],
        };
      }),
    );
  }

  pushBetData(wagers: PushWagerInput[], opts?: EnvelopeOptions) {
    return this.send<PushAnswer>("pushbetdata", this.pushBody(wagers, opts));
  }

  /** WBet (1040) pays winnings only by push bet data (§3.4): a SETTLED push with a prize. */
  wbetSettledPush(target: { member: string; wagerCode: string; stake: Amount; prize: Amount; currency?: string }, opts?: EnvelopeOptions) {
    return this.pushBetData(
      [
        {
          member_account: target.member,
          product_code: 1040,
          currency: target.currency ?? this.currencyOf(1040),
          game_type: "SPORT_BOOK",
          game_code: "",
          wager_code: target.wagerCode,
          wager_status: "SETTLED",
          bet_amount: target.stake,
          prize_amount: target.prize,
        },
      ],
      opts,
    );
  }

  // ---- the wager book ---------------------------------------------------------------------------

  /** Puts the wagers an operator accepted (code 0 or 1003) into the wager book. */
  private record(call: WebhookCall<unknown>): void {
    const book = this.opts.wagers;
    if (!book || call.status !== 200 || !call.answer) return;
    const now = this.now();
    if (call.name === "pushbetdata") {
      if ((call.answer as PushAnswer).code !== 0) return;
      for (const w of (call.body.wagers as Array<Record<string, unknown>>) ?? []) {
        book.upsert(
          {
            ...(w as Partial<Record<string, unknown>>),
            wager_code: String(w.wager_code),
            bet_amount: numberOf(w.bet_amount),
            valid_bet_amount: numberOf(w.valid_bet_amount),
            prize_amount: numberOf(w.prize_amount),
            tip_amount: numberOf(w.tip_amount),
          } as Parameters<WagerBook["upsert"]>[0],
          now,
        );
      }
      return;
    }
    if (call.name === "balance") return;
    const rows = (call.answer as WalletAnswer).data ?? [];
    const elements = (call.body.batch_requests as Array<Record<string, unknown>>) ?? [];
    elements.forEach((el, i) => {
      const row = rows[i];
      if (!row || (row.code !== 0 && row.code !== 1003)) return;
      for (const tx of (el.transactions as Array<Record<string, unknown>>) ?? []) {
        const wagerCode = typeof tx.wager_code === "string" ? tx.wager_code : "";
        if (wagerCode === "") continue;
        const action = String(tx.action).toUpperCase();
        const existing = book.get(wagerCode);
        const fields: Parameters<WagerBook["upsert"]>[0] = {
          wager_code: wagerCode,
          member_account: String(el.member_account),
          currency: String(call.body.currency),
          product_code: Number(el.product_code),
          game_code: String(tx.game_code ?? ""),
          game_type: String(tx.game_type ?? el.game_type ?? ""),
          wager_type: String(tx.wager_type ?? "NORMAL"),
          round_id: String(tx.round_id ?? ""),
          channel_code: String(tx.channel_code ?? "gscp"),
        };
        // A late BET does not take a wager that is already settled or void back to BET.
        if (!(DEBIT_ACTIONS.has(action) && existing && existing.wager_status !== "BET"))
          fields.wager_status = String(tx.wager_status ?? "");
        if (DEBIT_ACTIONS.has(action) && action !== "TIP") {
          fields.bet_amount = numberOf(tx.bet_amount);
          fields.valid_bet_amount = numberOf(tx.valid_bet_amount);
        }
        if (action === "TIP") fields.tip_amount = numberOf(tx.tip_amount);
        if (SETTLING_ACTIONS.has(action) || action === "CANCEL" || action === "ROLLBACK") {
          fields.prize_amount = numberOf(tx.prize_amount);
          fields.settled_at = Number(tx.settled_at ?? 0);
        }
        book.upsert(fields, now);
      }
    });
  }
}

function defaultStatus(action: string): string {
  if (DEBIT_ACTIONS.has(action)) return "BET";
  if (action === "CANCEL") return "VOID";
  if (action === "RESETTLED") return "RESETTLED";
  if (action === "BONUS") return "BONUS";
  return "SETTLED";
}

function numberOf(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "") return unitsToNumber(toUnits(value));
  return 0;
}
