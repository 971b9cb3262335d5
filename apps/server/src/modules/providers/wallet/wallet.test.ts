import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../db/client.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { balancesOf, expectLedgerClean, moneySnapshot } from "../../ledger/testing.ts";
import {
  connectTestProvider,
  expectRoundsReconciled,
  journalsOf,
  nextId,
  player,
  setFreeRoundCredits,
  TEST_PROVIDER,
  TEST_SECRET,
  type WalletResult,
  wallet,
} from "../wallet.test-helpers.ts";
import { walletSignature } from "./wallet-signature.ts";

/** Contract tests of the seamless wallet API (api.md "Provider wallet API"), signed exactly like a provider signs. */
describe("provider wallet API: signature, validation, balance", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    connectTestProvider(t);
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await expectRoundsReconciled(t);
    await t.close();
  });

  it("answers the game balance to a well-signed balance call (HTTP 200, transaction_id echoed)", async () => {
    const p = await player(t, 12_345);
    const res = await wallet(t, "balance", { player: p.userCode, transaction_id: "bal-1" });
    expect(res.statusCode).toBe(200);
    expect(res.answer).toEqual({ status: "OK", balance: 12_345, transaction_id: "bal-1" });
    expect((await wallet(t, "balance", { player: p.userCode })).answer).toEqual({ status: "OK", balance: 12_345 });
  });

  it("refuses a wrong, missing, upper-case or foreign-secret signature with INVALID_SIGNATURE and keeps the raw callback", async () => {
    const p = await player(t, 5_000);
    const body = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 100 };
    const raw = JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const good = walletSignature(TEST_SECRET, ts, raw);
    const before = await moneySnapshot(t.ctx.db);
    const variants = [
      { signature: "0".repeat(64) },
      { signature: good.toUpperCase() },
      { secret: "some-other-secret-of-length" },
      { signature: good.slice(0, 63) },
      { signature: `${good}00` },
    ];
    for (const v of variants) {
      const res = await wallet(t, "debit", body, { ...v, timestamp: Number(ts), rawBody: raw });
      expect(res.statusCode).toBe(200);
      expect(res.answer).toEqual({ status: "INVALID_SIGNATURE" });
    }
    const missing = await t.app.inject({
      method: "POST",
      url: `/api/provider/${TEST_PROVIDER}/wallet/debit`,
      headers: { "content-type": "application/json" },
      payload: raw,
    });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ status: "INVALID_SIGNATURE" });
    // The signed bytes are the raw body: the same JSON re-spaced is another message.
    const respaced = await wallet(t, "debit", body, { signature: good, timestamp: Number(ts), rawBody: JSON.stringify(body, null, 1) });
    expect(respaced.answer.status).toBe("INVALID_SIGNATURE");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);

    const logged = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from provider_callbacks where signature_ok = false and raw_body = ${raw}`),
    );
    expect(Number(logged[0]?.n)).toBe(variants.length + 1);
  });

  it("checks the signature before reading the body: garbage with a bad signature is INVALID_SIGNATURE", async () => {
    const res = await wallet(t, "debit", null, { rawBody: "{not json", signature: "f".repeat(64) });
    expect(res.answer).toEqual({ status: "INVALID_SIGNATURE" });
    const signed = await wallet(t, "debit", null, { rawBody: "{not json" });
    expect(signed.answer).toEqual({ status: "INVALID_REQUEST" });
  });

  it("refuses a timestamp more than 300 s from the server clock, either way", async () => {
    const p = await player(t, 1_000);
    const now = Math.floor(Date.now() / 1000);
    const body = { player: p.userCode };
    expect((await wallet(t, "balance", body, { timestamp: now - 301 })).answer).toEqual({ status: "INVALID_SIGNATURE" });
    expect((await wallet(t, "balance", body, { timestamp: now + 301 })).answer).toEqual({ status: "INVALID_SIGNATURE" });
    expect((await wallet(t, "balance", body, { timestamp: now - 250 })).answer).toEqual({ status: "OK", balance: 1_000 });
    const res = await wallet(t, "balance", body, { rawBody: JSON.stringify(body), timestamp: now, signature: undefined });
    expect(res.answer.status).toBe("OK");
  });

  it("answers INVALID_REQUEST (HTTP 200) to bodies that are not a valid call, and changes nothing", async () => {
    const p = await player(t, 10_000);
    const before = await moneySnapshot(t.ctx.db);
    const base = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r") };
    const bad: [string, unknown][] = [
      ["debit", { ...base, amount: 0 }],
      ["debit", { ...base, amount: -5 }],
      ["debit", { ...base, amount: 1.5 }],
      ["debit", { ...base, amount: "100" }],
      ["debit", { ...base, amount: 2 ** 53 }],
      ["debit", { ...base, amount: 10_000_000_001 }],
      ["debit", { player: p.userCode, transaction_id: nextId("d"), amount: 100 }],
      ["debit", { player: p.userCode, round_id: nextId("r"), amount: 100 }],
      ["debit", { ...base, amount: 100, balance: 1_000_000 }],
      ["credit", { ...base, amount: 100, kind: "refund" }],
      ["credit", { ...base }],
      ["rollback", { player: p.userCode, transaction_id: nextId("rb") }],
      ["balance", { player: "" }],
      ["balance", { player: "bad code with spaces" }],
      ["balance", [1, 2]],
      ["balance", "just a string"],
      ["transfer", { player: p.userCode }],
    ];
    for (const [action, body] of bad) {
      const res = await wallet(t, action, body);
      expect(res.statusCode, `${action} ${JSON.stringify(body)}`).toBe(200);
      expect(res.answer, `${action} ${JSON.stringify(body)}`).toEqual({ status: "INVALID_REQUEST" });
    }
    expect((await wallet(t, "balance", null, { rawBody: "" })).answer).toEqual({ status: "INVALID_REQUEST" });
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("reads the raw body whatever its content type", async () => {
    const p = await player(t, 700);
    const body = { player: p.userCode };
    expect((await wallet(t, "balance", body, { contentType: "text/plain" })).answer).toEqual({ status: "OK", balance: 700 });
    expect((await wallet(t, "balance", body, { contentType: "application/json; charset=utf-8" })).answer.balance).toBe(700);
    expect((await wallet(t, "balance", body, { contentType: null })).answer).toEqual({ status: "OK", balance: 700 });
  });

  it("answers UNKNOWN_PLAYER for a user_code nobody has", async () => {
    const res = await wallet(t, "debit", { player: "NOBODY1234", transaction_id: nextId("d"), round_id: nextId("r"), amount: 100 });
    expect(res.answer).toEqual({ status: "UNKNOWN_PLAYER", transaction_id: expect.any(String) });
  });

  it("answers PROVIDER_DISABLED for an unknown code and for a provider without a wallet connection", async () => {
    const p = await player(t, 1_000);
    expect((await wallet(t, "balance", { player: p.userCode }, { code: "NOPE" })).answer).toEqual({ status: "PROVIDER_DISABLED" });
    // AYL is in the catalogue but offline (no secret): nothing it could sign is accepted.
    expect((await wallet(t, "balance", { player: p.userCode }, { code: "AYL", secret: "" })).answer).toEqual({
      status: "PROVIDER_DISABLED",
    });
  });
});

describe("provider wallet API: debit, credit, rollback", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    connectTestProvider(t);
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await expectRoundsReconciled(t);
    await t.close();
  });

  it("debits the game balance once per transaction id: the same body replays the first answer", async () => {
    const p = await player(t, 10_000);
    const body = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), game_code: "gdg-slot-01", amount: 2_500 };
    const first = await wallet(t, "debit", body);
    expect(first.answer).toEqual({ status: "OK", balance: 7_500, transaction_id: body.transaction_id });
    // The balance moves on; the replay still carries the first answer.
    await wallet(t, "debit", { ...body, transaction_id: nextId("d"), amount: 500 });
    const replay = await wallet(t, "debit", body);
    expect(replay.answer).toEqual(first.answer);
    // Same body with other key order and spacing is the same call.
    const reordered = `{ "amount": 2500, "round_id": "${body.round_id}", "game_code": "gdg-slot-01", "transaction_id": "${body.transaction_id}", "player": "${p.userCode}" }`;
    expect((await wallet(t, "debit", null, { rawBody: reordered })).answer).toEqual(first.answer);
    expect((await balancesOf(t, p.id)).game_balance).toBe(7_000);
    expect(await journalsOf(t, TEST_PROVIDER, body.transaction_id)).toBe(1);
  });

  it("refuses the same id with a different body as DUPLICATE_TRANSACTION and moves nothing", async () => {
    const p = await player(t, 10_000);
    const body = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 1_000 };
    expect((await wallet(t, "debit", body)).answer.status).toBe("OK");
    const before = await moneySnapshot(t.ctx.db);
    const dup = await wallet(t, "debit", { ...body, amount: 2_000 });
    expect(dup.answer).toEqual({ status: "DUPLICATE_TRANSACTION", balance: 9_000, transaction_id: body.transaction_id });
    const asCredit = await wallet(t, "credit", { ...body, amount: 1_000 });
    expect(asCredit.answer.status).toBe("DUPLICATE_TRANSACTION");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("refuses a debit above the game balance with INSUFFICIENT_FUNDS and the actual balance; the answer is final for that id", async () => {
    const p = await player(t, 3_000);
    const body = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 3_001 };
    const before = await moneySnapshot(t.ctx.db);
    const res = await wallet(t, "debit", body);
    expect(res.answer).toEqual({ status: "INSUFFICIENT_FUNDS", balance: 3_000, transaction_id: body.transaction_id });
    const after = await moneySnapshot(t.ctx.db);
    expect(after.balances).toEqual(before.balances);
    expect(after.journals).toBe(before.journals);
    expect((await wallet(t, "debit", body)).answer).toEqual(res.answer);
    // No round was opened by the refused bet.
    const rounds = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from provider_rounds where round_id = ${body.round_id}`),
    );
    expect(Number(rounds[0]?.n)).toBe(0);
    expect((await wallet(t, "debit", { ...body, transaction_id: nextId("d"), amount: 3_000 })).answer.balance).toBe(0);
  });

  it("credits a win, ending the round; a rollback of the settled bet is ALREADY_SETTLED", async () => {
    const p = await player(t, 10_000);
    const round = nextId("r");
    const debit = { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 1_000 };
    expect((await wallet(t, "debit", debit)).answer.balance).toBe(9_000);
    const credit = await wallet(t, "credit", {
      player: p.userCode,
      transaction_id: nextId("c"),
      round_id: round,
      amount: 2_500,
      kind: "win",
    });
    expect(credit.answer).toMatchObject({ status: "OK", balance: 11_500 });
    const before = await moneySnapshot(t.ctx.db);
    const rb = await wallet(t, "rollback", {
      player: p.userCode,
      transaction_id: nextId("rb"),
      reference_transaction_id: debit.transaction_id,
    });
    expect(rb.answer).toMatchObject({ status: "ALREADY_SETTLED", balance: 11_500 });
    expect((await moneySnapshot(t.ctx.db)).balances).toEqual(before.balances);
    // A second win on the ended round is refused too; a jackpot for it is still paid.
    const again = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 100 });
    expect(again.answer.status).toBe("ALREADY_SETTLED");
    const jackpot = await wallet(t, "credit", {
      player: p.userCode,
      transaction_id: nextId("c"),
      round_id: round,
      amount: 400,
      kind: "jackpot",
    });
    expect(jackpot.answer).toMatchObject({ status: "OK", balance: 11_900 });
  });

  it("rolls back a debit (refund), then ALREADY_ROLLED_BACK for another rollback id, the first answer for a repeat", async () => {
    const p = await player(t, 5_000);
    const debit = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 2_000 };
    await wallet(t, "debit", debit);
    const rbBody = { player: p.userCode, transaction_id: nextId("rb"), reference_transaction_id: debit.transaction_id };
    const rb = await wallet(t, "rollback", rbBody);
    expect(rb.answer).toEqual({ status: "OK", balance: 5_000, transaction_id: rbBody.transaction_id });
    expect((await wallet(t, "rollback", rbBody)).answer).toEqual(rb.answer);
    const other = await wallet(t, "rollback", { ...rbBody, transaction_id: nextId("rb") });
    expect(other.answer).toMatchObject({ status: "ALREADY_ROLLED_BACK", balance: 5_000 });
    // The round ended rolled back: its result is refused.
    const credit = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: debit.round_id, amount: 9_000 });
    expect(credit.answer).toMatchObject({ status: "ALREADY_ROLLED_BACK", balance: 5_000 });
    expect((await balancesOf(t, p.id)).game_balance).toBe(5_000);
    // A rollback quoting another amount than the debit's is not a valid call.
    const d2 = { ...debit, transaction_id: nextId("d"), round_id: nextId("r") };
    await wallet(t, "debit", d2);
    const wrong = await wallet(t, "rollback", {
      ...rbBody,
      transaction_id: nextId("rb"),
      reference_transaction_id: d2.transaction_id,
      amount: 1,
    });
    expect(wrong.answer.status).toBe("INVALID_REQUEST");
    expect((await balancesOf(t, p.id)).game_balance).toBe(3_000);
  });

  it("records a rollback of a debit never seen, so that the debit arriving later is refused", async () => {
    const p = await player(t, 4_000);
    const debitId = nextId("d");
    const rbBody = { player: p.userCode, transaction_id: nextId("rb"), reference_transaction_id: debitId };
    const rb = await wallet(t, "rollback", rbBody);
    expect(rb.answer).toEqual({ status: "TRANSACTION_NOT_FOUND", balance: 4_000, transaction_id: rbBody.transaction_id });
    expect((await wallet(t, "rollback", rbBody)).answer).toEqual(rb.answer);
    const before = await moneySnapshot(t.ctx.db);
    const debit = { player: p.userCode, transaction_id: debitId, round_id: nextId("r"), amount: 1_000 };
    const late = await wallet(t, "debit", debit);
    expect(late.answer).toEqual({ status: "ALREADY_ROLLED_BACK", balance: 4_000, transaction_id: debitId });
    expect((await wallet(t, "debit", debit)).answer).toEqual(late.answer);
    expect((await wallet(t, "debit", { ...debit, amount: 999 })).answer.status).toBe("DUPLICATE_TRANSACTION");
    const after = await moneySnapshot(t.ctx.db);
    expect(after.balances).toEqual(before.balances);
    expect(after.journals).toBe(before.journals);
    expect(await journalsOf(t, TEST_PROVIDER, debitId)).toBe(0);
    // A rollback naming another player's debit finds nothing.
    const q = await player(t, 1_000);
    const hers = { player: q.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 500 };
    await wallet(t, "debit", hers);
    const foreign = await wallet(t, "rollback", {
      player: p.userCode,
      transaction_id: nextId("rb"),
      reference_transaction_id: hers.transaction_id,
    });
    expect(foreign.answer.status).toBe("TRANSACTION_NOT_FOUND");
    expect((await balancesOf(t, q.id)).game_balance).toBe(500);
  });

  it("a result racing a rollback of the same round: exactly one of them wins", async () => {
    for (let i = 0; i < 6; i++) {
      const p = await player(t, 10_000);
      const debit = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 1_000 };
      await wallet(t, "debit", debit);
      const credit = { player: p.userCode, transaction_id: nextId("c"), round_id: debit.round_id, amount: 3_000 };
      const rollback = { player: p.userCode, transaction_id: nextId("rb"), reference_transaction_id: debit.transaction_id };
      const [c, r] =
        i % 2 === 0
          ? await Promise.all([wallet(t, "credit", credit), wallet(t, "rollback", rollback)])
          : await Promise.all([wallet(t, "rollback", rollback), wallet(t, "credit", credit)]).then(([a, b]) => [b, a] as const);
      const oks = [c.answer.status, r.answer.status].filter((s) => s === "OK");
      expect(oks).toHaveLength(1);
      const game = (await balancesOf(t, p.id)).game_balance;
      if (c.answer.status === "OK") {
        expect(r.answer.status).toBe("ALREADY_SETTLED");
        expect(game).toBe(12_000);
      } else {
        expect(c.answer.status).toBe("ALREADY_ROLLED_BACK");
        expect(game).toBe(10_000);
      }
    }
  });

  it("accepts a win and a rollback for a blocked player, and refuses the blocked player's debits", async () => {
    const p = await player(t, 10_000);
    const d1 = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 1_000 };
    const d2 = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 1_000 };
    await wallet(t, "debit", d1);
    await wallet(t, "debit", d2);
    await t.ctx.db.execute(sql`update users set blocked = true where id = ${p.id}`);
    const debit = await wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 100 });
    expect(debit.answer).toMatchObject({ status: "PLAYER_BLOCKED", balance: 8_000 });
    const win = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: d1.round_id, amount: 5_000 });
    expect(win.answer).toMatchObject({ status: "OK", balance: 13_000 });
    const rb = await wallet(t, "rollback", {
      player: p.userCode,
      transaction_id: nextId("rb"),
      reference_transaction_id: d2.transaction_id,
    });
    expect(rb.answer).toMatchObject({ status: "OK", balance: 14_000 });
    expect((await wallet(t, "balance", { player: p.userCode })).answer).toEqual({ status: "OK", balance: 14_000 });
  });

  it("refuses balance and debits while the provider is in maintenance, but lets open rounds end", async () => {
    const p = await player(t, 10_000);
    const open = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 1_000 };
    expect((await wallet(t, "debit", open)).answer.status).toBe("OK");
    await t.ctx.db.execute(sql`update providers set maintenance = true where code = ${TEST_PROVIDER}`);
    try {
      const before = await moneySnapshot(t.ctx.db);
      const debit = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 100 };
      expect((await wallet(t, "debit", debit)).answer).toEqual({ status: "PROVIDER_DISABLED", transaction_id: debit.transaction_id });
      expect((await wallet(t, "balance", { player: p.userCode })).answer).toEqual({ status: "PROVIDER_DISABLED" });
      expect(await moneySnapshot(t.ctx.db)).toEqual(before);
      // A repeat of a debit applied before maintenance still gets its first answer.
      expect((await wallet(t, "debit", open)).answer).toEqual({ status: "OK", balance: 9_000, transaction_id: open.transaction_id });
      const win = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: open.round_id, amount: 1_500 });
      expect(win.answer).toMatchObject({ status: "OK", balance: 10_500 });
    } finally {
      await t.ctx.db.execute(sql`update providers set maintenance = false where code = ${TEST_PROVIDER}`);
    }
    const after = await wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 500 });
    expect(after.answer).toMatchObject({ status: "OK", balance: 10_000 });
  });

  it("a credit of any kind needs a round with a bet; a free-round provider may credit without one", async () => {
    const p = await player(t, 1_000);
    const win = await wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: nextId("r"), amount: 700 });
    expect(win.answer).toMatchObject({ status: "TRANSACTION_NOT_FOUND", balance: 1_000 });
    const refusedBonus = await wallet(t, "credit", {
      player: p.userCode,
      transaction_id: nextId("c"),
      round_id: nextId("r"),
      amount: 700,
      kind: "bonus",
    });
    expect(refusedBonus.answer).toMatchObject({ status: "TRANSACTION_NOT_FOUND", balance: 1_000 });

    await setFreeRoundCredits(t, TEST_PROVIDER, true);
    try {
      const round = nextId("r");
      const bonus = await wallet(t, "credit", {
        player: p.userCode,
        transaction_id: nextId("c"),
        round_id: round,
        amount: 700,
        kind: "bonus",
      });
      expect(bonus.answer).toMatchObject({ status: "OK", balance: 1_700 });
      const rows = rowsOf<{ status: string; bet: number; payout: number }>(
        await t.ctx.db.execute(sql`select status, bet, payout from provider_rounds where round_id = ${round}`),
      );
      expect(rows.map((r) => ({ ...r, bet: Number(r.bet), payout: Number(r.payout) }))).toEqual([
        { status: "settled", bet: 0, payout: 700 },
      ]);
      const late = await wallet(t, "debit", { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 100 });
      expect(late.answer.status).toBe("ALREADY_SETTLED");
    } finally {
      await setFreeRoundCredits(t, TEST_PROVIDER, false);
    }
  });

  it("keeps every call once in provider_callbacks with the answer it got: applied, refused, replayed, read-only", async () => {
    const p = await player(t, 1_000);
    const round = nextId("r");
    const debit = { player: p.userCode, transaction_id: nextId("d"), round_id: round, amount: 400 };
    const tooBig = { player: p.userCode, transaction_id: nextId("d"), round_id: nextId("r"), amount: 5_000 };
    const credit = { player: p.userCode, transaction_id: nextId("c"), round_id: round, amount: 0 };
    const calls: [string, Record<string, unknown>][] = [
      ["debit", debit],
      ["debit", debit],
      ["debit", tooBig],
      ["credit", credit],
      ["balance", { player: p.userCode, transaction_id: "bal-kept" }],
      ["debit", { ...debit, transaction_id: nextId("d"), player: "NOBODY-HERE" }],
    ];
    const answers: WalletResult["answer"][] = [];
    for (const [action, body] of calls) answers.push((await wallet(t, action, body)).answer);
    expect(answers.map((a) => a.status)).toEqual(["OK", "OK", "INSUFFICIENT_FUNDS", "OK", "OK", "UNKNOWN_PLAYER"]);
    const ids = calls.map(([, body]) => String(body.transaction_id));
    const kept = rowsOf<{
      action: string;
      transaction_id: string;
      status: string;
      answer: unknown;
      raw_body: string;
      signature_ok: boolean;
    }>(
      await t.ctx.db.execute(sql`
        select action, transaction_id, status, answer, raw_body, signature_ok from provider_callbacks
         where transaction_id = any(${sql.param(ids)}::text[]) order by id`),
    );
    expect(kept).toEqual(
      calls.map(([action, body], i) => ({
        action,
        transaction_id: String(body.transaction_id),
        status: answers[i]?.status,
        answer: answers[i],
        raw_body: JSON.stringify(body),
        signature_ok: true,
      })),
    );
  });

  it("moves money only between the player's game account and the house:casino:<code>:<shard> accounts", async () => {
    const res = await t.ctx.db.execute(sql`
      select distinct coalesce(a.code, a.kind) as account
        from journals j join journal_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
       where j.kind like 'casino_%'`);
    const accounts = rowsOf<{ account: string }>(res)
      .map((r) => r.account)
      .sort();
    expect(accounts[0]).toBe("game");
    expect(accounts.length).toBeGreaterThan(1);
    for (const code of accounts.slice(1)) expect(code).toMatch(/^house:casino:gdg:([0-9]|1[0-5])$/);
  });
});
