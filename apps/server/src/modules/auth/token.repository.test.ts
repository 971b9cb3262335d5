import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../lib/crypto.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createUser } from "../ledger/testing.ts";
import { findLiveToken, findLiveTokens, tokenOwnerReads } from "./token.repository.ts";

/**
 * The bearer-token lookup has two forms: a plain query on PostgreSQL, the token_owner function on the
 * embedded database. Both run here on the database under test and must answer the same for tokens
 * of every kind: live, revoked, expired, blocked owner, operators with and without a second factor.
 */
describe("findLiveToken: the plain query and token_owner agree", () => {
  let t: TestApp;
  const hashes: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const player = await createUser(t);
    hashes.player = sha256Hex(player.token);
    const blocked = await createUser(t);
    await t.ctx.db.execute(sql`update users set blocked = true where id = ${blocked.id}`);
    hashes.blocked = sha256Hex(blocked.token);
    const revoked = await createUser(t);
    await t.ctx.db.execute(sql`update auth_tokens set revoked_at = now() where token_hash = ${sha256Hex(revoked.token)}`);
    hashes.revoked = sha256Hex(revoked.token);
    const expired = await createUser(t);
    await t.ctx.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256Hex(expired.token)}`,
    );
    hashes.expired = sha256Hex(expired.token);
    const enrolled = await createUser(t, { role: "operator" });
    await t.ctx.db.execute(sql`insert into operator_totp (user_id, secret, enabled_at) values (${enrolled.id}, 'JBSWY3DPEHPK3PXP', now())`);
    hashes.enrolled = sha256Hex(enrolled.token);
    const proposed = await createUser(t, { role: "admin" });
    await t.ctx.db.execute(sql`insert into operator_totp (user_id, secret) values (${proposed.id}, 'JBSWY3DPEHPK3PXP')`);
    hashes.proposed = sha256Hex(proposed.token);
    const unfactored = await createUser(t, { role: "operator" });
    await t.ctx.db.execute(sql`update auth_tokens set second_factor_at = null where token_hash = ${sha256Hex(unfactored.token)}`);
    hashes.unfactored = sha256Hex(unfactored.token);
    hashes.unknown = sha256Hex("no-such-token-anywhere-0000");
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the same owner, or none, through either form", async () => {
    const answers: Record<string, unknown> = {};
    for (const [name, hash] of Object.entries(hashes)) {
      const viaFunction = await findLiveToken(t.ctx.db, hash, "pglite");
      const viaQuery = await findLiveToken(t.ctx.db, hash, "postgres");
      expect(viaQuery, name).toEqual(viaFunction);
      answers[name] = viaQuery && {
        role: viaQuery.role,
        blocked: viaQuery.blocked,
        secondFactor: viaQuery.secondFactor,
        enrolled: viaQuery.enrolled,
      };
    }
    expect(answers).toEqual({
      player: { role: "player", blocked: false, secondFactor: false, enrolled: false },
      blocked: { role: "player", blocked: true, secondFactor: false, enrolled: false },
      revoked: undefined,
      expired: undefined,
      enrolled: { role: "operator", blocked: false, secondFactor: true, enrolled: true },
      proposed: { role: "admin", blocked: false, secondFactor: true, enrolled: false },
      unfactored: { role: "operator", blocked: false, secondFactor: false, enrolled: false },
      unknown: undefined,
    });
  });

  it("answers each token's owner, in order, when several are read in one statement", async () => {
    // Every kind twice, shuffled, so a token's answer cannot be taken from its neighbour's.
    const names = Object.keys(hashes);
    const order = [...names, ...names.slice().reverse()];
    const together = await findLiveTokens(
      t.ctx.db,
      order.map((n) => hashes[n] as string),
    );
    expect(together).toHaveLength(order.length);
    for (const [i, name] of order.entries()) {
      expect(together[i], name).toEqual(await findLiveToken(t.ctx.db, hashes[name] as string, "postgres"));
    }
  });

  it("gathers reads made together and answers each its own owner", async () => {
    const read = tokenOwnerReads(t.ctx.db, "postgres");
    const names = [...Object.keys(hashes), ...Object.keys(hashes)];
    const answers = await Promise.all(names.map((n) => read(hashes[n] as string)));
    for (const [i, name] of names.entries()) {
      expect(answers[i], name).toEqual(await findLiveToken(t.ctx.db, hashes[name] as string, "postgres"));
    }
  });
});
