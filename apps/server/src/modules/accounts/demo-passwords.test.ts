import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../config/env.ts";
import { seedDatabase } from "../../db/seed.ts";
import "../../db/seeders.ts";
import { users } from "../../db/schema/index.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { setPasswordFromArgs } from "../../scripts/set-password.ts";
import { createTestApp, openTestDatabase, type TestApp } from "../../test/test-app.ts";
import { createUser } from "../ledger/testing.ts";
import { DEMO_ACCOUNTS } from "./accounts.seed.ts";
import { accountsWithDemoPasswords, demoPasswordRefusal } from "./demo-passwords.ts";

const demoPhones = DEMO_ACCOUNTS.map((a) => a.phone);

/** The production start-up check of main.ts: no account may still sign in with a published demo password. */
describe("accounts with a published demo password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("finds every seeded demo account, by phone", async () => {
    expect(await accountsWithDemoPasswords(t.ctx.db)).toEqual([...demoPhones].sort());
  });

  it("finds an operator of any phone using a demo password, and forgets accounts whose password changed", async () => {
    const strong = await hashPassword("a-password-nobody-published-41x");
    await t.ctx.db.update(users).set({ passwordHash: strong }).where(inArray(users.phone, demoPhones));
    expect(await accountsWithDemoPasswords(t.ctx.db)).toEqual([]);

    const operator = await createUser(t, { role: "operator", password: "demo-player-2" });
    const player = await createUser(t, { role: "player", password: "money-test-pass-1" });
    expect(await accountsWithDemoPasswords(t.ctx.db)).toEqual([operator.phone]);

    // A malformed hash (password sign-in disabled) never matches.
    await t.ctx.db.update(users).set({ passwordHash: "!" }).where(eq(users.phone, operator.phone));
    await t.ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword("demo-operator-1") })
      .where(eq(users.phone, demoPhones[0] as string));
    expect(await accountsWithDemoPasswords(t.ctx.db)).toEqual([demoPhones[0]]);
    expect(player.phone).not.toBe(demoPhones[0]);
  });
});

describe("the way out of a refused start", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("the refusal names the accounts and the command that sets a new password", () => {
    const message = demoPasswordRefusal(["09400000001", "09500000002"]);
    expect(message).toContain("09400000001, 09500000002");
    expect(message).toContain("NEW_PASSWORD=… npm run account:password -- --phone 09400000001");
  });

  it("npm run account:password sets a policy-abiding password, ends the sign-ins, and the account is no longer refused", async () => {
    const admin = demoPhones[0] as string;
    const args = ["--phone", admin];
    expect(await accountsWithDemoPasswords(t.ctx.db)).toContain(admin);
    for (const weak of ["demo-operator-2", "12345678", `x${admin.slice(2)}`, ""]) {
      const refused = await setPasswordFromArgs(t.database, args, { NEW_PASSWORD: weak });
      expect(refused.code, weak).toBe(1);
      expect(refused.message).toContain("Not changed");
    }
    expect((await setPasswordFromArgs(t.database, ["--phone", "0912"], { NEW_PASSWORD: "teak-window-58" })).code).toBe(1);
    expect((await setPasswordFromArgs(t.database, ["--phone", "09799999999"], { NEW_PASSWORD: "teak-window-58" })).code).toBe(1);
    expect(await accountsWithDemoPasswords(t.ctx.db)).toContain(admin);
    const set = await setPasswordFromArgs(t.database, args, { NEW_PASSWORD: "teak-window-58" });
    expect(set).toMatchObject({ code: 0 });
    expect(await accountsWithDemoPasswords(t.ctx.db)).not.toContain(admin);
    const login = await t.app.inject({ method: "POST", url: "/api/user/login", payload: { phone: admin, password: "teak-window-58" } });
    expect(login.statusCode).toBe(200);
  });
});

describe("production seeding", () => {
  it("never creates the demo accounts and reports none", async () => {
    const config = testConfig({ mode: "production" });
    const { database, seeded, drop } = await openTestDatabase(config, false);
    try {
      const report = await seedDatabase(database.db, config);
      expect(report.accounts).toEqual([]);
      expect(seeded.accounts).toEqual([]);
      const rows = await database.db.select({ phone: users.phone }).from(users).where(inArray(users.phone, demoPhones));
      expect(rows).toEqual([]);
      expect(await accountsWithDemoPasswords(database.db)).toEqual([]);
      // The same seeders in demo mode do create them (the test above would notice a seeder that ignores the mode).
      const demo = await seedDatabase(database.db, testConfig());
      expect(demo.accounts.map((a) => a.phone).sort()).toEqual([...demoPhones].sort());
    } finally {
      await database.close();
      await drop();
    }
  });
});
