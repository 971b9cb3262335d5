import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";

describe("GET /api/health and /api/ready", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("health answers ok, ready answers ready once the database is migrated", async () => {
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
  });

  it("answers unknown API paths with the error body", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found.", code: "NOT_FOUND" });
  });

  it("serves the OpenAPI document in demo mode", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths["/api/health"]).toBeDefined();
    expect(res.json().paths["/api/ready"]).toBeDefined();
  });

  it("sets security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'self'");
  });
});

describe("readiness follows the database, liveness does not", () => {
  it("is not ready while a migration is missing", async () => {
    const t = await createTestApp({ seed: false });
    try {
      await t.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const ready = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers["retry-after"]).toBe("5");
      expect(ready.json()).toMatchObject({ status: "unavailable", code: "UNAVAILABLE" });
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("stays alive but not ready when the database is gone", async () => {
    const t = await createTestApp({ seed: false });
    const { database } = t;
    let closed = false;
    try {
      await database.close();
      closed = true;
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(503);
    } finally {
      await t.app.close();
      if (!closed) await database.close();
    }
  });
});

describe("GET /metrics", () => {
  it("is open in demo mode and counts requests by route pattern, bets by type and outcome", async () => {
    const t = await createTestApp({ seed: false });
    try {
      await t.app.inject({ method: "GET", url: "/api/health" });
      await t.app.inject({ method: "GET", url: "/api/nope/123" });
      await t.app.inject({ method: "POST", url: "/api/user/betting_3d", payload: { draw_id: 1, lines: [] } });
      const res = await t.app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/plain");
      const text = res.body;
      expect(text).toMatch(/shwe_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/);
      expect(text).toMatch(/shwe_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="2xx"\} 1/);
      expect(text).toMatch(/shwe_bets_total\{type="3D",outcome="refused"\} 1/);
      // Raw URLs never become labels.
      expect(text).not.toContain("/api/nope/123");
      expect(text).toContain("shwe_websockets_open 0");
      expect(text).toContain("shwe_draws_settled_total 0");
      expect(text).toContain("shwe_outbox_lag_seconds_bucket");
      expect(text).toContain("shwe_process_nodejs_eventloop_lag_seconds");
      if (onRealPostgres) expect(text).toMatch(/shwe_db_pool_clients\{state="total"\} \d+/);
      else expect(text).not.toMatch(/shwe_db_pool_clients\{/);
    } finally {
      await t.close();
    }
  });

  it("answers 404 in production without METRICS_TOKEN", async () => {
    const t = await createTestApp({ seed: false, config: { mode: "production" } });
    try {
      const res = await t.app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Not found.", code: "NOT_FOUND" });
    } finally {
      await t.close();
    }
  });

  it("needs the bearer token in production when METRICS_TOKEN is set", async () => {
    const token = `${"m".repeat(16)}etrics-token-0123456789`;
    const t = await createTestApp({ seed: false, config: { mode: "production", metricsToken: token } });
    try {
      const none = await t.app.inject({ method: "GET", url: "/metrics" });
      expect(none.statusCode).toBe(401);
      expect(none.headers["www-authenticate"]).toContain("Bearer");
      const wrong = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${token}x` } });
      expect(wrong.statusCode).toBe(401);
      const right = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${token}` } });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain("shwe_http_requests_total");
    } finally {
      await t.close();
    }
  });
});
