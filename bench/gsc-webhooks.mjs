import { ScenarioSender } from "@shwe/gsc-simulator";
import { sql } from "drizzle-orm";
import { rowsOf } from "../apps/server/src/db/client.ts";
import { auditLedger } from "../apps/server/src/modules/ledger/audit.ts";
import { cpuBudgetRows } from "./lib/cpu.mjs";
import { createScratchDatabase, pgbenchTpcb, serverVersion } from "./lib/database.mjs";
import { loadRun } from "./lib/http.mjs";
import { createPlayers, openContext } from "./lib/players.mjs";
import { startServer } from "./lib/servers.mjs";
import { loadSeconds, log, machineInfo, sleep } from "./lib/setup.mjs";
import { round, writeResult } from "./lib/statistics.mjs";

/**
 * GSC+ seamless wallet webhooks (docs/provider-wallet.md "GSC+ seamless wallet"): each connection sends a signed
 * `/withdraw` BET and then the `/deposit` SETTLED of the same wager, as the aggregator does for a spin, over many
 * players; one round in four is PG Soft (1007) in MMK2 with fractional amounts (a kyat remainder kept beside the
 * ledger), the rest Pragmatic Play (1006) in MMK. Against pgbench tpcb-like on the same PostgreSQL server just before.
 *
 * Two kinds of rounds are made to fail on purpose, 2 % each: a round of a player with no game balance (BET answers
 * 1001, its SETTLED 1006) and a round whose SETTLED is an earlier SETTLED sent again as the aggregator's retry (1003;
 * the round's own bet stays open). Every other call must answer 0. Afterwards: every player's exact balance equals
 * their funding plus what the answered calls moved, the house's exact position equals what the players lost, and the
 * ledger auditor finds nothing.
 */
const NAME = "gsc-webhooks";
const PLAYERS = 1_000;
const UNFUNDED = 10;
const FUNDING = 100_000_000; // kyat on each funded player's game balance
const OPERATOR = "SWDM"; // demo mode's simulator settings (apps/server/src/modules/gsc/gsc-config.ts)
const SECRET = "demo-gsc-secret-key";
const PREFIX = "/api/gsc";
const PRODUCTS = { MMK: 1006, MMK2: 1007 };
const RATIO = { MMK: 1, MMK2: 1000 }; // kyat per API unit (GSC_CURRENCIES' default)
const seconds = loadSeconds(20);

/** "1.2345" → 12345 (ten-thousandths of an API unit). */
const unitsE4 = (text) => {
  const [whole, frac = ""] = text.split(".");
  return Number(whole) * 10_000 + Number(frac.padEnd(4, "0"));
};
const unitsText = (e4) => {
  const whole = Math.floor(e4 / 10_000);
  const frac = String(e4 % 10_000)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
};

/**
 * What the applied calls moved, per player, in ten-thousandths of a kyat (the exact GSC+ balance's unit), a tally of
 * answers by what was expected, and the calls still without an answer; shared by every load run of this process.
 */
const tracker = {
  delta: new Map(), // userCode → signed kyat e4
  applied: 0, // transactions known applied (answered 0, or found applied when sent again)
  answers: {}, // "<expected>→<got>" counts
  unexpected: [],
  inFlight: new Set(), // calls sent whose answer has not come back (yet)
  resent: {}, // in-flight calls at the end of a run, sent again: "<expected>→<got>" counts
};

/**
 * The calls of one connection: `{name, body, expect, delta, userCode}`; `delta` (kyat e4) is what the call moves
 * when it is applied, `expect` the element code it must answer (0 unless the round is made to fail).
 */
