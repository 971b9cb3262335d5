import { applyPostings, checkPostings, type Posting, reversePostings } from "./posting.ts";
import {
  cashInBonus,
  cashInTurnover,
  checkAdjustmentAmount,
  DEFAULT_ADJUST_THRESHOLD,
  DEFAULT_CASHOUT_MIN,
  DEFAULT_TURNOVER_GAME_LIMIT,
  decideCashInRequest,
  decideCashOutRequest,
  decideTransferIn,
  decideTransferOut,
  MESSAGES,
  type MethodLimits,
  needsSecondOperator,
  type PromoTerms,
  type Refusal,
  refusal,
} from "./rules.ts";

/**
 * An in-memory model of the whole wallet: one double-entry ledger over player accounts
 * ("<userId>:main", "<userId>:game", "<userId>:hold") and house / external accounts
 * ("external:wallet:<method>", "house:promo", "house:adjustment"), driven by the pure rules.
 * Property tests run random operation sequences through it and compare it with the server.
 */
export type PlayerKind = "main" | "game" | "hold";
export const playerAccount = (userId: number, kind: PlayerKind): string => `${userId}:${kind}`;
export const isPlayerAccount = (account: string): boolean => /^\d+:/.test(account);

export type ModelOp =
  | { type: "transfer_in"; userId: number; amount: unknown }
  | { type: "transfer_out"; userId: number; amount: unknown }
  | { type: "cash_in_request"; userId: number; methodId: number; amount: unknown; lastSix: string; promo?: string }
  | { type: "cash_in_approve"; requestId: number }
  | { type: "cash_in_reject"; requestId: number }
  | { type: "cash_out_request"; userId: number; methodId: number; amount: unknown }
  | { type: "cash_out_approve"; requestId: number }
  | { type: "cash_out_reject"; requestId: number }
  | { type: "adjust"; userId: number; amount: unknown; operatorId: number }
  | { type: "adjust_confirm"; adjustmentId: number; operatorId: number }
  | { type: "reverse"; journalId: number };

export type ModelResult = { ok: true; journalId?: number; requestId?: number; adjustmentId?: number; pending?: boolean } | Refusal;

export interface ModelSettings {
  gameLimit: number;
  cashoutMin: number;
  requiresLevel2: boolean;
  adjustThreshold: number;
}

export interface ModelPlayer {
  level: number;
  turnover: number;
  hasTransferredIn: boolean;
}

interface ModelRequest {
  userId: number;
  kind: "in" | "out";
  methodId: number;
  amount: number;
  lastSix?: string;
  promo?: PromoTerms;
  status: "pending" | "approved" | "rejected";
  holdJournalId?: number;
}

interface ModelAdjustment {
  userId: number;
  amount: number;
  requestedBy: number;
  status: "pending" | "applied";
}

interface ModelJournal {
  id: number;
  entries: Posting<string>[];
  reversed: boolean;
}

export interface PlayerBalancesView {
  main: number;
  game: number;
  hold: number;
  turnover: number;
}

export class WalletModel {
  readonly balances = new Map<string, number>();
  readonly players = new Map<number, ModelPlayer>();
  readonly journals: ModelJournal[] = [];
  private readonly requests = new Map<number, ModelRequest>();
  private readonly adjustments = new Map<number, ModelAdjustment>();
  private readonly approvedDeposits = new Set<string>();
  private nextRequestId = 1;
  private nextAdjustmentId = 1;

  constructor(
    readonly methods: ReadonlyMap<number, MethodLimits>,
    readonly promos: ReadonlyMap<string, PromoTerms>,
    readonly settings: ModelSettings = {
      gameLimit: DEFAULT_TURNOVER_GAME_LIMIT,
      cashoutMin: DEFAULT_CASHOUT_MIN,
      requiresLevel2: true,
      adjustThreshold: DEFAULT_ADJUST_THRESHOLD,
    },
  ) {}

  addPlayer(userId: number, level = 1): void {
    this.players.set(userId, { level, turnover: 0, hasTransferredIn: false });
  }

  view(userId: number): PlayerBalancesView {
    return {
      main: this.balances.get(playerAccount(userId, "main")) ?? 0,
      game: this.balances.get(playerAccount(userId, "game")) ?? 0,
      hold: this.balances.get(playerAccount(userId, "hold")) ?? 0,
      turnover: this.players.get(userId)?.turnover ?? 0,
    };
  }

