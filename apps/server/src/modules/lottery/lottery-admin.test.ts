import {
  adminDrawListSchema,
  adminLotteryGameSchema,
  boardResponseSchema,
  offDaysResponseSchema,
  sectionResponseSchema,
} from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectErrorBody, expectLedgerClean, fund, moneySnapshot, type TestUser } from "../ledger/testing.ts";
import { bet, createDraw, drawRow, passDrawTime, send, testScheduler } from "./lottery.test-helpers.ts";

describe("operator lottery calls", () => {
  let t: TestApp;
  let op: TestUser;
  let player: TestUser;
  let other: TestUser;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { publicCacheMs: 60_000 } });
    op = await createUser(t, { role: "admin" });
    player = await createUser(t);
    other = await createUser(t);
    await fund(t, player.id, 500_000);
    await fund(t, other.id, 500_000);
  });
  afterAll(async () => t.close());

  const auditActions = async () =>
    rowsOf<{ action: string }>(await t.ctx.db.execute(sql`select action from audit_log where actor_id = ${op.id} order by id`)).map(
      (r) => r.action,
    );

  it("refuses players (403) and visitors (401) on every operator call", async () => {
    const routes: [method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown][] = [
      ["GET", "/api/admin/draws"],
      ["GET", "/api/admin/draws/1"],
      ["POST", "/api/admin/draws/1/result", { number: "12" }],
      ["POST", "/api/admin/draws/1/confirm", { number: "12" }],
      ["POST", "/api/admin/draws/1/void", { reason: "x" }],
      ["GET", "/api/admin/lottery"],
      ["GET", "/api/admin/lottery/2D"],
      ["PUT", "/api/admin/lottery/2D", { odds: 1 }],
      ["GET", "/api/admin/lottery/2D/numbers"],
      ["PUT", "/api/admin/lottery/2D/numbers", { numbers: ["12"], blocked: true }],
      ["POST", "/api/admin/lottery/2D/off-days", { day: "2030-01-01" }],
      ["DELETE", "/api/admin/lottery/2D/off-days/2030-01-01"],
      ["GET", "/api/admin/lottery/2D/feed"],
      ["PUT", "/api/admin/lottery/2D/feed", { url: null, paths: {}, timeout_ms: 1000 }],
    ];
    for (const [method, url, body] of routes) {
      expectErrorBody(await send(t, method, url, { token: player.token, body }), 403, "FORBIDDEN");
      expectErrorBody(await send(t, method, url, { body }), 401, "UNAUTHENTICATED");
    }
    expect(await auditActions()).toEqual([]);
  });

  it("lists draws with stakes, potential payouts and room per number", async () => {
    const drawId = await createDraw(t, "2D");
    await bet(t, player.token, "2D", drawId, [
      { number: "21", amount: 3_000 },
      { number: "12", amount: 1_000 },
    ]);
    await bet(t, other.token, "2D", drawId, [{ number: "21", amount: 2_000 }]);
    const res = await call(t, "GET", "/api/admin/draws?type=2D&status=open", { token: op.token });
    expect(res.statusCode).toBe(200);
    const draw = adminDrawListSchema.parse(res.json()).data.find((d) => d.id === drawId);
    expect(draw).toMatchObject({ total_staked: 6_000, line_count: 3, result: null, feed_error: null });
    expect(draw?.exposure).toEqual([
      { number: "21", staked: 5_000, lines: 2, payout: 425_000, remaining: 995_000, hot: false, blocked: false },
      { number: "12", staked: 1_000, lines: 1, payout: 85_000, remaining: 999_000, hot: false, blocked: false },
    ]);
    // The secret seed of a fair draw never leaves the server, not even to operators.
    const secret = String((await drawRow(t, drawId))?.fair_seed_secret);
    expect(res.body).not.toContain(secret);
    expectErrorBody(await call(t, "GET", "/api/admin/draws?status=nope", { token: op.token }), 400, "VALIDATION_FAILED");
    expectErrorBody(await call(t, "GET", "/api/admin/draws/999999", { token: op.token }), 404, "NOT_FOUND");
  });

  it("changes odds for new lines only, and stake limits, audited", async () => {
    const drawId = await createDraw(t, "2D");
    const first = await bet(t, player.token, "2D", drawId, [{ number: "44", amount: 1_000 }]);
    expect(first.statusCode).toBe(201);
    const res = await send(t, "PUT", "/api/admin/lottery/2D", {
      token: op.token,
      body: { odds: 90, number_cap: 10_000, max_stake: 8_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(adminLotteryGameSchema.parse(res.json())).toMatchObject({
      type: "2D",
      odds: 90,
      limits: { number_cap: 10_000, max_stake: 8_000 },
    });
    expect((await drawRow(t, drawId))?.odds).toBe(90);
    const second = await bet(t, player.token, "2D", drawId, [{ number: "45", amount: 1_000 }]);
    expect(second.statusCode).toBe(201);
    const odds = rowsOf<{ number: string; odds: number }>(
      await t.ctx.db.execute(sql`select number, odds from bet_lines where draw_id = ${drawId} order by number`),
    );
    expect(odds).toEqual([
      { number: "44", odds: 85 },
      { number: "45", odds: 90 },
    ]);
    const over = await bet(t, player.token, "2D", drawId, [{ number: "44", amount: 8_001 }]);
    expect(over.json()).toMatchObject({
      code: "LINES_REJECTED",
      details: { rejected: [{ number: "44", reason: "ABOVE_MAX", remaining: 9_000 }] },
    });

    expectErrorBody(
      await send(t, "PUT", "/api/admin/lottery/2D", { token: op.token, body: { min_stake: 9_000 } }),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(await send(t, "PUT", "/api/admin/lottery/2D", { token: op.token, body: { odds: 0 } }), 400, "VALIDATION_FAILED");
    expectErrorBody(await send(t, "PUT", "/api/admin/lottery/2D", { token: op.token, body: { balance: 1 } }), 400, "VALIDATION_FAILED");
    expectErrorBody(
      await send(t, "PUT", "/api/admin/lottery/2D", {
        token: op.token,
        body: { schedule: { times: ["12:00"], cutoff: { minutes_before: 5 }, off_days: [] } },
      }),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(await send(t, "PUT", "/api/admin/lottery/XD", { token: op.token, body: { odds: 2 } }), 400, "VALIDATION_FAILED");
    await send(t, "PUT", "/api/admin/lottery/2D", { token: op.token, body: { odds: 85, number_cap: 1_000_000, max_stake: 100_000 } });
    expect(await auditActions()).toEqual(["lottery.update", "setting.update", "lottery.update", "setting.update"]);
    await expectLedgerClean(t);
  });

  it("marks numbers hot or blocked for every draw of the game, and clears them", async () => {
    const drawId = await createDraw(t, "3D");
    const mark = await send(t, "PUT", "/api/admin/lottery/3D/numbers", {
      token: op.token,
      body: { numbers: ["777", "123"], blocked: true },
    });
    expect(mark.json()).toEqual({
      type: "3D",
      data: [
        { number: "123", hot: false, blocked: true },
        { number: "777", hot: false, blocked: true },
      ],
    });
    const refused = await bet(t, player.token, "3D", drawId, [{ number: "777", amount: 100 }]);
    expect(refused.json()).toMatchObject({
      code: "LINES_REJECTED",
      details: { rejected: [{ number: "777", reason: "BLOCKED", remaining: 0 }] },
    });
    await send(t, "PUT", "/api/admin/lottery/3D/numbers", { token: op.token, body: { numbers: ["777"], blocked: false, hot: true } });
    const board = boardResponseSchema.parse((await call(t, "GET", `/api/three_d?draw_id=${drawId}`)).json());
    expect(board.numbers.find((n) => n.number === "777")).toEqual({ number: "777", remaining: 200_000, hot: true, blocked: false });
    expectErrorBody(
      await send(t, "PUT", "/api/admin/lottery/3D/numbers", { token: op.token, body: { numbers: ["77"], blocked: true } }),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(
      await send(t, "PUT", "/api/admin/lottery/3D/numbers", { token: op.token, body: { numbers: ["777"] } }),
      400,
      "VALIDATION_FAILED",
    );
    await send(t, "PUT", "/api/admin/lottery/3D/numbers", {
      token: op.token,
      body: { numbers: ["777", "123"], blocked: false, hot: false },
    });
    expect((await call(t, "GET", "/api/admin/lottery/3D/numbers", { token: op.token })).json()).toEqual({ type: "3D", data: [] });
  });

  it("an off day removes that day's draws (voiding and refunding the ones with bets); removing it brings them back", async () => {
    const scheduler = testScheduler(t);
    await scheduler.tick();
    const [target] = rowsOf<{ id: number; draw_at: string | Date }>(
      await t.ctx.db.execute(
        sql`select id, draw_at from draws where type = 'C2D' and status = 'open' and closes_at > now() + interval '1 minute' order by draw_at limit 1`,
      ),
    );
    if (!target) throw new Error("no open C2D draw");
    const day = yangonDate(new Date(target.draw_at));
    const before = (await balancesOf(t, player.id)).balance;
    expect((await bet(t, player.token, "C2D", target.id, [{ number: "05", amount: 700 }])).statusCode).toBe(201);
    const onDay = async () =>
      rowsOf<{ id: number; status: string }>(
        await t.ctx.db.execute(
          sql`select id, status from draws where type = 'C2D' and (draw_at at time zone 'Asia/Yangon')::date = ${day}::date order by draw_at`,
        ),
      );
    const drawsOfDay = await onDay();
    expect(drawsOfDay.length).toBeGreaterThanOrEqual(1);

    const res = await call(t, "POST", "/api/admin/lottery/C2D/off-days", { token: op.token, body: { day } });
    expect(res.statusCode).toBe(200);
    expect(offDaysResponseSchema.parse(res.json())).toEqual({ type: "C2D", off_days: [day], voided_draw_ids: [target.id] });
    expect(await onDay()).toEqual([{ id: target.id, status: "void" }]);
    expect((await balancesOf(t, player.id)).balance).toBe(before);
    const sections = sectionResponseSchema.parse((await call(t, "GET", "/api/section_crypton2d")).json());
    expect(sections.data.some((d) => yangonDate(new Date(d.draw_at)) === day)).toBe(false);
    await scheduler.tick();
    expect(await onDay()).toEqual([{ id: target.id, status: "void" }]);

    const removed = await send(t, "DELETE", `/api/admin/lottery/C2D/off-days/${day}`, { token: op.token });
    expect(removed.json()).toEqual({ type: "C2D", off_days: [], voided_draw_ids: [] });
    await scheduler.tick();
    expect((await onDay()).length).toBe(drawsOfDay.length);
    expectErrorBody(
      await call(t, "POST", "/api/admin/lottery/C2D/off-days", { token: op.token, body: { day: "2025-02-30" } }),
      400,
      "VALIDATION_FAILED",
    );
    await expectLedgerClean(t);
  });

  it("keeps each game's result feed (URL and JSON paths)", async () => {
    const body = { url: "https://set.example/api/live", paths: { setIndex: "live.set", setValue: "live.value" }, timeout_ms: 3000 };
    const res = await send(t, "PUT", "/api/admin/lottery/2D/feed", { token: op.token, body });
    expect(res.json()).toEqual({ type: "2D", feed: body });
    expect((await call(t, "GET", "/api/admin/lottery/2D/feed", { token: op.token })).json()).toEqual({ type: "2D", feed: body });
    expectErrorBody(
      await send(t, "PUT", "/api/admin/lottery/2D/feed", { token: op.token, body: { ...body, url: "not a url" } }),
      400,
      "VALIDATION_FAILED",
    );
    const games = (await call(t, "GET", "/api/admin/lottery", { token: op.token })).json() as { data: { type: string; feed: unknown }[] };
    expect(games.data.map((g) => g.type)).toEqual(["2D", "1D", "3D", "C2D", "C1D"]);
    expect(games.data[0]?.feed).toEqual(body);
  });

  it("a confirmation names the number the second operator checked; a re-entry restarts the review", async () => {
    const op2 = await createUser(t, { role: "operator" });
    const drawId = await createDraw(t, "2D", { source: "manual" });
    expect((await bet(t, player.token, "2D", drawId, [{ number: "03", amount: 1_000 }])).statusCode).toBe(201);
    expect((await bet(t, other.token, "2D", drawId, [{ number: "08", amount: 1_000 }])).statusCode).toBe(201);
    const [playerBefore, otherBefore] = [(await balancesOf(t, player.id)).balance, (await balancesOf(t, other.id)).balance];
    clock.set(new Date((await passDrawTime(t, drawId)).getTime() + 60_000));
    const path = `/api/admin/draws/${drawId}`;
    const view = async (token = op2.token) =>
      (await call(t, "GET", path, { token })).json() as { result: string | null; result_entry: number; entered_by: number | null };
    const listed = async (token: string) =>
      adminDrawListSchema
        .parse((await call(t, "GET", "/api/admin/draws?type=2D&limit=200", { token })).json())
        .data.find((d) => d.id === drawId);

    // op1 enters 3: only op1 sees the number; op2 (the checker) sees that an entry waits, never the number.
    expect((await call(t, "POST", `${path}/result`, { token: op.token, body: { number: "03" } })).statusCode).toBe(200);
    expect(await view()).toMatchObject({ result: null, result_entry: 1, entered_by: op.id });
    expect(await view(op.token)).toMatchObject({ result: "03", result_entry: 1 });
    expect(await listed(op2.token)).toMatchObject({ status: "resulted", result: null, result_entry: 1 });
    expect(await listed(op.token)).toMatchObject({ result: "03" });
    // Nor does the audit log tell it.
    const auditResults = async (token: string) =>
      (
        (await call(t, "GET", "/api/admin/audit-log?action=draw.result&per_page=200", { token })).json() as {
          data: { target_id: string; after: { result: string | null } }[];
        }
      ).data
        .filter((r) => r.target_id === String(drawId))
        .map((r) => r.after.result);
    expect(await auditResults(op2.token)).toEqual([null]);
    expect(await auditResults(op.token)).toEqual(["03"]);
    // op1 re-enters 8, op2 confirms the 3 from the official source: refused, nothing changes.
    expect((await call(t, "POST", `${path}/result`, { token: op.token, body: { number: "08" } })).statusCode).toBe(200);
    expect(await view()).toMatchObject({ result: null, result_entry: 2 });
    expect(await view(op.token)).toMatchObject({ result: "08", result_entry: 2 });
    const snapshot = await moneySnapshot(t.ctx.db);
    const mismatch = await call(t, "POST", `${path}/confirm`, { token: op2.token, body: { number: "03" } });
    expectErrorBody(mismatch, 409, "RESULT_MISMATCH");
    expect(mismatch.json().details).toEqual({ entry: 2 });
    // The number op2 checked at the first entry, sent with that entry: the review restarted.
    expectErrorBody(
      await call(t, "POST", `${path}/confirm`, { token: op2.token, body: { number: "08", entry: 1 } }),
      409,
      "RESULT_CHANGED",
    );
    for (const body of [{}, { number: "3" }, { number: "08", entry: 0 }, { number: "08", entry: "2" }, { number: "08", extra: 1 }]) {
      expectErrorBody(await call(t, "POST", `${path}/confirm`, { token: op2.token, body }), 400, "VALIDATION_FAILED");
    }
    expectErrorBody(await call(t, "POST", `${path}/confirm`, { token: op.token, body: { number: "08" } }), 422, "SECOND_OPERATOR_REQUIRED");
    expect(await drawRow(t, drawId)).toMatchObject({ status: "resulted", result: "08", confirmed_at: null, confirmed_by: null });
    expect(await moneySnapshot(t.ctx.db)).toEqual(snapshot);

    // op2 corrects it back to 03 (entry 3): now op1 reviews, and the draw settles as the number op1 typed.
    expect((await call(t, "POST", `${path}/result`, { token: op2.token, body: { number: "03" } })).statusCode).toBe(200);
    expectErrorBody(
      await call(t, "POST", `${path}/confirm`, { token: op2.token, body: { number: "03" } }),
      422,
      "SECOND_OPERATOR_REQUIRED",
    );
    expect(await view(op.token)).toMatchObject({ result: null, result_entry: 3 });
    const ok = await call(t, "POST", `${path}/confirm`, { token: op.token, body: { number: "03", entry: 3 } });
    expect(ok.json()).toEqual({ draw_id: drawId, status: "settled" });
    // Once confirmed the number is everyone's.
    expect(await view(op2.token)).toMatchObject({ result: "03" });
    expect(await auditResults(op2.token)).toEqual(["03", "08", "03"]);
    expect(await view(op.token)).toMatchObject({ result: "03" });
    const settled = await drawRow(t, drawId);
    expect(settled).toMatchObject({ status: "settled", result: "03", result_entry: 3 });
    expect([Number(settled?.confirmed_by), Number(settled?.entered_by)]).toEqual([op.id, op2.id]);
    expect((await balancesOf(t, player.id)).balance).toBe(playerBefore + 1_000 * 85);
    expect((await balancesOf(t, other.id)).balance).toBe(otherBefore);
    const confirmAudit = rowsOf<{ after: { result: string; result_entry: number } }>(
      await t.ctx.db.execute(sql`select after from audit_log where action = 'draw.confirm' and target_id = ${String(drawId)}`),
    );
    expect(confirmAudit.map((r) => r.after)).toEqual([expect.objectContaining({ result: "03", result_entry: 3, confirmed_by: op.id })]);
    await expectLedgerClean(t);
  });

  it("the checker of a result is another person: not an account its maker created or last changed", async () => {
    const checker = await createUser(t, { role: "operator" });
    await t.ctx.db.execute(sql`update users set console_changed_by = ${op.id} where id = ${checker.id}`);
    const drawId = await createDraw(t, "2D", { source: "manual" });
    clock.set(new Date((await passDrawTime(t, drawId)).getTime() + 60_000));
    const path = `/api/admin/draws/${drawId}`;
    expect((await call(t, "POST", `${path}/result`, { token: op.token, body: { number: "41" } })).statusCode).toBe(200);
    expectErrorBody(
      await call(t, "POST", `${path}/confirm`, { token: checker.token, body: { number: "41" } }),
      403,
      "CHECKER_NOT_INDEPENDENT",
    );
    expect(await drawRow(t, drawId)).toMatchObject({ status: "resulted", confirmed_at: null });
    const other = await createUser(t, { role: "operator" });
    expect((await call(t, "POST", `${path}/confirm`, { token: other.token, body: { number: "41" } })).json()).toMatchObject({
      draw_id: drawId,
    });
  });

  it.skipIf(!onRealPostgres)("a re-entry racing a confirmation never settles a number nobody checked (real PostgreSQL)", async () => {
    const op2 = await createUser(t, { role: "operator" });
    for (let round = 0; round < 8; round++) {
      const drawId = await createDraw(t, "2D", { source: "manual" });
      clock.set(new Date((await passDrawTime(t, drawId)).getTime() + 60_000));
      const path = `/api/admin/draws/${drawId}`;
      expect((await call(t, "POST", `${path}/result`, { token: op.token, body: { number: "03" } })).statusCode).toBe(200);
      const [confirm, reenter] = await Promise.all([
        call(t, "POST", `${path}/confirm`, { token: op2.token, body: { number: "03", entry: 1 } }),
        call(t, "POST", `${path}/result`, { token: op.token, body: { number: "08" } }),
      ]);
      const row = await drawRow(t, drawId);
      if (confirm.statusCode === 200) {
        expectErrorBody(reenter, 409, "ALREADY_DECIDED");
        expect(row).toMatchObject({ status: "settled", result: "03" });
      } else {
        expect(reenter.statusCode).toBe(200);
        expect(["RESULT_CHANGED", "RESULT_MISMATCH"]).toContain(confirm.json().code);
        expect(row).toMatchObject({ status: "resulted", result: "08", confirmed_at: null });
      }
    }
    await expectLedgerClean(t);
  });
});
