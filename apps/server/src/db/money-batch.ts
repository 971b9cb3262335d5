import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "./client.ts";

/**
 * Group commit for the one-call money paths (decision 0010, migration 0022). Calls of bet_place,
 * wallet_debit, wallet_credit and wallet_rollback that arrive together go to the database as one
 * `money_batch(…)` statement: one round trip, one transaction, one commit for all of them, each call
 * still atomic on its own (a subtransaction each: a call that raises is undone alone). A caller is
 * answered only when the statement has returned, so after the commit that made its call durable.
 *
 * One batch at a time is in the database: calls that arrive meanwhile wait for the next one, so
 * batches grow with the load by themselves. The first call after a quiet moment
 * waits at most `windowMs` for company; a batch never holds more than `maxCalls` calls (64: more
 * subtransactions than a PostgreSQL backend keeps in its cache would slow every snapshot).
 */
export type MoneyFunction = "bet_place" | "wallet_debit" | "wallet_credit" | "wallet_rollback";

export interface MoneyCall {
  fn: MoneyFunction;
  /** The function's arguments in order, as JSON values (arrays for array arguments, an object for jsonb). */
  args: readonly unknown[];
}

/** What a call of the batch raised: its SQLSTATE as `code` (pgErrorCode reads it) and its message. */
export class MoneyCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "MoneyCallError";
  }
}

export interface MoneyBatchOptions {
  /** How long the first call after a quiet moment waits for others (0: until the current event-loop turn ends). */
  windowMs: number;
  /** The most calls in one batch. */
  maxCalls: number;
}

export interface MoneyBatchStats {
  batches: number;
  calls: number;
  /** The largest batch sent. */
  largest: number;
}

export interface MoneyBatcher {
  /** Runs one call in the next batch; answers the function's row, or throws what the call raised. */
  run(call: MoneyCall): Promise<Record<string, unknown>>;
  stats(): MoneyBatchStats;
  /** Resolves when no batch is waiting or in the database. */
  drain(): Promise<void>;
}

/**
 * Text jsonb refuses: a NUL (\u0000) or a lone surrogate (JSON.stringify writes those as \udXXX;
 * a well-formed pair is written as is). Inputs are refused before they get here; a call that still
 * carries one goes in a statement of its own, so that it can only fail itself.
 */
const NOT_JSONB = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i;

interface Pending {
  call: MoneyCall;
  /** The call as sent: {"fn": …, "a": […]}. */
  json: string;
  resolve: (row: Record<string, unknown>) => void;
  reject: (err: unknown) => void;
}

/** The calls waiting, the batch in the database, the window's timer. */
interface Lane {
  pending: Pending[];
  inFlight: Promise<void> | undefined;
  timer: NodeJS.Timeout | undefined;
}

type BatchRow = { out_index: number; out_row: unknown; out_state: string | null; out_message: string | null };

export function createMoneyBatcher(db: Executor, opts: MoneyBatchOptions): MoneyBatcher {
  const lane: Lane = { pending: [], inFlight: undefined, timer: undefined };
  const stats: MoneyBatchStats = { batches: 0, calls: 0, largest: 0 };

  function schedule(lane: Lane): void {
    if (lane.inFlight || lane.timer) return;
    if (lane.pending.length >= opts.maxCalls) {
      send(lane);
      return;
    }
    lane.timer = opts.windowMs > 0 ? setTimeout(() => send(lane), opts.windowMs) : (setImmediate(() => send(lane)) as never);
  }

  function send(lane: Lane): void {
    if (lane.timer) {
      clearTimeout(lane.timer);
      clearImmediate(lane.timer as never);
      lane.timer = undefined;
    }
    if (lane.inFlight || lane.pending.length === 0) return;
    const batch = lane.pending.splice(0, opts.maxCalls);
    stats.batches++;
    stats.calls += batch.length;
    stats.largest = Math.max(stats.largest, batch.length);
    lane.inFlight = execute(batch).finally(() => {
      lane.inFlight = undefined;
      // Calls that came while this batch was in the database have waited long enough: the next batch goes now.
      if (lane.pending.length > 0) send(lane);
    });
  }

  async function execute(batch: Pending[]): Promise<void> {
    let rows: BatchRow[];
    try {
      const calls = `[${batch.map((p) => p.json).join(",")}]`;
      rows = rowsOf<BatchRow>(await db.execute(sql`select out_index, out_row, out_state, out_message from money_batch(${calls}::jsonb)`));
    } catch (err) {
      // The statement itself failed (the database went away…): no call of it is known to have committed.
      for (const p of batch) p.reject(err);
      return;
    }
    const byIndex = new Map(rows.map((r) => [Number(r.out_index), r]));
    for (const [i, p] of batch.entries()) {
      const row = byIndex.get(i);
      if (!row) p.reject(new Error(`money_batch answered nothing for call ${i}`));
      else if (row.out_state !== null) p.reject(new MoneyCallError(row.out_state, row.out_message ?? row.out_state));
      else {
        const value = typeof row.out_row === "string" ? JSON.parse(row.out_row) : row.out_row;
        p.resolve((value ?? {}) as Record<string, unknown>);
      }
    }
  }

  return {
    run(call) {
      const json = JSON.stringify({ fn: call.fn, a: call.args });
      if (NOT_JSONB.test(json)) {
        return new Promise((resolve, reject) => {
          void execute([{ call, json, resolve, reject }]);
        });
      }
      return new Promise((resolve, reject) => {
        lane.pending.push({ call, json, resolve, reject });
        if (lane.pending.length >= opts.maxCalls && !lane.inFlight) send(lane);
        else schedule(lane);
      });
    },
    stats: () => ({ ...stats }),
    async drain() {
      while (lane.inFlight || lane.pending.length > 0) {
        if (!lane.inFlight && !lane.timer) send(lane);
        await (lane.inFlight ?? new Promise((r) => setTimeout(r, 1)));
      }
    },
  };
}