  /** Sum of every account: always 0 in a double-entry ledger. */
  total(): number {
    let sum = 0;
    for (const v of this.balances.values()) sum += v;
    return sum;
  }

  apply(op: ModelOp): ModelResult {
    switch (op.type) {
      case "transfer_in":
      case "transfer_out":
        return this.transfer(op.type, op.userId, op.amount);
      case "cash_in_request":
        return this.cashInRequest(op);
      case "cash_out_request":
        return this.cashOutRequest(op.userId, op.methodId, op.amount);
      case "cash_in_approve":
      case "cash_in_reject":
      case "cash_out_approve":
      case "cash_out_reject":
        return this.decide(op.requestId, op.type.startsWith("cash_in") ? "in" : "out", op.type.endsWith("approve"));
      case "adjust":
        return this.adjust(op.userId, op.amount, op.operatorId);
      case "adjust_confirm":
        return this.confirmAdjustment(op.adjustmentId, op.operatorId);
      case "reverse":
        return this.reverse(op.journalId);
    }
  }

  /** Posts a journal (all or nothing); returns its id or the refusal. */
  post(entries: Posting<string>[]): { ok: true; journalId: number } | Refusal {
    const problem = checkPostings(entries);
    if (problem) return refusal(400, "VALIDATION_FAILED", `Journal refused: ${problem}`);
    const applied = applyPostings(this.balances, entries, isPlayerAccount);
    if (!applied.ok) {
      const kind = applied.account.split(":")[1];
      return refusal(422, "INSUFFICIENT_FUNDS", kind === "game" ? MESSAGES.insufficientGame : MESSAGES.insufficientMain, {
        account: kind,
      });
    }
    this.balances.clear();
    for (const [k, v] of applied.balances) this.balances.set(k, v);
    const id = this.journals.length + 1;
    this.journals.push({ id, entries, reversed: false });
    return { ok: true, journalId: id };
  }

  private player(userId: number): ModelPlayer {
    const p = this.players.get(userId);
    if (!p) throw new Error(`unknown player ${userId}`);
    return p;
  }

  private transfer(type: "transfer_in" | "transfer_out", userId: number, amount: unknown): ModelResult {
    const p = this.player(userId);
    const v = this.view(userId);
    const state = { main: v.main, game: v.game, turnover: p.turnover, hasTransferredIn: p.hasTransferredIn };
    const d = type === "transfer_in" ? decideTransferIn(state, amount, this.settings.gameLimit) : decideTransferOut(state, amount);
    if (!d.ok) return d;
    const posted = this.post(d.value.map((e) => ({ account: playerAccount(userId, e.account), amount: e.amount })));
    if (!posted.ok) return posted;
    if (type === "transfer_in") p.hasTransferredIn = true;
    return posted;
  }

  private cashInRequest(op: Extract<ModelOp, { type: "cash_in_request" }>): ModelResult {
    this.player(op.userId);
    const hasPending = [...this.requests.values()].some((r) => r.userId === op.userId && r.kind === "in" && r.status === "pending");
    const bad = decideCashInRequest({ method: this.methods.get(op.methodId) ?? null, hasPending }, op.amount);
    if (bad) return bad;
    let promo: PromoTerms | undefined;
    if (op.promo !== undefined) {
      promo = this.promos.get(op.promo.trim().toUpperCase());
      if (!promo) return refusal(422, "INVALID_PROMO_CODE", "This promo code is not valid.");
    }
    const id = this.nextRequestId++;
    this.requests.set(id, {
      userId: op.userId,
      kind: "in",
      methodId: op.methodId,
      amount: op.amount as number,
      lastSix: op.lastSix,
      status: "pending",
      ...(promo ? { promo } : {}),
    });
    return { ok: true, requestId: id };
  }

  private cashOutRequest(userId: number, methodId: number, amount: unknown): ModelResult {
    const p = this.player(userId);
    const bad = decideCashOutRequest(
      {
        level: p.level,
        requiresLevel2: this.settings.requiresLevel2,
        minAmount: this.settings.cashoutMin,
        method: this.methods.get(methodId) ?? null,
      },
      amount,
    );
    if (bad) return bad;
    const a = amount as number;
    const posted = this.post([
      { account: playerAccount(userId, "main"), amount: -a },
      { account: playerAccount(userId, "hold"), amount: a },
    ]);
    if (!posted.ok) return posted;
    const id = this.nextRequestId++;
    this.requests.set(id, { userId, kind: "out", methodId, amount: a, status: "pending", holdJournalId: posted.journalId });
    return { ok: true, requestId: id, journalId: posted.journalId };
  }

