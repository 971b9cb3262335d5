import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import helmet, { type HelmetOptions } from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { apiHeaders, helmetHeaders, securityHeaderOptions } from "./security-headers.ts";

/** What Helmet's middleware itself sets on a real Node response. */
function helmetOnRealResponse(options: HelmetOptions): Record<string, string> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet(options)(req, res, () => undefined);
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)]));
}

describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it.each([false, true])("the recorded set is exactly what Helmet sets (production %s)", (production) => {
    const options = securityHeaderOptions(production);
    const recorded = helmetHeaders(options);
    expect(recorded).toEqual(helmetOnRealResponse(options));
    expect(recorded["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(recorded["x-content-type-options"]).toBe("nosniff");
    expect("strict-transport-security" in recorded).toBe(production);
  });

  it.each([false, true])("connect-src names only the site's own origin (production %s)", (production) => {
    const csp = helmetHeaders(securityHeaderOptions(production))["content-security-policy"] ?? "";
    const connect = /(?:^|;)connect-src ([^;]*)/.exec(csp)?.[1];
    // 'self' also covers ws:/wss: to the same host and port (CSP Level 3; Chrome 71+, Firefox, Safari 16+).
    expect(connect).toBe("'self'");
    for (const wildcard of ["ws:", "wss:", "https:", "http:", "*"]) expect(connect?.split(" ")).not.toContain(wildcard);
  });

  it("the game overlay frames only the site itself unless an aggregator's game hosts are added", () => {
    const frameSrc = (csp: string) => /(?:^|;)frame-src ([^;]*)/.exec(csp)?.[1];
    expect(frameSrc(helmetHeaders(securityHeaderOptions(true))["content-security-policy"] ?? "")).toBe("'self'");
    const withGames = helmetHeaders(securityHeaderOptions(true, ["https:"]))["content-security-policy"] ?? "";
    expect(frameSrc(withGames)).toBe("'self' https:");
    // Nothing else opens up.
    expect(withGames.replace("frame-src 'self' https:", "frame-src 'self'")).toBe(
      helmetHeaders(securityHeaderOptions(true))["content-security-policy"],
    );
  });

  it("a directive computed per request is refused", () => {
    const options: HelmetOptions = { contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } };
    expect(() => helmetHeaders(options)).toThrow(/scriptSrc/);
  });

  it("API answers keep the headers that protect them and allow no content at all", () => {
    const pages = helmetHeaders(securityHeaderOptions(true));
    expect(apiHeaders(pages)).toEqual({
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      "cross-origin-resource-policy": "same-origin",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "content-security-policy": "default-src 'none';frame-ancestors 'self'",
    });
    expect(apiHeaders(helmetHeaders(securityHeaderOptions(false)))["strict-transport-security"]).toBeUndefined();
  });

  it.each([
    ["GET", "/api/health", 200],
    ["GET", "/api/g/categories", 200],
    ["GET", "/api/luckynumber_daily", 200],
    ["GET", "/api/winner_users/4D", 400],
    ["GET", "/api/user/profile", 401],
    ["GET", "/api/no-such-call", 404],
    ["POST", "/api/user/login", 400],
  ] as const)("%s %s (%s) carries the API headers", async (method, url, status) => {
    const res = await t.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(status);
    const api = apiHeaders(helmetHeaders(securityHeaderOptions(false)));
    for (const [name, value] of Object.entries(api)) expect(res.headers[name]).toBe(value);
    for (const name of ["cross-origin-opener-policy", "referrer-policy", "x-dns-prefetch-control", "strict-transport-security"]) {
      expect(res.headers[name]).toBeUndefined();
    }
  });

  it("anything outside /api (the web app's pages and files) carries Helmet's full set", async () => {
    const res = await t.app.inject({ method: "GET", url: "/wallet/cash-in" });
    for (const [name, value] of Object.entries(helmetHeaders(securityHeaderOptions(false)))) expect(res.headers[name]).toBe(value);
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("production answers carry HSTS", async () => {
    const prod = await buildApp({ config: { ...t.config, mode: "production" }, database: t.database });
    try {
      for (const url of ["/api/health", "/"]) {
        const res = await prod.app.inject({ method: "GET", url });
        expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
        expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      }
    } finally {
      await prod.app.close();
    }
  });
});
