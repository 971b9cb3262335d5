import pg from "pg";

/**
 * The SET market (the 2D page's live block) for the Lighthouse runs. By default a run measures the market as the
 * clock finds it: open in its sessions (09:30–12:01 and 14:00–16:30 Yangon time on draw days), closed otherwise,
 * so the 2D page's figures depend on the hour. `BENCH_LH_MARKET=open` makes the scratch database's market read
 * all day (one session 00:00–24:00, the operator's `market.settings.set` setting, stored as the console stores
 * it), so the demo feed sends a reading every 5 s whatever the hour; on a day without a draw (a weekend, an off
 * day) it stays closed. Either way the result records the status the site reported before the runs.
 */
const OPEN_ALL_DAY = process.env.BENCH_LH_MARKET === "open";

/**
 * Sets the SET market up as BENCH_LH_MARKET asks, on the database at `databaseUrl` served at `base`, and
 * returns what the result records: the mode and the status the site reported before the runs.
 */
export async function prepareMarket(databaseUrl, base) {
  if (OPEN_ALL_DAY) await openMarketAllDay(databaseUrl);
  return { mode: OPEN_ALL_DAY ? "open all day" : "as the clock finds it", status_before_runs: await setMarketStatus(base) };
}

/** Makes the SET market of the database at `databaseUrl` read all day (with the default interval and notice). */
async function openMarketAllDay(databaseUrl) {
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
async function setMarketStatus(base) {
  const res = await fetch(`${base}/api/market/set`);
  if (!res.ok) return `unknown (HTTP ${res.status})`;
  return (await res.json()).status;
}
