import { yangonDate, yangonDayBounds } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { rowsOf } from "./client.ts";
import { yangonDayOf, yangonDayStart, yangonDaysStart } from "./yangon-day.ts";

/**
 * The SQL side of the Yangon day (db/yangon-day.ts) gives the answers the queries gave before it,
 * each its own way (`at time zone 'Asia/Yangon'`, `+ interval '390 minutes'`, a day start from
 * `date_trunc`), and the domain's `yangonDate` gives: on PGlite and on PostgreSQL, whatever the
 * session's time zone, on the instants where a day changes.
 */
describe("the Yangon day in SQL (one helper)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Yangon midnights around month and year ends, a leap day and ordinary days, ±1 ms and ±1 s, plus spread instants. */
  const instants = (): Date[] => {
    const days = ["2024-02-29", "2024-03-01", "2025-12-31", "2026-01-01", "2026-06-30", "2026-07-01", "2026-11-27", "2030-01-01"];
    const out: Date[] = [];
    for (const day of days) {
      const start = yangonDayBounds(day).start.getTime();
      for (const d of [-1_000, -1, 0, 1, 1_000, 43_200_000]) out.push(new Date(start + d));
    }
    let seed = 7;
    for (let i = 0; i < 200; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      out.push(new Date(Date.UTC(2020, 0, 1) + (seed / 2_147_483_648) * 15 * 365 * 86_400_000));
    }
    return out.map((d) => new Date(Math.floor(d.getTime())));
  };

  it("yangonDayOf names the same day as the old expressions and the domain, in any session time zone", async () => {
    const list = instants();
    const iso = list.map((d) => d.toISOString()).join(",");
    for (const zone of ["UTC", "Asia/Yangon", "America/New_York", "Pacific/Kiritimati"]) {
      const rows = await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local timezone = '${zone}'`));
        return rowsOf<{ i: number; helper: string; by_zone: string; by_offset: string; by_date: string }>(
          await tx.execute(sql`
            select i::int as i, ${yangonDayOf(sql`x`)} as helper,
                   to_char(x at time zone 'Asia/Yangon', 'YYYY-MM-DD') as by_zone,
                   to_char((x at time zone 'UTC') + interval '390 minutes', 'YYYY-MM-DD') as by_offset,
                   to_char((x at time zone 'Asia/Yangon')::date, 'YYYY-MM-DD') as by_date
              from unnest(string_to_array(${iso}, ',')::timestamptz[]) with ordinality as u(x, i)
             order by i`),
        );
      });
      expect(rows).toHaveLength(list.length);
      for (const r of rows) {
        const want = yangonDate(list[r.i - 1] as Date);
        expect([r.helper, r.by_zone, r.by_offset, r.by_date], `${zone} ${list[r.i - 1]?.toISOString()}`).toEqual([want, want, want, want]);
      }
    }
  });

  it("a day's start and the last n days' start from the server's instant equal the old date_trunc of that instant", async () => {
    const list = instants();
    const iso = list.map((d) => d.toISOString()).join(",");
    for (const days of [1, 2, 7, 31]) {
      const rows = rowsOf<{ i: number; start: Date | string }>(
        await t.ctx.db.execute(sql`
          select i::int as i,
                 (date_trunc('day', x at time zone 'Asia/Yangon') at time zone 'Asia/Yangon') - make_interval(days => ${days - 1}) as start
            from unnest(string_to_array(${iso}, ',')::timestamptz[]) with ordinality as u(x, i)
           order by i`),
      );
      expect(rows).toHaveLength(list.length);
      for (const r of rows) {
        const now = list[r.i - 1] as Date;
        expect(yangonDaysStart(now, days).getTime(), `${days} ${now.toISOString()}`).toBe(new Date(r.start).getTime());
      }
    }
    for (const now of list) {
      expect(yangonDayStart(now)).toEqual(yangonDaysStart(now, 1));
      expect(yangonDayStart(now).getTime()).toBeLessThanOrEqual(now.getTime());
      expect(now.getTime() - yangonDayStart(now).getTime()).toBeLessThan(86_400_000);
    }
  });
});
