import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isPoolTimeout } from "../../../db/unavailable.ts";
import { AppError } from "../../../lib/errors.ts";
import { retryWhenBusy } from "./wallet-transaction.ts";

/** node-postgres' pool, no connection free within its connectionTimeoutMillis. */
const poolTimeout = () => new Error("timeout exceeded when trying to connect");
/** The same, as a Drizzle query reports it (the pool's error as its cause). */
const wrappedPoolTimeout = () => new DrizzleQueryError("select id from users where user_code = $1 limit 1", ["X"], poolTimeout());

/** Runs retryWhenBusy to its end, its pauses between attempts skipped (fake timers). */
async function settle<T>(p: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const out = p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return out;
}

describe("retryWhenBusy: a wallet call the database was only too busy for is tried again", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("knows the pool's timeout bare and wrapped in the failed query's error", () => {
    expect(isPoolTimeout(poolTimeout())).toBe(true);
    expect(isPoolTimeout(wrappedPoolTimeout())).toBe(true);
    expect(isPoolTimeout(new DrizzleQueryError("select 1", [], new Error("syntax error")))).toBe(false);
    expect(isPoolTimeout("timeout exceeded when trying to connect")).toBe(false);
  });

  it("tries a query that timed out waiting for a connection again (Drizzle wraps the pool's error)", async () => {
    let attempts = 0;
    const work = async () => {
      attempts++;
      if (attempts < 3) throw wrappedPoolTimeout();
      return "answered";
    };
    expect(await settle(retryWhenBusy(work))).toEqual({ value: "answered" });
    expect(attempts).toBe(3);
  });

  it("gives up after three attempts when the pool served nobody meanwhile (the database is away), and at once on any other error", async () => {
    let attempts = 0;
    const stuck = await settle(
      retryWhenBusy(
        async () => {
          attempts++;
          throw wrappedPoolTimeout();
        },
        () => 7,
      ),
    );
    expect(isPoolTimeout(stuck.error)).toBe(true);
    expect(attempts).toBe(3);

    attempts = 0;
    const other = await settle(
      retryWhenBusy(async () => {
        attempts++;
        throw new Error("boom");
      }),
    );
    expect((other.error as Error).message).toBe("boom");
    expect(attempts).toBe(1);

    attempts = 0;
    const busy = await settle(
      retryWhenBusy(async () => {
        attempts++;
        throw new AppError(503, "BUSY", "busy");
      }),
    );
    expect((busy.error as AppError).code).toBe("BUSY");
    expect(attempts).toBe(3);
  });

  it("keeps trying a call that only waited behind others the pool was answering, until the burst has gone through", async () => {
    let served = 0;
    let attempts = 0;
    // Ten waits in vain while other calls' connections came back, then a connection.
    const work = async () => {
      attempts++;
      if (attempts <= 10) {
        served += 5;
        throw wrappedPoolTimeout();
      }
      return "answered";
    };
    expect(await settle(retryWhenBusy(work, () => served))).toEqual({ value: "answered" });
    expect(attempts).toBe(11);
  });

  it("still ends a wait behind others that never ends", async () => {
    let served = 0;
    let attempts = 0;
    const result = await settle(
      retryWhenBusy(
        async () => {
          attempts++;
          served++;
          throw wrappedPoolTimeout();
        },
        () => served,
      ),
    );
    expect(isPoolTimeout(result.error)).toBe(true);
    // Twelve more than a database that is away gets.
    expect(attempts).toBe(15);
  });
});
