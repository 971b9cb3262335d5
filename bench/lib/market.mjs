import pg from "pg";

/**
 * The SET market (the 2D page's live block) for the Lighthouse runs. By default a run measures the market as the
 * clock finds it: open in its sessions (09:30–12:01 and 14:00–16:30 Yangon time on draw days), closed otherwise,
 * so the 2D page's figures depend on the hour. `BENCH_LH_MARKET=open` makes the scratch database's market read
 * all day (one session 00:00–24:00, the operator's `market.settings.set` setting, stored as the console stores
 * it), so the demo feed sends a reading every 5 s whatever the hour; on a day without a draw (a weekend, an off
 * day) it stays closed. Either way the result records the status the site reported before the runs.
 */
export const MARKET_MODE = process.env.BENCH_LH_MARKET === "open" ? "open all day" : "as the clock finds it";

/** Makes the SET market of the database at `databaseUrl` read all day (with the default interval and notice). */
export async function openMarketAllDay(databaseUrl) {
  const value = {
    enabled: true,
    interval_ms: 5000,
    sessions: [{ open: "00:00", close: "24:00" }],
    opening_soon_minutes: 60,
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into settings (key, value) values ('market.settings.set', $1)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [JSON.stringify({ value })],
    );
  } finally {
    await client.end();
  }
}

/** The SET market's status as the site reports it to players (open, lunch break, closed, holiday …). */
export async function setMarketStatus(base) {
  const res = await fetch(`${base}/api/market/set`);
  if (!res.ok) return `unknown (HTTP ${res.status})`;
  const body = await res.json();
  return body?.data?.status ?? body?.status ?? "unknown";
}
