import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config/env.ts";
import { expectErrorBody } from "./modules/ledger/testing.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";

describe("GET /api/openapi.json", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function inProduction(openapiEnabled: boolean) {
    const built = await buildApp({ config: { ...t.config, mode: "production", openapiEnabled }, database: t.database });
    try {
      return await built.app.inject({ method: "GET", url: "/api/openapi.json" });
    } finally {
      await built.app.close();
    }
  }

  it("demo mode serves the document, with the house launch-code exchange in it", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths["/house/api/launch"]?.post).toBeDefined();
  });

  it("production answers 404 (the error body) unless OPENAPI_ENABLED=true", async () => {
    expectErrorBody(await inProduction(false), 404, "NOT_FOUND");
    const enabled = await inProduction(true);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().paths["/api/health"]).toBeDefined();
  });

  it("OPENAPI_ENABLED is read as true/false, off by default", () => {
    expect(loadConfig({}).openapiEnabled).toBe(false);
    expect(loadConfig({ OPENAPI_ENABLED: "true" }).openapiEnabled).toBe(true);
    expect(loadConfig({ OPENAPI_ENABLED: "false" }).openapiEnabled).toBe(false);
    expect(() => loadConfig({ OPENAPI_ENABLED: "yes" })).toThrow(ConfigError);
  });
});
