import { AppError } from "./errors.ts";

/**
 * A player's own money calls in this process, in front of the database (decision 0029): at most
 * `concurrency` of one player's calls run at a time (each holds a pooled connection, and they queue
 * on that player's row locks anyway); the others wait here, in memory and in arrival order, holding
 * no connection. So a burst of one player's requests holds at most `concurrency` connections, and
 * every other player still finds the pool free.
 *
 * Beyond `maxWaiting` calls waiting for one player, a call is refused at once (429 RATE_LIMITED);
 * a call that waited `maxWaitMs` without its turn is refused then (503 BUSY). A refused call ran
 * nothing, so its Idempotency-Key stays unused and a retry is answered as the first try would be.
 */
export interface PlayerQueueOptions {
  /** How many of one player's calls may run at once in this process. */
  concurrency: number;
  /** How many more of one player's calls may wait for their turn; beyond that 429. */
  maxWaiting: number;
  /** How long a call may wait for its turn; then 503. */
  maxWaitMs: number;
}

/** What became of a call that could not start at once: it waited, or was refused (queue full, waited too long). */
export type PlayerQueueOutcome = "queued" | "full" | "timeout";

export interface PlayerQueueLoad {
  /** Calls running now. */
  running: number;
  /** Calls waiting for their turn. */
  waiting: number;
}

export interface PlayerQueue {
  /** Runs `work` in the player's turn; throws 429 or 503 (having run nothing) when it cannot have one. */
  run<T>(userId: number, work: () => Promise<T>): Promise<T>;
  /** One player's calls now. */
  load(userId: number): PlayerQueueLoad;
  /** Every player's calls now, summed, and how many players have calls waiting. */
  total(): PlayerQueueLoad & { players: number };
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

interface Line {
  running: number;
  waiting: Waiter[];
}

export function createPlayerQueue(opts: PlayerQueueOptions, told: (outcome: PlayerQueueOutcome) => void = () => {}): PlayerQueue {
  const concurrency = Math.max(1, opts.concurrency);
  const lines = new Map<number, Line>();

  function finished(userId: number, line: Line): void {
    const next = line.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      // The slot passes to the next call as it is: `running` stays the same.
      next.start();
      return;
    }
    line.running--;
    if (line.running === 0) lines.delete(userId);
  }

  async function inTurn<T>(userId: number, line: Line, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      finished(userId, line);
    }
  }

  return {
    run(userId, work) {
      let line = lines.get(userId);
      if (!line) {
        line = { running: 0, waiting: [] };
        lines.set(userId, line);
      }
      const own = line;
      if (own.running < concurrency && own.waiting.length === 0) {
        own.running++;
        return inTurn(userId, own, work);
      }
      if (own.waiting.length >= opts.maxWaiting) {
        told("full");
        return Promise.reject(tooMany());
      }
      told("queued");
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          start: () => {
            inTurn(userId, own, work).then(resolve, reject);
          },
          timer: setTimeout(() => {
            const at = own.waiting.indexOf(waiter);
            if (at >= 0) own.waiting.splice(at, 1);
            told("timeout");
            reject(waitedTooLong());
          }, opts.maxWaitMs),
        };
        own.waiting.push(waiter);
      });
    },
    load(userId) {
      const line = lines.get(userId);
      return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
    },
    total() {
      let running = 0;
      let waiting = 0;
      let players = 0;
      for (const line of lines.values()) {
        running += line.running;
        waiting += line.waiting.length;
        if (line.waiting.length > 0) players++;
      }
      return { running, waiting, players };
    },
  };
}

function tooMany(): AppError {
  return new AppError(429, "RATE_LIMITED", "Too many requests at once. Please wait for the ones sent to finish.", { retry_after: 1 });
}

function waitedTooLong(): AppError {
  return new AppError(503, "BUSY", "Service is busy. Please try again shortly.", { retry_after: 1 });
}
