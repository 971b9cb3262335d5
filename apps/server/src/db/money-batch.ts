import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "./client.ts";

/**
 * Group commit for the one-call money paths (decision 0010, migration 0022). Calls of bet_place,
 * wallet_debit, wallet_credit, wallet_rollback and gsc_element (decision 0020) that arrive together go to the database as one
 * `money_batch(…)` statement: one round trip, one transaction, one commit for all of them, each call
 * still atomic on its own (a subtransaction each: a call that raises is undone alone). A caller is
 * answered only when the statement has returned, so after the commit that made its call durable.
 *
 * Calls go in lanes (a call names its lane; bets and wallet calls share one when none is named), and
 * the lanes run side by side. Within a lane, one batch at a time is in the database: calls that arrive
 * meanwhile wait for the next one, so batches grow with the load by themselves. When a batch comes
 * back, that next one is sent before its callers are answered (decision 0014), so the database works
 * while the server writes the answers. The first call after a quiet moment waits at most `windowMs`
 * for company; a batch never holds more than `maxCalls` calls (64: more subtransactions than a
 * PostgreSQL backend keeps in its cache would slow every snapshot).
 *
 * A lane's calls may also name a part (wallet calls: the player id's parity, decision 0012) when calls
 * of different parts lock no row in common. Under load, when every part has at least `splitAt` calls
 * waiting, each part goes in a batch of its own and those batches are in the database side by side; a
 * part whose batch is back sends its next one while the others are still out, once it again has
 * `splitAt` calls waiting. Below that the lane sends one batch for all its parts, as a lane without
 * parts does: a batch costs the database a commit and a statement whatever its size, so small batches
 * side by side cost more than they save. A call may name a smaller split size for its part (GSC+
 * elements can, MONEY_BATCH_GSC_SPLIT_AT): a part goes alone once its waiting calls reach the smallest
 * size they name. Two batches that met on a row anyway would queue on each other; a call that waits more
 * than 2 ms for a lock is sent back to its caller's general path (55P03).
 */
export type MoneyFunction = "bet_place" | "wallet_debit" | "wallet_credit" | "wallet_rollback" | "gsc_element";

export interface MoneyCall {
  fn: MoneyFunction;
  /** The function's arguments in order, as JSON values (arrays for array arguments, an object for jsonb). */
  args: readonly unknown[];
  /** The lane whose batches carry the call (DEFAULT_LANE when not named). */
  lane?: string;
  /** The part of its lane (0 when not named): calls of different parts must lock no row in common. */
  part?: number;
  /**
   * From how many calls waiting the call's part may go in a batch of its own (the batcher's `splitAt`
   * when not named); a part's smallest such figure among its waiting calls counts.
   */
  splitAt?: number;
}

/** The lane of calls that name none. */
export const DEFAULT_LANE = "money";

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
  /** A lane's parts go in batches of their own only when each has at least this many calls waiting (default 8). */
  splitAt?: number;
  /**
   * In how many parts, by player id, the provider wallet calls go in their lane (wallet-one-call.ts);
   * 1: they share the bets' lane. The embedded database runs one statement at a time, so it uses one.
   */
  walletLanes: number;
  /**
   * Whether a lane sends its next batch before the callers of the batch that came back are answered
   * (default true): on PostgreSQL the database then works on it while the server writes the answers.
   * The embedded database runs on the server's own thread, so there the answers go first.
   */
  nextBatchFirst?: boolean;
}

export interface MoneyBatchStats {
  batches: number;
  calls: number;
  /** The largest batch sent. */
  largest: number;
  /** The most batches that were in the database at once. */
  mostAtOnce: number;
  /** Batches that carried one part of a lane of several while another part's batch could be out. */
  split: number;
  /** Calls sent per lane. */
  lanes: Record<string, number>;
}

