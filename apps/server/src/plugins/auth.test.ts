import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodApp } from "../app-context.ts";
import { call, createUser, expectErrorBody, type TestUser } from "../modules/ledger/testing.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { isOperatorPath } from "./auth.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Every route the app has registered, read from Fastify's own route tree (printRoutes), so a route
 * added later is in the matrix without anyone listing it.
 */
function registeredRoutes(app: ZodApp): { method: Method; url: string }[] {
  const routes: { method: Method; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const url = (stack[depth - 1] ?? "") + (match[2] ?? "");
    stack.length = depth;
    stack[depth] = url;
    for (const method of (match[3] ?? "").split(", ")) {
      if (["GET", "POST", "PUT", "PATCH", "DELETE"].includes(method)) routes.push({ method: method as Method, url });
    }
  }
  return routes;
}

/** A request to the route that fails validation whatever the route expects: bad params, bad query, bad body. */
function invalidRequest(route: { method: Method; url: string }) {
  const url = `${route.url.replace(/:[A-Za-z_]+/g, "not-a-valid-id").replace(/\*$/, "x")}?limit=not-a-number&unknown_field=1`;
  const body = route.method === "GET" || route.method === "DELETE" ? undefined : '{"unknown_field": 1, "amount": "not money"';
  return { method: route.method, url, body };
}

describe("operator routes check the token before the body", () => {
  let t: TestApp;
  let player: TestUser;
  let operator: TestUser;
  let adminRoutes: { method: Method; url: string }[];
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    player = await createUser(t);
    operator = await createUser(t, { role: "operator" });
    adminRoutes = registeredRoutes(t.app).filter((r) => isOperatorPath(r.url));
  });
  afterAll(async () => t.close());

  it("finds every operator route (the route tree is read, not a list kept by hand)", () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(40);
    expect(adminRoutes).toContainEqual({ method: "GET", url: "/api/admin/ledger/audit" });
    expect(adminRoutes).toContainEqual({ method: "POST", url: "/api/admin/users/:id/block" });
  });

  it("every /api/admin route: anonymous with an invalid request → 401, a player → 403, never 400", async () => {
    const answers: string[] = [];
    for (const route of adminRoutes) {
      const req = invalidRequest(route);
      const send = (token?: string) =>
        t.app.inject({
          method: req.method,
          url: req.url,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(req.body ? { "content-type": "application/json" } : {}) },
          ...(req.body ? { payload: req.body } : {}),
        });
      const anonymous = await send();
      const asPlayer = await send(player.token);
      const asBadToken = await send("x".repeat(43));
      answers.push(`${route.method} ${route.url}: ${anonymous.statusCode}/${asBadToken.statusCode}/${asPlayer.statusCode}`);
      expectErrorBody(anonymous, 401, "UNAUTHENTICATED");
      expectErrorBody(asBadToken, 401, "UNAUTHENTICATED");
      expectErrorBody(asPlayer, 403, "FORBIDDEN");
    }
    expect(answers.every((a) => a.endsWith(": 401/401/403"))).toBe(true);
  });

  it("an operator still gets the validation answer (the check runs once, before it)", async () => {
    const res = await call(t, "GET", "/api/admin/users?limit=not-a-number", { token: operator.token });
    expectErrorBody(res, 400, "VALIDATION_FAILED");
  });
});
