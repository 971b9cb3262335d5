import { randomInt } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { buildApp } from "../../apps/server/src/app.ts";
import { testConfig } from "../../apps/server/src/config/env.ts";
import { migrateDatabase, openDatabase, rowsOf } from "../../apps/server/src/db/client.ts";
import { seedDatabase } from "../../apps/server/src/db/seed.ts";
import "../../apps/server/src/db/seeders.ts";
import { users } from "../../apps/server/src/db/schema/index.ts";
import { postJournal } from "../../apps/server/src/modules/ledger/ledger.service.ts";
import { createPlayerLedgerAccounts } from "../../apps/server/src/modules/ledger/player-accounts.repository.ts";

/**
 * The product's own services in the benchmark process, on the database a benchmark server uses: players are
 * made the way the server tests' fixtures make them (users row, ledger accounts, a token) and funded by real
 * journals. The app is built but never listens, so no scheduler runs here.
 */
export async function openContext(databaseUrl, { poolSize = 20, dataDir, prepare = false } = {}) {
  const database = await openDatabase(databaseUrl ? { url: databaseUrl, poolSize } : { dataDir: dataDir ?? "memory" });
  const config = testConfig({ databaseUrl, ...(dataDir ? { dataDir } : {}) });
  if (prepare) {
    await migrateDatabase(database);
    await seedDatabase(database.db, config);
  }
  const { app, ctx } = await buildApp({ config, database });
  return {
    ctx,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const code = (n) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
export const BENCH_PASSWORD = "bench-player-pass-1";

/** `count` players with tokens, each funded with `main` on the main balance and `game` on the game balance. */
export async function createPlayers(ctx, count, { main = 0, game = 0 } = {}) {
  const passwordHash = await hash(BENCH_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const out = [];
  for (let i = 0; i < count; i++) {
    const phone = `097${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
    const userCode = code(10);
    const [row] = await ctx.db
      .insert(users)
      .values({
        phone,
        name: `Bench player ${i + 1}`,
        passwordHash,
        role: "player",
        userCode,
        referralCode: code(6),
        lvl2: 2,
        lvl2Status: "approved",
      })
      .returning({ id: users.id });
    await createPlayerLedgerAccounts(ctx.db, row.id);
    for (const [kind, amount] of [
      ["main", main],
      ["game", game],
    ]) {
      if (amount <= 0) continue;
      await ctx.db.transaction(async (tx) => {
        await postJournal(tx, {
          kind: "test_funding",
          userId: row.id,
          entries: [
            { account: { userId: row.id, kind }, amount },
            { account: { code: "external:test_funding" }, amount: -amount },
          ],
        });
      });
    }
    const { token } = await ctx.auth.issue(row.id);
    out.push({ id: row.id, phone, userCode, token });
  }
  return out;
}

/** An open fair 2D draw whose cut-off is `closesIn` seconds after the database clock. */
export async function createOpenDraw(ctx, { type = "2D", closesIn = 3600, odds = 85 } = {}) {
  const { commitSeed, newSeed } = await import("@shwe/domain");
  const seed = newSeed();
  const commitment = await commitSeed(seed);
  const res = await ctx.db.execute(sql`
    insert into draws (type, draw_at, closes_at, status, odds, result_source, fair_seed_secret, fair_commitment)
    values (${type}, now() + make_interval(secs => ${closesIn + 600}), now() + make_interval(secs => ${closesIn}),
            'open', ${odds}, 'fair', ${seed}, ${commitment})
    returning id`);
  return Number(rowsOf(res)[0]?.id);
}

/** Raises a game's stake limits so a benchmark measures speed, not the per-number caps. */
export async function setLimits(ctx, type, limits) {
  const value = { value: { min_stake: 100, max_stake: 100_000, max_lines: 100, number_cap: 1_000_000, hot_cap: 200_000, ...limits } };
  await ctx.db.execute(sql`
    insert into settings (key, value) values (${`lottery.limits.${type}`}, ${JSON.stringify(value)}::jsonb)
    on conflict (key) do update set value = excluded.value`);
}

export async function count(ctx, query) {
  return Number(rowsOf(await ctx.db.execute(query))[0]?.n);
}
