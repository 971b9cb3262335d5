/**
 * Tiny PostgreSQL helper for .ci/run (psql may not be installed where Node is):
 *   node .ci/pg.mjs <admin-url> ping | create <name> | drop <name>
 * Exits 0 on success, 1 otherwise.
 */
import pg from "pg";

const [adminUrl, action, name] = process.argv.slice(2);
if (!adminUrl || !["ping", "create", "drop"].includes(action ?? "")) {
  console.error("usage: node .ci/pg.mjs <admin-url> ping | create <name> | drop <name>");
  process.exit(2);
}
if (action !== "ping" && !/^[a-z_][a-z0-9_]{0,62}$/.test(name ?? "")) {
  console.error(`bad database name: ${name}`);
  process.exit(2);
}

const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
try {
  await client.connect();
  if (action === "ping") await client.query("select 1");
  else if (action === "create") await client.query(`CREATE DATABASE ${name}`);
  else await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
} catch (err) {
  if (action !== "ping") console.error(`[ci] ${action} ${name ?? ""} failed: ${err.message}`);
  await client.end().catch(() => undefined);
  process.exit(1);
}
