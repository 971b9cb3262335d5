import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { DEMO_ACCOUNTS } from "../modules/accounts/accounts.seed.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { PUBLISHED_DEFAULTS } from "./production-secrets.ts";

/** Strong values made the way docs/operations.md says (`openssl rand -hex 32`, `npx web-push generate-vapid-keys`). */
const vapidKeys = webpush.generateVAPIDKeys();
const productionSecrets = {
  APP_MODE: "production",
  DATABASE_URL: "postgres://shwe@db.internal:5432/shwe",
  HOUSE_SECRET: randomBytes(32).toString("hex"),
  VAPID_PUBLIC_KEY: vapidKeys.publicKey,
  VAPID_PRIVATE_KEY: vapidKeys.privateKey,
  VAPID_SUBJECT: "mailto:ops@example.com",
  SMS_GATEWAY_URL: "https://sms.example.com/send",
  SMS_GATEWAY_TOKEN: randomBytes(24).toString("base64url"),
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

  it("creates draws 3 days ahead unless DRAWS_AHEAD_DAYS says (1 to 31)", () => {
    expect(loadConfig({}).drawsAheadDays).toBe(3);
    expect(loadConfig({ DRAWS_AHEAD_DAYS: "8" }).drawsAheadDays).toBe(8);
    for (const bad of ["0", "32", "soon"]) expect(refusal({ DRAWS_AHEAD_DAYS: bad }).message).toContain("DRAWS_AHEAD_DAYS");
  });

  it("multiplies every rate limit by RATE_LIMIT_FACTOR (1 to 100), never lowers them", () => {
    expect(loadConfig({}).rateLimits.factor).toBe(1);
    expect(loadConfig({ RATE_LIMIT_FACTOR: "10" }).rateLimits.factor).toBe(10);
    for (const bad of ["0", "0.5", "101", "many"]) expect(refusal({ RATE_LIMIT_FACTOR: bad }).message).toContain("RATE_LIMIT_FACTOR");
  });

  it("batches money calls; wallet calls in two parts on PostgreSQL and one on the embedded database unless MONEY_BATCH_WALLET_LANES says", () => {
    const url = "postgres://u@h:5432/d";
    expect(loadConfig({}).moneyBatch).toEqual({ windowMs: 1, maxCalls: 64, splitAt: 8, walletLanes: 1 });
    expect(loadConfig({ DATABASE_URL: url }).moneyBatch).toEqual({ windowMs: 1, maxCalls: 64, splitAt: 8, walletLanes: 2 });
    expect(loadConfig({ MONEY_BATCH_SPLIT_AT: "16" }).moneyBatch?.splitAt).toBe(16);
    expect(loadConfig({ DATABASE_URL: url, MONEY_BATCH_WALLET_LANES: "4" }).moneyBatch?.walletLanes).toBe(4);
    expect(loadConfig({ MONEY_BATCH_WALLET_LANES: "2" }).moneyBatch?.walletLanes).toBe(2);
    expect(loadConfig({ MONEY_BATCH: "off", DATABASE_URL: url }).moneyBatch).toBeUndefined();
    for (const bad of ["0", "17", "two", "1.5"]) {
      expect(refusal({ MONEY_BATCH_WALLET_LANES: bad }).message).toContain("MONEY_BATCH_WALLET_LANES");
    }
    for (const bad of ["0", "65", "many"]) expect(refusal({ MONEY_BATCH_SPLIT_AT: bad }).message).toContain("MONEY_BATCH_SPLIT_AT");
    expect(loadConfig({ DATABASE_URL: url, MONEY_BATCH_GSC_SPLIT_AT: "8" }).moneyBatch?.gscSplitAt).toBe(8);
    for (const bad of ["0", "65", "two"]) expect(refusal({ MONEY_BATCH_GSC_SPLIT_AT: bad }).message).toContain("MONEY_BATCH_GSC_SPLIT_AT");
  });

  it("lets two of a player's money calls run at a time and 64 more wait 10 s unless PLAYER_MONEY_* say otherwise", () => {
    expect(loadConfig({}).playerMoneyQueue).toEqual({ concurrency: 2, maxWaiting: 64, maxWaitMs: 10_000 });
    expect(
      loadConfig({ PLAYER_MONEY_CONCURRENCY: "4", PLAYER_MONEY_QUEUE: "0", PLAYER_MONEY_QUEUE_WAIT_MS: "2500" }).playerMoneyQueue,
    ).toEqual({ concurrency: 4, maxWaiting: 0, maxWaitMs: 2_500 });
    for (const bad of ["0", "65", "two"]) expect(refusal({ PLAYER_MONEY_CONCURRENCY: bad }).message).toContain("PLAYER_MONEY_CONCURRENCY");
    for (const bad of ["-1", "10001", "1.5"]) expect(refusal({ PLAYER_MONEY_QUEUE: bad }).message).toContain("PLAYER_MONEY_QUEUE");
    for (const bad of ["99", "120001"])
      expect(refusal({ PLAYER_MONEY_QUEUE_WAIT_MS: bad }).message).toContain("PLAYER_MONEY_QUEUE_WAIT_MS");
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

    it.each([
      ["demo-house-secret", "the demo secret of README, api.md and docs/provider-wallet.md"],
      ["DEMO-HOUSE-SECRET", "the demo secret in other letter case"],
      ["demo-house-secret-0123456789abcdefghijklmnopq", "the demo secret padded to a strong length"],
      ["gdg-test-secret-0123456789", "the test fixture secret"],
      ["Demo-Player-2-production-2025", "a demo password inside a longer value"],
    ])("refuses a published default as HOUSE_SECRET (%s: %s) without echoing it", (secret) => {
      const err = refusal({ ...productionSecrets, HOUSE_SECRET: secret });
      expect(err.message).toContain("HOUSE_SECRET");
      expect(err.message).toContain("published default");
      expect(err.message.toLowerCase()).not.toContain(secret.toLowerCase());
    });

    it("knows every demo password as a published default", () => {
      for (const account of DEMO_ACCOUNTS) expect(PUBLISHED_DEFAULTS).toContain(account.password);
    });

    it.each([
      ["31 random characters", randomBytes(32).toString("hex").slice(0, 31), "at least 32 characters"],
      ["one repeated character", "x".repeat(64), "different characters"],
      ["few different characters", "abcabcabcaabbccabcabcabcaabbccab", "different characters"],
      ["one short piece repeated", "0123456789ab".repeat(4), "repeated"],
    ])("refuses a weak HOUSE_SECRET (%s), naming the rule and not the value", (_what, secret, rule) => {
      const err = refusal({ ...productionSecrets, HOUSE_SECRET: secret });
      expect(err.message).toContain("HOUSE_SECRET");
      expect(err.message).toContain(rule);
      expect(err.message).not.toContain(secret);
    });

    it("applies the same rule to METRICS_TOKEN and refuses published defaults as other secrets", () => {
      expect(refusal({ ...productionSecrets, METRICS_TOKEN: "m".repeat(40) }).message).toContain("METRICS_TOKEN");
      expect(refusal({ ...productionSecrets, METRICS_TOKEN: "demo-house-secret-abcdefghijklmnopqrstuvwxyz" }).message).toContain(
        "METRICS_TOKEN",
      );
      const sms = refusal({ ...productionSecrets, SMS_GATEWAY_TOKEN: "demo-house-secret" });
      expect(sms.message).toContain("SMS_GATEWAY_TOKEN");
      expect(sms.message).not.toContain("demo-house-secret");
      const db = refusal({ ...productionSecrets, DATABASE_URL: "postgres://shwe:demo-operator-1@db.internal:5432/shwe" });
      expect(db.message).toContain("DATABASE_URL");
      expect(db.message).not.toContain("demo-operator-1");
      const redis = refusal({ ...productionSecrets, REDIS_URL: "redis://:demo-house-secret@cache.internal:6379" });
      expect(redis.message).toContain("REDIS_URL");
      expect(redis.message).not.toContain("demo-house-secret");
      expect(loadConfig({ ...productionSecrets, REDIS_URL: "redis://cache.internal:6379" }).mode).toBe("production");
    });

    it("refuses VAPID keys that do not parse, a pair that does not belong together and a subject that is not mailto: or https:", () => {
      const other = webpush.generateVAPIDKeys();
      const cases: [NodeJS.ProcessEnv, string][] = [
        [{ VAPID_PUBLIC_KEY: "BPublicKeyForPush" }, "VAPID_PUBLIC_KEY"],
        [{ VAPID_PUBLIC_KEY: `${vapidKeys.publicKey}=` }, "VAPID_PUBLIC_KEY"],
        [{ VAPID_PRIVATE_KEY: "privateKeyForPush" }, "VAPID_PRIVATE_KEY"],
        [{ VAPID_PRIVATE_KEY: Buffer.alloc(32).toString("base64url") }, "VAPID_PRIVATE_KEY"],
        [{ VAPID_PRIVATE_KEY: Buffer.alloc(32, 0xff).toString("base64url") }, "VAPID_PRIVATE_KEY"],
        [{ VAPID_PUBLIC_KEY: other.publicKey }, "VAPID_PUBLIC_KEY"],
        [{ VAPID_SUBJECT: "ops@example.com" }, "VAPID_SUBJECT"],
        [{ VAPID_SUBJECT: "http://example.com/contact" }, "VAPID_SUBJECT"],
      ];
      for (const [change, name] of cases) {
        const err = refusal({ ...productionSecrets, ...change });
        expect(err.message, JSON.stringify(change)).toContain(name);
        expect(err.message).not.toContain(vapidKeys.privateKey);
        const value = Object.values(change)[0] as string;
        if (name !== "VAPID_SUBJECT") expect(err.message).not.toContain(value);
      }
    });

    it("keeps demo mode as it was: the demo house secret and no key checks", () => {
      const demo = loadConfig({ VAPID_PUBLIC_KEY: "BPublicKeyForPush", VAPID_PRIVATE_KEY: "privateKeyForPush", VAPID_SUBJECT: "x" });
      expect(demo.houseSecret).toBe("demo-house-secret");
      expect(demo.vapid?.publicKey).toBe("BPublicKeyForPush");
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

    it("keeps a new console account from checking for 24 hours unless CHECKER_COOLDOWN_HOURS says otherwise (demo: 0)", () => {
      expect(loadConfig(productionSecrets).checkerCooldownHours).toBe(24);
      expect(loadConfig({ ...productionSecrets, CHECKER_COOLDOWN_HOURS: "48" }).checkerCooldownHours).toBe(48);
      expect(loadConfig({}).checkerCooldownHours).toBe(0);
      expect(loadConfig({ CHECKER_COOLDOWN_HOURS: "6" }).checkerCooldownHours).toBe(6);
      for (const bad of ["-1", "721", "soon", "1.5"])
        expect(refusal({ CHECKER_COOLDOWN_HOURS: bad }).message).toContain("CHECKER_COOLDOWN_HOURS");
    });
  });
});

describe("GSC+ settings", () => {
  it("plays the aggregator with the simulator in demo mode when nothing is set", () => {
    const config = loadConfig({});
    expect(config.gsc?.simulated).toBe(true);
    expect(config.gsc?.apiBaseUrl).toBeUndefined();
    expect(config.gsc?.currencies).toEqual({ MMK: 1, MMK2: 1000, MMK3: 100 });
    expect(config.gsc?.callbackPrefix).toBe("/api/gsc");
  });

  it("takes a real aggregator from the three settings, operator code upper-cased", () => {
    const config = loadConfig({
      GSC_API_BASE_URL: "https://api.aggregator.example/",
      GSC_OPERATOR_CODE: "ab12",
      GSC_SECRET_KEY: "k9Vq2Lm7Xa4Rt8Wz",
      GSC_CURRENCIES: "MMK:1,MMK2:1000",
      GSC_MANUAL_PAYOUT_PRODUCTS: "1040, 1046",
    });
    expect(config.gsc).toMatchObject({
      simulated: false,
      apiBaseUrl: "https://api.aggregator.example",
      operatorCode: "AB12",
      currencies: { MMK: 1, MMK2: 1000 },
      manualPayoutProducts: [1040, 1046],
    });
  });

  it("refuses one of the three without the others, and bad lists", () => {
    expect(() => loadConfig({ GSC_OPERATOR_CODE: "AB12" })).toThrow(/go together/);
    expect(() => loadConfig({ GSC_CURRENCIES: "MMK2=1000" })).toThrow(/CODE:ratio/);
    expect(() => loadConfig({ GSC_CURRENCY: "MMK3", GSC_CURRENCIES: "MMK:1" })).toThrow(/not one of GSC_CURRENCIES/);
    expect(() => loadConfig({ GSC_MANUAL_PAYOUT_PRODUCTS: "wbet" })).toThrow(/not a product code/);
  });

  it("leaves the aggregator off in production without settings", () => {
    expect(loadConfig(productionSecrets).gsc).toBeUndefined();
  });

  it("refuses in production a published or weak secret key and a plain-http base URL", () => {
    const aggregator = { GSC_API_BASE_URL: "https://api.aggregator.example", GSC_OPERATOR_CODE: "AB12" };
    expect(loadConfig({ ...productionSecrets, ...aggregator, GSC_SECRET_KEY: "k9Vq2Lm7Xa4Rt8Wz" }).gsc?.operatorCode).toBe("AB12");
    for (const secret of ["demo-gsc-secret-key", "short-key", "abababababababababab"]) {
      expect(() => loadConfig({ ...productionSecrets, ...aggregator, GSC_SECRET_KEY: secret })).toThrow(/GSC_SECRET_KEY/);
    }
    expect(() =>
      loadConfig({
        ...productionSecrets,
        ...aggregator,
        GSC_API_BASE_URL: "http://api.aggregator.example",
        GSC_SECRET_KEY: "k9Vq2Lm7Xa4Rt8Wz",
      }),
    ).toThrow(/https/);
  });
});
