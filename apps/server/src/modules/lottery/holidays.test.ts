import { holidayImportResultSchema, lotteryListSchema, movedDayResponseSchema, sectionResponseSchema } from "@shwe/contracts";
import { DEFAULT_SCHEDULES, nextDraw, yangonDate } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectErrorBody, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
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
      ["lottery.off_day.import", "1D"],
      ["lottery.off_day.import", "2D"],
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
