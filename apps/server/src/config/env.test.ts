import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

const productionSecrets = {
  APP_MODE: "production",
  DATABASE_URL: "postgres://shwe@db.internal:5432/shwe",
  HOUSE_SECRET: "a-long-house-secret-0123456789",
  VAPID_PUBLIC_KEY: "BPublicKeyForPush",
  VAPID_PRIVATE_KEY: "privateKeyForPush",
  VAPID_SUBJECT: "mailto:ops@example.com",
};

function refusal(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("loadConfig accepted the environment");
}

describe("loadConfig", () => {
  it("reuses public answers for 2 s unless PUBLIC_CACHE_MS says otherwise (0 = never, at most 60 s)", () => {
    expect(loadConfig({}).publicCacheMs).toBe(2000);
    expect(loadConfig({ PUBLIC_CACHE_MS: "0" }).publicCacheMs).toBe(0);
    expect(loadConfig({ PUBLIC_CACHE_MS: "5000" }).publicCacheMs).toBe(5000);
    for (const bad of ["-1", "60001", "soon", "1.5"]) expect(refusal({ PUBLIC_CACHE_MS: bad }).message).toContain("PUBLIC_CACHE_MS");
  });

  it("runs demo mode on port 3000 with the embedded database in ./data when nothing is set", () => {
    const config = loadConfig({});
    expect(config.mode).toBe("demo");
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(resolve("./data"));
    expect(config.vapid).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it("reads PORT, DATA_DIR, DATABASE_URL and TRUST_PROXY", () => {
    const config = loadConfig({ PORT: "3300", DATA_DIR: "/tmp/shwe-data", DATABASE_URL: "postgres://u@h:5432/d", TRUST_PROXY: "true" });
    expect(config.port).toBe(3300);
    expect(config.dataDir).toBe("/tmp/shwe-data");
    expect(config.databaseUrl).toBe("postgres://u@h:5432/d");
    expect(config.trustProxy).toBe(true);
  });

  it("keeps DATA_DIR=memory as the in-memory database", () => {
    expect(loadConfig({ DATA_DIR: "memory" }).dataDir).toBe("memory");
  });

  it.each([
    ["PORT", { PORT: "not-a-port" }],
    ["PORT", { PORT: "70000" }],
    ["APP_MODE", { APP_MODE: "staging" }],
    ["DATABASE_URL", { DATABASE_URL: "not a url" }],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }],
    ["TRUST_PROXY", { TRUST_PROXY: "yes" }],
  ])("refuses an invalid %s", (field, env) => {
    expect(refusal(env).message).toContain(field);
  });

  describe("APP_MODE=production", () => {
    it("refuses to start without any of its secrets, naming each one", () => {
      const err = refusal({ APP_MODE: "production" });
      expect(err.message).toContain("APP_MODE=production");
      for (const name of ["DATABASE_URL", "HOUSE_SECRET", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"]) {
        expect(err.message).toContain(name);
      }
    });

    it.each(["DATABASE_URL", "HOUSE_SECRET", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const)(
      "refuses to start when only %s is missing",
      (name) => {
        const env: NodeJS.ProcessEnv = { ...productionSecrets };
        delete env[name];
        expect(refusal(env).message).toContain(name);
      },
    );

    it("refuses an empty or short house secret instead of falling back to the demo one", () => {
      expect(refusal({ ...productionSecrets, HOUSE_SECRET: "" }).message).toContain("HOUSE_SECRET");
      expect(refusal({ ...productionSecrets, HOUSE_SECRET: "short" }).message).toContain("HOUSE_SECRET");
    });

    it("starts with every secret set and uses them", () => {
      const config = loadConfig(productionSecrets);
      expect(config.mode).toBe("production");
      expect(config.databaseUrl).toBe(productionSecrets.DATABASE_URL);
      expect(config.houseSecret).toBe(productionSecrets.HOUSE_SECRET);
      expect(config.houseSecret).not.toBe(loadConfig({}).houseSecret);
      expect(config.vapid).toEqual({
        publicKey: productionSecrets.VAPID_PUBLIC_KEY,
        privateKey: productionSecrets.VAPID_PRIVATE_KEY,
        subject: productionSecrets.VAPID_SUBJECT,
      });
    });
  });
});
