import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorApiSign } from "./sign.ts";
import { type StartedGscSimulator, startGscSimulator } from "./simulator.ts";
import { type FakeOperator, startFakeOperator } from "./testing/fake-operator.ts";

const OP = "SWDM";
const SECRET = "game-page-secret";
const KYAT = 10_000n;

let sim: StartedGscSimulator;
let operator: FakeOperator;
/** The wins the next spins pay, in ten-thousandths of a unit of the request currency. */
const wins: bigint[] = [];
/** Where the simulator sends its webhooks instead of the fake operator, while set. */
let callbackOverride: string | undefined;

beforeAll(async () => {
  operator = await startFakeOperator({ operatorCode: OP, secretKey: SECRET, kyat: { PLY1: 150_000, POOR: 50 } });
  sim = await startGscSimulator({
    operatorCode: OP,
    secretKey: SECRET,
    callbackBaseUrl: () => callbackOverride ?? operator.callbackBase,
    outcome: () => wins.shift() ?? 0n,
  });
});

afterAll(async () => {
  await sim?.close();
  await operator?.close();
});

async function launch(member: string, product: number, currency: string, gameCode: string): Promise<Record<string, unknown>> {
  const t = Math.floor(Date.now() / 1000);
  const res = await fetch(`${sim.url}/api/operators/launch-game`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      operator_code: OP,
      member_account: member,
      password: `pw-${member}`,
      nickname: member,
      currency,
      game_code: gameCode,
      product_code: product,
      game_type: "SLOT",
      language_code: 13,
      platform: "MOBILE",
      operator_lobby_url: "https://site.example/lobby",
      request_time: t,
      sign: operatorApiSign(t, SECRET, "launchgame", OP),
    }),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** The page's API base, read from the page's own configuration block. */
function apiBaseOf(html: string): string {
  const json = /<script type="application\/json" id="config">([^<]*)<\/script>/.exec(html)?.[1];
  return (JSON.parse(json as string) as { apiBase: string }).apiBase;
}

/** The first transaction of a wallet webhook's body. */
function firstTx(body: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const elements = (body?.batch_requests ?? []) as Array<{ transactions: Array<Record<string, unknown>> }>;
  return elements[0]?.transactions[0];
}

async function call(url: string, method = "GET"): Promise<Record<string, unknown>> {
  const res = await fetch(url, { method });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe("the game page", () => {
  it("is one self-contained mobile page whose inline script the CSP allows by hash", async () => {
    const answer = await launch("PLY1", 1006, "MMK", sim.simulator.catalogue.games(1006, "", "SLOT")[0]?.game_code as string);
    const res = await fetch(answer.url as string);
    const html = await res.text();
    expect(html).toContain('name="viewport"');
    expect(html).not.toMatch(/<(?:link|img)[^>]+(?:src|href)="(?!data:)/); // no external assets
    expect(html).not.toMatch(/<script[^>]+src=/);
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] as string;
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update(script, "utf8").digest("base64");
    expect(res.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
    // The script at least parses (it is run by the browser journeys, not here).
    expect(() => new Function(script)).not.toThrow();
  });

  it("shows the operator's balance, spins through /withdraw and /deposit, and shows the new balance", async () => {
    const answer = await launch("PLY1", 1007, "MMK2", "65");
    const base = apiBaseOf(String(answer.content));
    operator.received.length = 0;

    const state = await call(`${base}/state`);
    expect(state).toMatchObject({
      ok: true,
      code: 0,
      currency: "MMK2",
      balance: "150",
      balance_kyat: "150,000",
      lobby_url: "https://site.example/lobby",
    });
    expect(operator.received.map((r) => r.name)).toEqual(["balance"]);
    expect(operator.received[0]?.body).toMatchObject({
      currency: "MMK2",
      batch_requests: [{ member_account: "PLY1", product_code: 1007 }],
    });

    wins.push(12_500n); // 1.25 MMK2
    const won = await call(`${base}/spin?stake=0.5`, "POST");
    expect(won).toMatchObject({ ok: true, code: 0, stake: "0.5", win: "1.25", balance: "150.75", balance_kyat: "150,750" });
    expect(operator.balances.get("PLY1")).toBe(150_750n * KYAT);
    const [, withdraw, deposit] = operator.received;
    expect(withdraw?.name).toBe("withdraw");
    const bet = firstTx(withdraw?.body);
    expect(bet).toMatchObject({
      action: "BET",
      amount: "-0.5",
      bet_amount: "0.5",
      game_code: "65",
      wager_code: won.wager_code,
      wager_status: "BET",
    });
    expect(deposit?.name).toBe("deposit");
    const settle = firstTx(deposit?.body);
    expect(settle).toMatchObject({
      action: "SETTLED",
      amount: "1.25",
      prize_amount: "1.25",
      wager_code: won.wager_code,
      wager_status: "SETTLED",
    });

    wins.push(0n);
    const lost = await call(`${base}/spin?stake=1`, "POST");
    expect(lost).toMatchObject({ ok: true, win: "0", balance: "149.75" });
    expect(operator.balances.get("PLY1")).toBe(149_750n * KYAT);
    expect(sim.simulator.wagers.get(String(lost.wager_code))).toMatchObject({ wager_status: "SETTLED", bet_amount: 1, prize_amount: 0 });
  });

  it("shows insufficient funds (1001) and takes nothing", async () => {
    const answer = await launch("POOR", 1006, "MMK", sim.simulator.catalogue.games(1006, "", "SLOT")[0]?.game_code as string);
    const base = apiBaseOf(await (await fetch(answer.url as string)).text());
    const before = operator.received.length;
    const refused = await call(`${base}/spin?stake=100`, "POST");
    expect(refused).toMatchObject({ ok: false, code: 1001, balance: "50" });
    expect(operator.received.slice(before).map((r) => r.name)).toEqual(["withdraw"]); // no settlement follows
    expect(operator.balances.get("POOR")).toBe(50n * KYAT);
  });

  it("refuses a stake that is not on the page's list and an unknown session", async () => {
    const answer = await launch("PLY1", 1006, "MMK", sim.simulator.catalogue.games(1006, "", "SLOT")[0]?.game_code as string);
    const base = apiBaseOf(await (await fetch(answer.url as string)).text());
    expect(await call(`${base}/spin?stake=123`, "POST")).toMatchObject({ ok: false, code: 10002 });
    expect(await call(`${sim.url}/game/${"0".repeat(32)}/state`)).toMatchObject({ ok: false, code: "session" });
    expect((await fetch(`${sim.url}/game/${"0".repeat(32)}`)).status).toBe(404);
  });

  it("says so when the operator does not answer", async () => {
    const answer = await launch("PLY1", 1006, "MMK", sim.simulator.catalogue.games(1006, "", "SLOT")[0]?.game_code as string);
    const base = apiBaseOf(await (await fetch(answer.url as string)).text());
    const gone = await startFakeOperator({ operatorCode: OP, secretKey: SECRET, kyat: {} });
    await gone.close(); // nothing listens there any more
    callbackOverride = gone.callbackBase;
    try {
      expect(await call(`${base}/state`)).toMatchObject({ ok: false, code: "unreachable" });
      expect(await call(`${base}/spin?stake=100`, "POST")).toMatchObject({ ok: false, code: "unreachable" });
    } finally {
      callbackOverride = undefined;
    }
    expect(await call(`${base}/state`)).toMatchObject({ ok: true });
  });
});
