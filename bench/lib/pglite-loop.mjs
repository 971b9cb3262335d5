import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * The embedded database's own ceiling: a bare PGlite (on disk, like the server's DATA_DIR) running a
 * tpcb-like transfer loop (debit one account, credit another, one history row, commit) for `seconds`.
 */
export async function pgliteTransferLoop(seconds, accounts = 1000) {
  const dir = mkdtempSync(join(tmpdir(), "shwe-pglite-loop-"));
  const db = await PGlite.create(join(dir, "pglite"));
  try {
    await db.exec(`
      create table accounts (id int primary key, balance bigint not null);
      create table history (id bigserial primary key, from_id int not null, to_id int not null, amount bigint not null, at timestamptz default now());
      insert into accounts select g, 1000000000 from generate_series(1, ${accounts}) g;`);
    const until = Date.now() + seconds * 1000;
    let done = 0;
    const started = performance.now();
    while (Date.now() < until && done < 10_000_000) {
      const from = 1 + Math.floor(Math.random() * accounts);
      const to = 1 + ((from + 1 + Math.floor(Math.random() * (accounts - 1))) % accounts);
      await db.transaction(async (tx) => {
        await tx.query("update accounts set balance = balance - $1 where id = $2", [100, from]);
        await tx.query("update accounts set balance = balance + $1 where id = $2", [100, to]);
        await tx.query("insert into history (from_id, to_id, amount) values ($1, $2, $3)", [from, to, 100]);
      });
      done++;
    }
    const elapsed = (performance.now() - started) / 1000;
    return { transfers: done, seconds: elapsed, per_s: Math.round((done / elapsed) * 10) / 10 };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