export interface MoneyBatcher {
  /** Runs one call in the next batch; answers the function's row, or throws what the call raised. */
  run(call: MoneyCall): Promise<Record<string, unknown>>;
  stats(): MoneyBatchStats;
  /** Resolves when no batch is waiting or in the database, and every caller of a batch that came back is answered. */
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

/** The calls waiting (in arrival order), the parts of the batches in the database, the window's timer. */
interface Lane {
  pending: Pending[];
  /** How many of the waiting calls each part has. */
  waiting: Map<number, number>;
  /** How many batches of the lane are in the database. */
  out: number;
  /** The parts those batches hold. */
  busy: Set<number>;
  timer: NodeJS.Timeout | undefined;
}

type BatchRow = { out_index: number; out_row: unknown; out_state: string | null; out_message: string | null };

export const DEFAULT_SPLIT_AT = 8;

export function createMoneyBatcher(db: Executor, opts: MoneyBatchOptions): MoneyBatcher {
  const lanes = new Map<string, Lane>();
  const stats: MoneyBatchStats = { batches: 0, calls: 0, largest: 0, mostAtOnce: 0, split: 0, lanes: {} };
  const splitAt = Math.max(1, opts.splitAt ?? DEFAULT_SPLIT_AT);
  let atOnce = 0;
  /** Batches back from the database whose callers are still to be answered. */
  let answering = 0;
  const partOf = (p: Pending) => p.call.part ?? 0;
  const splitAtOf = (p: Pending) => Math.max(1, Math.min(splitAt, p.call.splitAt ?? splitAt));
  /** Whether a part's waiting calls are enough for a batch of their own: as many as the smallest split size they name. */
  const enough = (list: readonly Pending[]) => list.length >= Math.min(...list.map(splitAtOf));

  function laneNamed(name: string): Lane {
    let lane = lanes.get(name);
    if (!lane) {
      lane = { pending: [], waiting: new Map(), out: 0, busy: new Set(), timer: undefined };
      lanes.set(name, lane);
    }
    return lane;
  }

  /** Calls waiting per part, in arrival order. */
  function waitingByPart(lane: Lane): Map<number, Pending[]> {
    const byPart = new Map<number, Pending[]>();
    for (const p of lane.pending) {
      const part = partOf(p);
      const list = byPart.get(part);
      if (list) list.push(p);
      else byPart.set(part, [p]);
    }
    return byPart;
  }

  /** After a call arrived: a quiet lane waits `windowMs` for company; a lane with batches out waits for them. */
  function arrived(lane: Lane, part: number): void {
    if (lane.out === 0) {
      if (lane.pending.length >= opts.maxCalls) pump(lane);
      else if (!lane.timer) {
        lane.timer = opts.windowMs > 0 ? setTimeout(() => pump(lane), opts.windowMs) : (setImmediate(() => pump(lane)) as never);
      }
      return;
    }
    // Another part's batch is out and this part is free: it goes once it has enough for a batch of its own.
    if (lane.busy.has(part)) return;
    const waiting = lane.waiting.get(part) ?? 0;
    if (waiting >= splitAt || enough(lane.pending.filter((p) => partOf(p) === part))) pump(lane);
  }

  /** Sends what the lane may send now: one batch for every part, a batch per part, or nothing. */
  function pump(lane: Lane): void {
    if (lane.timer) {
      clearTimeout(lane.timer);
      clearImmediate(lane.timer as never);
      lane.timer = undefined;
    }
    if (lane.pending.length === 0) return;
    const byPart = waitingByPart(lane);
    if (lane.out === 0) {
      const lists = [...byPart.values()];
      if (lists.length < 2 || lists.some((list) => !enough(list))) {
        send(lane, lane.pending.slice(0, opts.maxCalls), false);
        return;
      }
    }
    for (const [part, list] of byPart) {
      if (lane.busy.has(part) || (lane.out > 0 && !enough(list))) continue;
      send(lane, list.slice(0, opts.maxCalls), true);
    }
  }

  function send(lane: Lane, batch: Pending[], split: boolean): void {
    const taken = new Set(batch);
    lane.pending = lane.pending.filter((p) => !taken.has(p));
    const parts = new Set<number>();
    for (const p of batch) {
      const part = partOf(p);
      parts.add(part);
      lane.waiting.set(part, (lane.waiting.get(part) ?? 0) - 1);
    }
    for (const part of parts) lane.busy.add(part);
    lane.out++;
    stats.batches++;
    if (split) stats.split++;
    stats.calls += batch.length;
    stats.largest = Math.max(stats.largest, batch.length);
    atOnce++;
    stats.mostAtOnce = Math.max(stats.mostAtOnce, atOnce);
    void execute(batch, () => {
      atOnce--;
      lane.out--;
      for (const part of parts) lane.busy.delete(part);
      // Calls that came while this batch was in the database have waited long enough: what may go, goes now.
      pump(lane);
    });
  }

  /**
   * Runs one batch. `free` is called once the statement is back, before any caller is answered
   * (unless `nextBatchFirst` is false): the lane's next batch then goes to the database first, and the
   * database works on it while the server writes this batch's answers (answered on the next turn of
   * the event loop, after that send).
   */
  async function execute(batch: Pending[], free: () => void): Promise<void> {
    let rows: BatchRow[];
    try {
      const calls = `[${batch.map((p) => p.json).join(",")}]`;
      rows = rowsOf<BatchRow>(await db.execute(sql`select out_index, out_row, out_state, out_message from money_batch(${calls}::jsonb)`));
    } catch (err) {
      free();
      // The statement itself failed (the database went away…): no call of it is known to have committed.
      for (const p of batch) p.reject(err);
      return;
    }
    if (opts.nextBatchFirst === false) {
      answer(batch, rows);
      queueMicrotask(free);
      return;
    }
    answering++;
    try {
      free();
    } finally {
      setImmediate(() => {
        answering--;
        answer(batch, rows);
      });
    }
  }

  function answer(batch: Pending[], rows: BatchRow[]): void {
    const byIndex = new Map(rows.map((r) => [Number(r.out_index), r]));
    for (const [i, p] of batch.entries()) {
      const row = byIndex.get(i);
      if (!row) p.reject(new Error(`money_batch answered nothing for call ${i}`));
      else if (row.out_state !== null) p.reject(new MoneyCallError(row.out_state, row.out_message ?? row.out_state));
      else {
        try {
          const value = typeof row.out_row === "string" ? JSON.parse(row.out_row) : row.out_row;
          p.resolve((value ?? {}) as Record<string, unknown>);
        } catch (err) {
          p.reject(err);
        }
      }
    }
  }

  return {
    run(call) {
      const json = JSON.stringify({ fn: call.fn, a: call.args });
      if (NOT_JSONB.test(json)) {
        return new Promise((resolve, reject) => {
          void execute([{ call, json, resolve, reject }], () => {});
        });
      }
      const name = call.lane ?? DEFAULT_LANE;
      const key = call.part === undefined ? name : `${name}:${call.part}`;
      stats.lanes[key] = (stats.lanes[key] ?? 0) + 1;
      const lane = laneNamed(name);
      return new Promise((resolve, reject) => {
        const part = call.part ?? 0;
        lane.pending.push({ call, json, resolve, reject });
        lane.waiting.set(part, (lane.waiting.get(part) ?? 0) + 1);
        arrived(lane, part);
      });
    },
    stats: () => ({ ...stats, lanes: { ...stats.lanes } }),
    async drain() {
      for (;;) {
        const busy = [...lanes.values()].filter((lane) => lane.out > 0 || lane.pending.length > 0);
        if (busy.length === 0 && answering === 0) return;
        for (const lane of busy) if (lane.out === 0 && !lane.timer) pump(lane);
        await new Promise((r) => setTimeout(r, 1));
      }
    },
  };
}