function rounds(players, unfunded, sender) {
  let n = 0;
  const recentSettles = []; // SETTLED bodies answered 0, for the deliberate repeats
  const plan = () => {
    const i = n++;
    if (i % 50 === 17) return { kind: "refused", player: unfunded[i % unfunded.length], currency: "MMK", stake: "500", win: "450" };
    const player = players[i % players.length];
    const repeat = i % 50 === 41 && recentSettles.length > 0 ? recentSettles[i % recentSettles.length] : undefined;
    if (i % 4 === 1) {
      // MMK2: 0.1000 … 2.0999 units (100–2,099.9 kyat), fractions of a kyat included; half of the wins 0.
      const stake = 1_000 + ((i * 7_919) % 20_000);
      const win = i % 2 === 0 ? 0 : Math.floor((stake * (5 + (i % 23))) / 10);
      return { kind: repeat ? "repeat" : "normal", repeat, player, currency: "MMK2", stake: unitsText(stake), win: unitsText(win) };
    }
    const stake = 100 * (1 + (i % 50));
    const win = i % 2 === 0 ? 0 : Math.floor((stake * (3 + (i % 17))) / 10);
    return { kind: repeat ? "repeat" : "normal", repeat, player, currency: "MMK", stake: String(stake), win: String(win) };
  };
  const element = (r, tx) => ({ member: r.player.userCode, product: PRODUCTS[r.currency], gameType: "SLOT", transactions: [tx] });
  const e4Of = (r, text) => unitsE4(text) * RATIO[r.currency];
  const send = (req, context, call) => {
    context.call = call;
    tracker.inFlight.add(call);
    return { ...req, headers: { "content-type": "application/json" }, body: JSON.stringify(call.body) };
  };
  return [
    {
      method: "POST",
      path: `${PREFIX}/v1/api/seamless/withdraw`,
      setupRequest(req, context) {
        const r = plan();
        r.wager = sender.newWagerCode();
        context.round = r;
        const body = sender.walletBody("withdraw", r.currency, [
          element(r, { action: "BET", amount: r.stake, wager_code: r.wager, round_id: r.wager, wager_status: "BET", game_type: "SLOT" }),
        ]);
        const expect = r.kind === "refused" ? 1001 : 0;
        return send(req, context, { name: "withdraw", body, expect, delta: -e4Of(r, r.stake), userCode: r.player.userCode });
      },
    },
    {
      method: "POST",
      path: `${PREFIX}/v1/api/seamless/deposit`,
      setupRequest(req, context) {
        const r = context.round;
        if (r.kind === "repeat") return send(req, context, { name: "deposit", body: r.repeat, expect: 1003, delta: 0 });
        const body = sender.walletBody("deposit", r.currency, [
          element(r, {
            action: "SETTLED",
            amount: r.win,
            wager_code: r.wager,
            round_id: r.wager,
            wager_status: "SETTLED",
            bet_amount: r.stake,
            prize_amount: r.win,
            game_type: "SLOT",
          }),
        ]);
        const expect = r.kind === "refused" ? 1006 : 0;
        return send(req, context, { name: "deposit", body, expect, delta: e4Of(r, r.win), userCode: r.player.userCode });
      },
      onResponse(_status, _body, context) {
        if (context.call.answered === 0) {
          if (recentSettles.length < 500) recentSettles.push(context.call.body);
          else recentSettles[n % 500] = context.call.body;
        }
      },
    },
  ];
}

function applied(call) {
  tracker.delta.set(call.userCode, (tracker.delta.get(call.userCode) ?? 0) + call.delta);
  tracker.applied++;
}

/** The element code of an answer, or what else came back. */
function codeOf(status, text) {
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  return status === 200 && answer?.code === 0 ? answer.data?.[0]?.code : `http ${status}/${answer?.code}`;
}

/** A call counts when the envelope answers 0 and its one row answers what the call expects (0 unless made to fail). */
function check(status, body, context) {
  const call = context.call;
  tracker.inFlight.delete(call);
  const got = codeOf(status, body);
  call.answered = got;
  const key = `${call.expect}→${got}`;
  tracker.answers[key] = (tracker.answers[key] ?? 0) + 1;
  const good = got === call.expect;
  if (good && got === 0) applied(call);
  if (!good && tracker.unexpected.length < 5) tracker.unexpected.push(`${call.name} ${key}: ${String(body).slice(0, 200)}`);
  return good;
}

/**
 * autocannon stops at the end of a run without waiting for the answers in flight; the server may still apply those
 * calls. Each is sent again with its id, as the aggregator retries: a call applied before answers 1003, one never
 * applied is applied now (0), and a call made to fail answers its refusal again, so afterwards every applied
 * movement is known.
 */
async function settleInFlight(sender) {
  const calls = [...tracker.inFlight];
  tracker.inFlight.clear();
  for (const call of calls) {
    const res = await sender.send(call.name, call.body);
    const got = codeOf(res.status, res.text);
    const key = `${call.expect}→${got}`;
    tracker.resent[key] = (tracker.resent[key] ?? 0) + 1;
    if (call.expect === 0 && (got === 0 || got === 1003)) applied(call);
    else if (got !== call.expect && tracker.unexpected.length < 10)
      tracker.unexpected.push(`resent ${call.name} ${key}: ${res.text.slice(0, 200)}`);
  }
  return calls.length;
}

