import {
  holidayImportResultSchema,
  type LotteryType,
  lotteryListSchema,
  movedDayResponseSchema,
  sectionResponseSchema,
} from "@shwe/contracts";
import { commitSeed, DEFAULT_SCHEDULES, newSeed, nextDraw, yangonDate } from "@shwe/domain";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, databaseUrlOf, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectErrorBody, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
import { sourcesFirst } from "./admin-games.service.ts";
import { bet, send, testScheduler } from "./lottery.test-helpers.ts";

const URL = "/api/admin/lottery/markets/SET/holidays";
const b64 = (text: string | Uint8Array) => Buffer.from(text).toString("base64");

describe("market holiday import", () => {
  let t: TestApp;
  let admin: TestUser;
  let operator: TestUser;
  let player: TestUser;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { publicCacheMs: 60_000 } });
    admin = await createUser(t, { role: "admin" });
    operator = await createUser(t, { role: "operator" });
    player = await createUser(t);
    await fund(t, player.id, 100_000);
  });
  afterAll(async () => t.close());

  const offDays = async (type: string) =>
    rowsOf<{ off: string[] }>(await t.ctx.db.execute(sql`select schedule->'off_days' as off from lottery_games where type = ${type}`))[0]
      ?.off;
  const importFile = (text: string | Uint8Array, apply: boolean, token = admin.token, file_name = "set.csv") =>
    send(t, "POST", URL, { token, body: { file_name, content_base64: b64(text), apply } });

  it("is for admins only: 401 for visitors, 403 for players and operators", async () => {
    const body = { content_base64: b64("2099-01-02,x\n"), apply: true };
    expectErrorBody(await send(t, "POST", URL, { body }), 401, "UNAUTHENTICATED");
    expectErrorBody(await send(t, "POST", URL, { token: player.token, body }), 403, "FORBIDDEN");
    expectErrorBody(await send(t, "POST", URL, { token: operator.token, body }), 403, "FORBIDDEN");
    expect(await offDays("2D")).toEqual([]);
  });

  it("refuses bad files naming the line, and changes nothing", async () => {
    const today = yangonDate(clock.now());
    const cases: [string | Uint8Array, string, number | undefined][] = [
      ["date,name\n2099-01-02,A\nnot a day,B\n", "NOT_A_DATE", 3],
      [new Uint8Array([...Buffer.from("2099-01-02,A\n2099-01-03,"), 0xff, 0xfe]), "FILE_ENCODING", 2],
      ["2099-01-02,x\n".repeat(6000), "FILE_TOO_LARGE", undefined],
      ["", "FILE_EMPTY", undefined],
      ["2099-01-02,A\n2099-01-02,B\n", "DUPLICATE_DATE", 2],
      [`${today},Today\n2000-01-03,Long ago\n`, "PAST_DATE", 2],
    ];
    for (const [text, code, line] of cases) {
      const res = await importFile(text, true);
      expectErrorBody(res, 422, code);
      const body = res.json() as { message: string; details?: unknown };
      if (line !== undefined) {
        expect(body.details).toEqual({ line });
        expect(body.message).toContain(`Line ${line}:`);
      }
    }
    expectErrorBody(
      await send(t, "POST", URL, { token: admin.token, body: { content_base64: "%%%", apply: false } }),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(
      await send(t, "POST", "/api/admin/lottery/markets/NYSE/holidays", { token: admin.token, body: { content_base64: "", apply: false } }),
      400,
      "VALIDATION_FAILED",
    );
    expect(await offDays("2D")).toEqual([]);
    expect(await offDays("1D")).toEqual([]);
  });

  it("previews, then applies the whole file to 2D and 1D in one go: draws removed or voided with refunds, audited; players see the next draw after the holiday", async () => {
    const scheduler = testScheduler(t);
    await scheduler.tick();
    const [target] = rowsOf<{ id: number; draw_at: string | Date }>(
      await t.ctx.db.execute(
        sql`select id, draw_at from draws where type = '2D' and status = 'open' and closes_at > now() + interval '1 minute' order by draw_at limit 1`,
      ),
    );
    if (!target) throw new Error("no open 2D draw");
    const holiday = yangonDate(new Date(target.draw_at));
    // The fair 1D draw at the same time takes its number from this 2D draw: voiding the 2D voids it too.
    const [derived] = rowsOf<{ id: number }>(
      await t.ctx.db.execute(
        sql`select o.id from draws o join draws s on s.draw_at = o.draw_at where s.id = ${target.id} and o.type = '1D'`,
      ),
    );
    if (!derived) throw new Error("no 1D draw at the 2D draw's time");
    const before = (await balancesOf(t, player.id)).balance;
    expect((await bet(t, player.token, "2D", target.id, [{ number: "42", amount: 1_000 }])).statusCode).toBe(201);
    const ics = [
      "BEGIN:VCALENDAR",
      "BEGIN:VEVENT",
      `DTSTART;VALUE=DATE:${holiday.replaceAll("-", "")}`,
      "SUMMARY:Exchange holiday",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "DTSTART;VALUE=DATE:20990105",
      "SUMMARY:Far away",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");

    const preview = holidayImportResultSchema.parse((await importFile(ics, false, admin.token, "set.ics")).json());
    expect(preview).toEqual({
      market: "SET",
      games: ["2D", "1D"],
      holidays: [
        { day: holiday, name: "Exchange holiday", line: 3, new_for: ["2D", "1D"], draws_with_bets: 1 },
        { day: "2099-01-05", name: "Far away", line: 7, new_for: ["2D", "1D"], draws_with_bets: 0 },
      ],
      applied: false,
      voided_draw_ids: [],
    });
    expect(await offDays("2D")).toEqual([]);

    const applied = holidayImportResultSchema.parse((await importFile(ics, true, admin.token, "set.ics")).json());
    expect(applied.applied).toBe(true);
    expect(applied.voided_draw_ids).toEqual([target.id]);
    expect(await offDays("2D")).toEqual([holiday, "2099-01-05"]);
    expect(await offDays("1D")).toEqual([holiday, "2099-01-05"]);
    expect((await balancesOf(t, player.id)).balance).toBe(before);
    const onHoliday = rowsOf<{ type: string; status: string }>(
      await t.ctx.db.execute(
        sql`select type, status from draws where type in ('2D', '1D') and (draw_at at time zone 'Asia/Yangon')::date = ${holiday}::date`,
      ),
    );
    expect(onHoliday).toEqual([{ type: "2D", status: "void" }]);
    const audit = rowsOf<{ action: string; target_id: string }>(
      await t.ctx.db.execute(sql`select action, target_id from audit_log where actor_id = ${admin.id} order by id`),
    );
    expect(audit.map((a) => [a.action, a.target_id])).toEqual([
      ["draw.void", String(derived.id)],
      ["draw.void", String(target.id)],
      ["lottery.off_day.import", "2D"],
      ["lottery.off_day.import", "1D"],
    ]);

    // Players: no draw of the holiday is offered, and the next draw is on a later day.
    await scheduler.tick();
    const sections = sectionResponseSchema.parse((await call(t, "GET", "/api/section")).json());
    expect(sections.data.length).toBeGreaterThan(0);
    expect(sections.data.some((d) => yangonDate(new Date(d.draw_at)) === holiday)).toBe(false);
    const list = lotteryListSchema.parse((await call(t, "GET", "/api/lottery/list")).json());
    const next2d = list.find((g) => g.type === "2D")?.next_draw_at;
    expect(next2d && yangonDate(new Date(next2d)) > holiday).toBe(true);

    // The same file again changes nothing more (days already off).
    const again = holidayImportResultSchema.parse((await importFile(ics, true, admin.token, "set.ics")).json());
    expect(again.holidays.map((h) => h.new_for)).toEqual([[], []]);
    expect(again.voided_draw_ids).toEqual([]);
    await expectLedgerClean(t);
  });

  it("voids a day's fair 2D draw and the 1D draw that takes its number when both have bets: each refunded, both for the holiday", async () => {
    // The fair 1D draw at the 2D draw's time shares its seed and commitment (its number is the 2D's last digit).
    const seed = newSeed();
    const commitment = await commitSeed(seed);
    const drawn = rowsOf<{ id: number; type: string; draw_at: string | Date }>(
      await t.ctx.db.execute(sql`
        insert into draws (type, draw_at, closes_at, status, odds, result_source, fair_seed_secret, fair_commitment)
        values ('2D', now() + interval '10 days', now() + interval '10 days' - interval '5 minutes', 'open', 85, 'fair', ${seed}, ${commitment}),
               ('1D', now() + interval '10 days', now() + interval '10 days' - interval '5 minutes', 'open', 9, 'fair', ${seed}, ${commitment})
        returning id, type, draw_at`),
    );
    const twoD = drawn.find((d) => d.type === "2D");
    const oneD = drawn.find((d) => d.type === "1D");
    if (!twoD || !oneD) throw new Error("draws not made");
    const before = (await balancesOf(t, player.id)).balance;
    expect((await bet(t, player.token, "2D", twoD.id, [{ number: "42", amount: 1_000 }])).statusCode).toBe(201);
    expect((await bet(t, player.token, "1D", oneD.id, [{ number: "2", amount: 500 }])).statusCode).toBe(201);

    const res = await importFile(`${yangonDate(new Date(twoD.draw_at))},Exchange holiday\n`, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(holidayImportResultSchema.parse(res.json()).voided_draw_ids).toEqual([oneD.id, twoD.id]);
    const reasons = rowsOf<{ id: number; status: string; void_reason: string | null }>(
      await t.ctx.db.execute(sql`select id, status, void_reason from draws where id in (${twoD.id}, ${oneD.id}) order by id`),
    );
    expect(reasons.map((r) => [r.status, r.void_reason])).toEqual([
      ["void", "Market holiday"],
      ["void", "Market holiday"],
    ]);
    expect((await balancesOf(t, player.id)).balance).toBe(before);
    await expectLedgerClean(t);
  });

  it("moves a 3D draw day: the Thai Government Lottery date becomes an off day, the moved date a draw day players see", async () => {
    const next = nextDraw(DEFAULT_SCHEDULES["3D"], clock.now());
    if (!next) throw new Error("no 3D draw ahead");
    const from = next.day;
    const to = new Date(Date.parse(`${from}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const url = "/api/admin/lottery/3D/moved-days";
    expectErrorBody(await send(t, "POST", url, { token: operator.token, body: { from, to } }), 403, "FORBIDDEN");
    expectErrorBody(await send(t, "POST", url, { token: admin.token, body: { from: to, to: from } }), 422, "NOT_A_DRAW_DAY");
    expectErrorBody(await send(t, "POST", url, { token: admin.token, body: { from: "2000-01-01", to } }), 422, "PAST_DATE");

    const res = await send(t, "POST", url, { token: admin.token, body: { from, to } });
    expect(res.statusCode).toBe(200);
    expect(movedDayResponseSchema.parse(res.json())).toMatchObject({ type: "3D", off_days: [from], extra_days: [to] });
    await testScheduler(t).tick();
    const days = rowsOf<{ day: string }>(
      await t.ctx.db.execute(
        sql`select to_char((draw_at at time zone 'Asia/Yangon')::date, 'YYYY-MM-DD') as day from draws where type = '3D' and status = 'open'`,
      ),
    ).map((r) => r.day);
    expect(days).toContain(to);
    expect(days).not.toContain(from);
    const list = lotteryListSchema.parse((await call(t, "GET", "/api/lottery/list")).json());
    const next3d = list.find((g) => g.type === "3D")?.next_draw_at;
    expect(next3d && yangonDate(new Date(next3d))).toBe(to);
    const later = nextDraw(DEFAULT_SCHEDULES["3D"], next.at)?.day ?? "";
    expectErrorBody(await send(t, "POST", url, { token: admin.token, body: { from: to, to: later } }), 422, "ALREADY_A_DRAW_DAY");
    expectErrorBody(await send(t, "POST", url, { token: admin.token, body: { from: to, to } }), 422, "SAME_DAY");
  });
});

describe("the lock order of several games", () => {
  it("puts a result source before the games whose numbers come from it (2D before 1D), as results and voids lock them", () => {
    const types: LotteryType[] = ["1D", "C1D", "3D", "2D", "C2D"];
    expect(types.sort(sourcesFirst)).toEqual(["2D", "3D", "C2D", "1D", "C1D"]);
  });
});

/**
 * A holiday import locks every waiting draw of 2D and 1D. A void or a result holds its 2D draw and
 * then locks the fair 1D draw at its time (voidDrawInTx, shareSeedWithDerivedDraws): an import that
 * locked the 1D draws first would wait on that 2D draw while holding the 1D draw the other wants.
 * PGlite runs one statement at a time, so this runs only with TEST_DATABASE_URL set.
 */
describe.skipIf(!onRealPostgres)("holiday import against a void in flight on real PostgreSQL (set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  let admin: TestUser;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await createUser(t, { role: "admin" });
  });
  afterAll(async () => t?.close());

  it("takes the 2D draws before the 1D draws: a transaction holding a 2D draw then locks its 1D draw without a deadlock", async () => {
    await testScheduler(t).tick();
    const [pair] = rowsOf<{ two_d: number; one_d: number }>(
      await t.ctx.db.execute(sql`
        select s.id as two_d, o.id as one_d from draws s join draws o on o.draw_at = s.draw_at and o.type = '1D'
        where s.type = '2D' and s.status = 'open' order by s.draw_at limit 1`),
    );
    if (!pair) throw new Error("no 2D and 1D draws at the same time");

    // What a void of the 2D draw does, held open between its two locks. It would find a deadlock
    // at once (10 ms) rather than after the server's second, so a wrong order fails here.
    const other = new pg.Client({ connectionString: await databaseUrlOf(t.database) });
    await other.connect();
    try {
      await other.query("set deadlock_timeout = '10ms'");
      await other.query("begin");
      await other.query("select id from draws where id = $1 for update", [pair.two_d]);

      const importing = send(t, "POST", URL, {
        token: admin.token,
        body: { file_name: "set.csv", content_base64: b64("2099-01-02,Exchange holiday\n"), apply: true },
      });
      // The import reaches the held 2D draw and waits for it.
      const waiting = async () =>
        rowsOf<{ n: number }>(
          await t.ctx.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          ),
        )[0]?.n ?? 0;
      for (let i = 0; (await waiting()) === 0; i++) {
        if (i > 500) throw new Error("the import never waited for the held 2D draw");
        await new Promise((r) => setTimeout(r, 10));
      }

      await other.query("select id from draws where id = $1 for update", [pair.one_d]);
      await other.query("commit");
      const res = await importing;
      expect(res.statusCode, res.body).toBe(200);
      expect(holidayImportResultSchema.parse(res.json()).applied).toBe(true);
    } finally {
      await other.end();
    }
    expect(
      rowsOf<{ off: string[] }>(await t.ctx.db.execute(sql`select schedule->'off_days' as off from lottery_games where type = '1D'`))[0]
        ?.off,
    ).toEqual(["2099-01-02"]);
  }, 30_000);
});
