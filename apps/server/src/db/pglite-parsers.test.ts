import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { bigint, boolean, date, integer, interval, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { drizzleClientOf } from "./pglite-parsers.ts";

/**
 * The embedded database's Drizzle client without per-query parsers (pglite-parsers.ts) must read
 * every value exactly as Drizzle on a plain PGlite does: typed selects, raw statements, inside
 * transactions, timestamps and dates and intervals and their arrays included.
 */
const sample = pgTable("parser_sample", {
  id: integer("id").primaryKey(),
  at: timestamp("at", { withTimezone: true, mode: "date" }),
  atText: timestamp("at_text", { withTimezone: true, mode: "string" }),
  local: timestamp("local", { mode: "date" }),
  day: date("day", { mode: "string" }),
  dayDate: date("day_date", { mode: "date" }),
  span: interval("span"),
  amount: numeric("amount"),
  big: bigint("big", { mode: "number" }),
  flag: boolean("flag"),
  meta: jsonb("meta"),
  tags: text("tags").array(),
  amounts: numeric("amounts").array(),
  times: timestamp("times", { withTimezone: true, mode: "string" }).array(),
  locals: timestamp("locals", { mode: "string" }).array(),
  spans: interval("spans").array(),
  days: date("days", { mode: "string" }).array(),
});

const CREATE = `create table parser_sample (
  id integer primary key, at timestamptz, at_text timestamptz, local timestamp, day date, day_date date, span interval,
  amount numeric, big bigint, flag boolean, meta jsonb, tags text[], amounts numeric[], times timestamptz[],
  locals timestamp[], spans interval[], days date[])`;
const ROWS = `insert into parser_sample values
  (1, '2026-11-25 06:30:00.123456+00', '2026-11-25 06:30:00+06:30', '2026-11-25 13:00:00', '2026-11-25', '2026-02-28',
   '1 day 02:03:04', 12345.678, 9007199254740991, true, '{"a":[1,"x"]}', '{a,"b c",NULL}', '{1.5,NULL,3}',
   '{"2026-01-01 00:00:00+00",NULL}', '{"2026-01-01 10:00:00"}', '{"01:00:00","-2 days"}', '{2026-12-31,NULL}'),
  (2, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null)`;

describe("PGlite without per-query parsers reads as Drizzle on a plain PGlite", () => {
  let plainClient: PGlite;
  let ownClient: PGlite;
  let plain: ReturnType<typeof drizzle>;
  let own: ReturnType<typeof drizzle>;
  const spy = vi.fn<(options: QueryOptions | undefined) => void>();

  beforeAll(async () => {
    plainClient = await PGlite.create();
    ownClient = await PGlite.create();
    for (const c of [plainClient, ownClient]) {
      await c.exec("set timezone = 'Asia/Yangon'");
      await c.exec(CREATE);
      await c.exec(ROWS);
    }
    const query = ownClient.query.bind(ownClient);
    ownClient.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
      spy(options);
      return query(text, params, options);
    }) as PGlite["query"];
    plain = drizzle({ client: plainClient });
    own = drizzle({ client: drizzleClientOf(ownClient) });
  });
  afterAll(async () => {
    await plainClient.close();
    await ownClient.close();
  });

  it("typed selects, raw statements and transactions answer the same values", async () => {
    const read = async (db: ReturnType<typeof drizzle>) => ({
      typed: await db.select().from(sample).orderBy(sample.id),
      raw: (await db.execute(sql`select *, now() - now() as zero, array[now()::date] as today from parser_sample order by id`)).rows,
      inTx: await db.transaction(async (tx) => ({
        typed: await tx.select().from(sample).orderBy(sample.id),
        raw: (await tx.execute(sql`select at, span, days from parser_sample order by id`)).rows,
      })),
    });
    const expected = await read(plain);
    const got = await read(own);
    expect(got).toEqual(expected);
    // The values are really read (not both empty or both null).
    expect(expected.typed[0]?.at).toEqual(new Date("2026-11-25T06:30:00.123Z"));
    // (Drizzle reads a NULL inside a date array as the text "NULL" on PGlite; the same either way.)
    expect(expected.typed[0]?.days).toEqual(["2026-12-31", "NULL"]);
    expect(expected.typed[0]?.span).toBe("1 day 02:03:04");
  });

  it("sends Drizzle's queries without parsers, and keeps parsers it does not know", async () => {
    spy.mockClear();
    await own.select().from(sample);
    await own.execute(sql`select 1`);
    expect(spy).toHaveBeenCalledTimes(2);
    for (const [options] of spy.mock.calls) expect(options?.parsers).toBeUndefined();

    const other = drizzleClientOf(ownClient);
    spy.mockClear();
    const res = await other.query<{ v: string }>("select 'x'::text as v", [], { parsers: { 25: (v: string) => `${v}!` } });
    expect(spy.mock.calls[0]?.[0]?.parsers).toBeDefined();
    expect(res.rows[0]?.v).toBe("x!");
  });
});