/** The demo server syncs the simulator's catalogue as it starts: wait until both products are playable. */
async function waitForProducts(ctx) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const rows = rowsOf(
      await ctx.db.execute(
        sql`select count(*)::int as n from providers where code in ('GSC1006', 'GSC1007') and active and not maintenance`,
      ),
    );
    if (Number(rows[0]?.n) === 2) return;
    if (Date.now() > deadline) throw new Error("the GSC+ catalogue sync did not create products 1006 and 1007 within 90 s");
    await sleep(250);
  }
}

/** Every player's exact balance (kyat × 10⁴ + remainder − debt) against funding + what the answered calls moved. */
async function checkBalances(ctx, players, unfunded) {
  const res = await ctx.db.execute(sql`
    select u.user_code,
           (a.balance * 10000 + coalesce(w.remainder_e4, 0) - coalesce(w.debt_e4, 0))::text as exact_e4
    from users u
    join ledger_accounts a on a.user_id = u.id and a.kind = 'game'
    left join gsc_wallets w on w.user_id = u.id
    where u.role = 'player'`);
  const actual = new Map(rowsOf(res).map((r) => [r.user_code, BigInt(r.exact_e4)]));
  let mismatches = 0;
  const samples = [];
  for (const [list, funding] of [
    [players, FUNDING],
    [unfunded, 0],
  ]) {
    for (const p of list) {
      const expected = BigInt(funding) * 10_000n + BigInt(tracker.delta.get(p.userCode) ?? 0);
      if (actual.get(p.userCode) !== expected) {
        mismatches++;
        if (samples.length < 5) samples.push(`${p.userCode}: expected ${expected}, found ${actual.get(p.userCode)}`);
      }
    }
  }
  return { players: players.length + unfunded.length, mismatches, samples };
}

/** The house's exact GSC+ position equals what the players lost, exactly, and the ledger's kyat match (as the tests check). */
async function checkConservation(ctx) {
  const row = rowsOf(
    await ctx.db.execute(sql`
      select (select coalesce(sum(amount_e4), 0) from gsc_transactions)::text as players_e4,
             (select count(*) from gsc_transactions)::int as transactions,
             (select coalesce(sum(balance), 0) from ledger_accounts where code like 'house:casino:gsc%')::text as house_kyat,
             (select coalesce(sum(remainder_e4), 0) from gsc_wallets)::text as remainders,
             (select coalesce(sum(debt_e4), 0) from gsc_wallets)::text as debts,
             (select coalesce(sum(kyat_moved), 0) from gsc_transactions)::text as moved`),
  )[0];
  const players = BigInt(row.players_e4);
  const house = BigInt(row.house_kyat) * 10_000n - BigInt(row.remainders) + BigInt(row.debts);
  return {
    ...row,
    exact_conserved: players + house === 0n,
    kyat_conserved: BigInt(row.moved) === -BigInt(row.house_kyat),
    tracked_players_e4: String([...tracker.delta.values()].reduce((a, b) => a + BigInt(b), 0n)),
  };
}

const out = {
  settings: {
    players: PLAYERS,
    unfunded_players: UNFUNDED,
    seconds,
    calls:
      "withdraw BET then deposit SETTLED of the same wager, per connection; 1 round in 4 MMK2 (product 1007) with fractions, the rest MMK (1006)",
    deliberate_failures: "2 % of rounds by an unfunded player (1001, then 1006); 2 % with an earlier SETTLED sent again (1003)",
    tool: "autocannon 8",
  },
};
log(NAME, "pgbench tpcb-like (scale 10, 8 clients, prepared)");
out.pgbench = await pgbenchTpcb({ seconds });
log(NAME, `pgbench ${out.pgbench.tps} tps`);
const db = await createScratchDatabase();
let server;
let context;
try {
  server = await startServer({ databaseUrl: db.url });
  context = await openContext(db.url, { poolSize: 4 });
  await waitForProducts(context.ctx);
  log(NAME, `creating ${PLAYERS} + ${UNFUNDED} players`);
  const players = await createPlayers(context.ctx, PLAYERS, { game: FUNDING });
  const unfunded = await createPlayers(context.ctx, UNFUNDED);
  const sender = new ScenarioSender({ callbackBaseUrl: `${server.base}${PREFIX}`, operatorCode: OPERATOR, secretKey: SECRET });
  const probe = await loadRun({ url: server.base, connections: 4, duration: 2, requests: rounds(players, unfunded, sender), check });
  if (probe.ok === 0) throw new Error(`no GSC+ webhook succeeded: ${probe.failure_samples.join(" | ")}`);
  out.probe_in_flight_at_end = await settleInFlight(sender);
  for (const connections of [16, 64]) {
    log(NAME, `GSC+ webhooks, ${connections} connections, ${seconds} s`);
    out[`c${connections}`] = await loadRun({
      url: server.base,
      connections,
      duration: seconds,
      requests: rounds(players, unfunded, sender),
      check,
      serverPid: server.pid,
    });
    out[`c${connections}`].in_flight_at_end = await settleInFlight(sender);
  }
  out.answers = tracker.answers;
  out.resent = tracker.resent;
  out.unexpected_samples = tracker.unexpected;
  out.balances = await checkBalances(context.ctx, players, unfunded);
  out.conservation = await checkConservation(context.ctx);
  out.applied_known = tracker.applied;
  const audit = await auditLedger(context.ctx.db);
  out.audit = { violations: audit.violations.length, sample: audit.violations.slice(0, 5) };
  out.database = await serverVersion();
} finally {
  await context?.close();
  await server?.stop();
  await db.drop();
}

