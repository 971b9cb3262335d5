import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import type { ZodApp } from "../app-context.ts";
import type { Database } from "../db/client.ts";
import { newPhone, post } from "../modules/accounts/accounts.test-helpers.ts";
import { openTestDatabase } from "../test/test-app.ts";
import { ConfigError, loadConfig, testConfig } from "./env.ts";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";

describe("TRUST_PROXY", () => {
  it("reads false, a hop count or a list of proxy addresses / CIDR ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses anything else, and `true` (every address) in production", () => {
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0.1,not-an-ip", "1.2.3", "fd00::/129", "11", "-1", "10.0.0.1,"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => parseTrustProxy("true", "production")).toThrow(/TRUST_PROXY=1/);
    expect(parseTrustProxy("true", "demo")).toBe(true);
  });
});

/** An instance with the given TRUST_PROXY and a route that shows the client address it sees. */
async function instanceWith(database: Database, trustProxy: TrustProxy): Promise<ZodApp> {
  const { app } = await buildApp({ config: testConfig({ trustProxy }), database });
  app.get("/test/ip", async (request) => ({ ip: request.ip }));
  await app.ready();
  return app;
}

describe("the client address behind proxies", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let none: ZodApp;
  let oneHop: ZodApp;
  let listed: ZodApp;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(testConfig()));
    none = await instanceWith(database, false);
    oneHop = await instanceWith(database, parseTrustProxy("1", "production"));
    listed = await instanceWith(database, parseTrustProxy("10.0.0.0/8,192.168.1.10", "production"));
  });
  afterAll(async () => {
    for (const app of [none, oneHop, listed]) await app.close();
    await database.close();
    await drop();
  });

  const ipSeenBy = async (app: ZodApp, remoteAddress: string, forwardedFor?: string) => {
    const res = await app.inject({
      method: "GET",
      url: "/test/ip",
      remoteAddress,
      ...(forwardedFor === undefined ? {} : { headers: { "x-forwarded-for": forwardedFor } }),
    });
    return res.json().ip as string;
  };

  it("without TRUST_PROXY, X-Forwarded-For is ignored", async () => {
    expect(await ipSeenBy(none, "203.0.113.5", "198.51.100.1")).toBe("203.0.113.5");
  });

  it("with one hop, the entry the proxy added counts; a spoofed left-most entry changes nothing", async () => {
    expect(await ipSeenBy(oneHop, "10.0.0.2", "203.0.113.7")).toBe("203.0.113.7");
    expect(await ipSeenBy(oneHop, "10.0.0.2", "1.1.1.1, 203.0.113.7")).toBe("203.0.113.7");
    expect(await ipSeenBy(oneHop, "10.0.0.2", "1.1.1.1, 2.2.2.2, 203.0.113.7")).toBe("203.0.113.7");
  });

  it("with a list, X-Forwarded-For is honoured only on connections from the listed proxies", async () => {
    expect(await ipSeenBy(listed, "10.1.2.3", "203.0.113.9")).toBe("203.0.113.9");
    expect(await ipSeenBy(listed, "192.168.1.10", "203.0.113.9")).toBe("203.0.113.9");
    // Not a listed proxy: its header is ignored, the connection's address counts.
    expect(await ipSeenBy(listed, "198.51.100.7", "203.0.113.9")).toBe("198.51.100.7");
    expect(await ipSeenBy(listed, "192.168.1.11", "203.0.113.9")).toBe("192.168.1.11");
    // The first untrusted address from the right is the client; entries before it are not believed.
    expect(await ipSeenBy(listed, "10.1.2.3", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    expect(await ipSeenBy(listed, "10.1.2.3", "203.0.113.9, 10.4.4.4")).toBe("203.0.113.9");
  });

  it("a client cannot escape the per-address limit by forging X-Forwarded-For (one hop)", async () => {
    // check_phone: 30 per address per 15 minutes.
    for (let i = 0; i < 30; i++) {
      const res = await oneHop.inject({
        method: "POST",
        url: "/api/user/check_phone",
        remoteAddress: "10.0.0.2",
        headers: { "x-forwarded-for": `100.64.${i}.1, 203.0.113.50` },
        payload: { phone: newPhone() },
      });
      expect(res.statusCode).toBe(200);
    }
    const forged = await oneHop.inject({
      method: "POST",
      url: "/api/user/check_phone",
      remoteAddress: "10.0.0.2",
      headers: { "x-forwarded-for": "100.64.200.1, 203.0.113.50" },
      payload: { phone: newPhone() },
    });
    expect(forged.statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    const other = await oneHop.inject({
      method: "POST",
      url: "/api/user/check_phone",
      remoteAddress: "10.0.0.2",
      headers: { "x-forwarded-for": "203.0.113.51" },
      payload: { phone: newPhone() },
    });
    expect(other.statusCode).toBe(200);
    // Requests straight to an instance that trusts no proxy count under the connection's address.
    expect((await post(none, "/api/user/check_phone", { phone: newPhone() })).statusCode).toBe(200);
  });
});