  private decide(requestId: number, kind: "in" | "out", approve: boolean): ModelResult {
    const r = this.requests.get(requestId);
    if (!r || r.kind !== kind) return refusal(404, "NOT_FOUND", "Not found.");
    if (r.status !== "pending") return refusal(409, "ALREADY_DECIDED", `This request was already ${r.status}.`);
    const wallet = `external:wallet:${r.methodId}`;
    let result: ModelResult = { ok: true };
    if (kind === "in" && approve) {
      const dupKey = `${r.methodId}:${r.lastSix}:${r.amount}`;
      if (this.approvedDeposits.has(dupKey)) return refusal(409, "DUPLICATE", MESSAGES.duplicateDeposit);
      const bonus = r.promo ? cashInBonus(r.amount, r.promo.percent) : 0;
      const entries: Posting<string>[] = [
        { account: playerAccount(r.userId, "main"), amount: r.amount },
        { account: wallet, amount: -r.amount },
      ];
      if (bonus > 0) entries.push({ account: playerAccount(r.userId, "game"), amount: bonus }, { account: "house:promo", amount: -bonus });
      const posted = this.post(entries);
      if (!posted.ok) return posted;
      if (r.promo) {
        const p = this.player(r.userId);
        p.turnover = cashInTurnover(p.turnover, r.amount, bonus, r.promo.multiplier);
      }
      this.approvedDeposits.add(dupKey);
      result = posted;
    } else if (kind === "out") {
      const posted = approve
        ? this.post([
            { account: playerAccount(r.userId, "hold"), amount: -r.amount },
            { account: wallet, amount: r.amount },
          ])
        : this.reverse(r.holdJournalId ?? 0);
      if (!posted.ok) return posted;
      result = posted;
    }
    r.status = approve ? "approved" : "rejected";
    return result;
  }

  private adjust(userId: number, amount: unknown, operatorId: number): ModelResult {
    this.player(userId);
    const bad = checkAdjustmentAmount(amount);
    if (bad) return bad;
    const a = amount as number;
    const id = this.nextAdjustmentId++;
    // Running totals of the day (the model is one day): applied and pending, per player and per operator.
    let player = 0;
    let operator = 0;
    for (const adj of this.adjustments.values()) {
      if (adj.userId === userId) player += Math.abs(adj.amount);
      if (adj.requestedBy === operatorId) operator += Math.abs(adj.amount);
    }
    if (needsSecondOperator(Math.abs(a) + Math.max(player, operator), this.settings.adjustThreshold)) {
      this.adjustments.set(id, { userId, amount: a, requestedBy: operatorId, status: "pending" });
      return { ok: true, adjustmentId: id, pending: true };
    }
    const posted = this.postAdjustment(userId, a);
    if (!posted.ok) {
      this.nextAdjustmentId--;
      return posted;
    }
    this.adjustments.set(id, { userId, amount: a, requestedBy: operatorId, status: "applied" });
    return { ...posted, adjustmentId: id };
  }

  private confirmAdjustment(adjustmentId: number, operatorId: number): ModelResult {
    const adj = this.adjustments.get(adjustmentId);
    if (!adj) return refusal(404, "NOT_FOUND", "Not found.");
    if (adj.status !== "pending") return refusal(409, "ALREADY_DECIDED", "This adjustment was already decided.");
    if (adj.requestedBy === operatorId)
      return refusal(403, "SECOND_OPERATOR_REQUIRED", "A different operator must confirm this adjustment.");
    const posted = this.postAdjustment(adj.userId, adj.amount);
    if (!posted.ok) return posted;
    adj.status = "applied";
    return { ...posted, adjustmentId };
  }

  private postAdjustment(userId: number, amount: number): { ok: true; journalId: number } | Refusal {
    return this.post([
      { account: playerAccount(userId, "main"), amount },
      { account: "house:adjustment", amount: -amount },
    ]);
  }

  private reverse(journalId: number): ModelResult {
    const j = this.journals[journalId - 1];
    if (!j) return refusal(404, "NOT_FOUND", "Not found.");
    if (j.reversed) return refusal(409, "ALREADY_REVERSED", "This journal was already reversed.");
    const posted = this.post(reversePostings(j.entries));
    if (!posted.ok) return posted;
    j.reversed = true;
    return posted;
  }
}