// In a run a call must answer what it expects; sent again after a run, a call expecting 0 may also find itself applied (1003).
const mismatched = (tally, alsoGood) =>
  Object.entries(tally)
    .filter(([k]) => {
      const [expected, got] = k.split("→");
      return expected !== got && !(alsoGood && expected === "0" && got === "1003");
    })
    .reduce((a, [, v]) => a + v, 0);
const unexpectedAnswers = mismatched(out.answers, false) + mismatched(out.resent, true);
const noAnswer = [out.c16, out.c64].reduce((a, r) => a + r.errors + r.timeouts, 0);
const moneyClean =
  out.balances.mismatches === 0 &&
  out.conservation.exact_conserved &&
  out.conservation.kyat_conserved &&
  out.conservation.transactions === out.applied_known &&
  out.audit.violations === 0;

const rows = [];
for (const c of [16, 64]) {
  const r = out[`c${c}`];
  const ratio = round(r.ok_per_s / out.pgbench.tps, 3);
  rows.push(
    {
      metric: `GSC+ webhook calls/s, ${c} conns`,
      figure: r.ok_per_s,
      unit: "calls/s",
      reference_label: "pgbench tpcb-like",
      reference: out.pgbench.tps,
      reference_unit: "tps",
      ratio,
      target: "≥ 0.5 × pgbench",
      pass: ratio >= 0.5 && r.failed === 0 && r.errors === 0,
    },
    {
      metric: `GSC+ webhook p50 / p99, ${c} conns`,
      figure: `${r.latency_ms.p50} / ${r.latency_ms.p99}`,
      unit: "ms",
      ...(c === 16 ? { target: "p99 ≤ 50 ms", pass: r.latency_ms.p99 <= 50 } : {}),
    },
  );
}
const deliberate = Object.entries(out.answers)
  .filter(([k]) => !k.startsWith("0→"))
  .map(([k, v]) => `${k.split("→")[0]}: ${v}`)
  .join(", ");
rows.push(
  {
    metric: "calls answered other than expected / without an answer (all runs)",
    figure: `${unexpectedAnswers} / ${noAnswer}`,
    reference_label: "answered 0; made to fail on purpose",
    reference: `${out.answers["0→0"] ?? 0}; ${deliberate}`,
    target: "0 / 0",
    pass: unexpectedAnswers === 0 && noAnswer === 0,
  },
  {
    metric: "players' exact balances unlike funding + answered calls; house exact position ≠ players' losses; auditor violations",
    figure: `${out.balances.mismatches} of ${out.balances.players}; ${out.conservation.exact_conserved && out.conservation.kyat_conserved ? 0 : 1}; ${out.audit.violations}`,
    reference_label: "transactions in the database / known applied (answered 0, or found applied when sent again)",
    reference: `${out.conservation.transactions} / ${out.applied_known}`,
    target: "all 0, counts equal",
    pass: moneyClean,
  },
);
rows.push(...cpuBudgetRows({ noun: "call", ratio: 0.5, cpu: out.c16.cpu_per_ok, pgbench: out.pgbench, cores: machineInfo().cores }));
out.rows = rows;
const file = writeResult(NAME, out);
log(
  NAME,
  `c16 ${out.c16.ok_per_s}/s p99 ${out.c16.latency_ms.p99} (failed ${out.c16.failed}), c64 ${out.c64.ok_per_s}/s; pgbench ${out.pgbench.tps}; ` +
    `unexpected ${unexpectedAnswers}, money ${moneyClean ? "clean" : "NOT clean"}; ${file}`,
);
if (!moneyClean || unexpectedAnswers > 0) process.exitCode = 1;
