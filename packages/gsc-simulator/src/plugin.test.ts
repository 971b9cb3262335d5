import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { operatorApiSign } from "./sign.ts";
import { registerGscSimulator } from "./simulator.ts";
import { type FakeOperator, startFakeOperator } from "./testing/fake-operator.ts";

const OP = "SWDM";
const SECRET = "demo-secret";
let operator: FakeOperator | undefined;

afterAll(async () => {
  await operator?.close();
});

describe("mounted in a site's app under a prefix (demo mode)", () => {
  it("serves the operator API and the game page under the prefix, its page headers over the site's", async () => {
    const app = Fastify({ logger: false });
    // The site's strict headers on every /api answer, as the product's security-headers plugin sets them.
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers({ "content-security-policy": "default-src 'none';frame-ancestors 'self'", "x-frame-options": "SAMEORIGIN" });
      done();
    });
    let callbackBase = ""; // known only once the operator listens
    const simulator = registerGscSimulator(app, {
      prefix: "/api/dev/gsc-sim",
      operatorCode: OP,
      secretKey: SECRET,
      callbackBaseUrl: () => callbackBase,
      lobbyUrl: "/lobby",
    });
    operator = await startFakeOperator({ operatorCode: OP, secretKey: SECRET, kyat: { PLY1: 5000 } });
    callbackBase = operator.callbackBase;
    try {
      const t = Math.floor(Date.now() / 1000);
      const products = await app.inject({
        url: `/api/dev/gsc-sim/api/operators/available-products?operator_code=${OP}&request_time=${t}&sign=${operatorApiSign(t, SECRET, "productlist", OP)}`,
      });
      expect(products.statusCode).toBe(200);
      expect(Array.isArray(products.json())).toBe(true);

      const gameCode = simulator.catalogue.games(1006, "", "SLOT")[0]?.game_code;
      const launched = await app.inject({
        method: "POST",
        url: "/api/dev/gsc-sim/api/operators/launch-game",
        headers: { host: "demo.example:8080" },
        payload: {
          operator_code: OP,
          member_account: "PLY1",
          password: "pw",
          currency: "MMK",
          product_code: 1006,
          game_type: "SLOT",
          game_code: gameCode,
          request_time: t,
          sign: operatorApiSign(t, SECRET, "launchgame", OP),
        },
      });
      const url = String(launched.json().url);
      expect(url.startsWith("http://demo.example:8080/api/dev/gsc-sim/game/")).toBe(true);
      const page = await app.inject({ url: new URL(url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-security-policy"]).toMatch(/script-src 'sha256-/);
      expect(page.headers["x-frame-options"]).toBeUndefined();
      expect(page.body).toContain('"lobbyUrl":"/lobby"');

      const state = await app.inject({ url: `${new URL(url).pathname}/state` });
      expect(state.json()).toMatchObject({ ok: true, balance: "5000" });
      expect(operator.received.map((r) => r.name)).toEqual(["balance"]);
    } finally {
      await app.close();
    }
  });
});
