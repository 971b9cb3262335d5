import { type PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";

/**
 * The embedded database's queries without a copy of PGlite's parser table each.
 *
 * Drizzle hands every PGlite query the same type parsers, which keep timestamps, dates, intervals
 * and arrays of them (and of numerics) as text for Drizzle to map. PGlite merges per-query parsers
 * into a fresh copy of its whole table (every type and every array type of the database), about
 * 55 µs a query, more than many of the queries themselves. Here the instance's own table gets those
 * parsers once, and Drizzle's queries reach PGlite without any: PGlite then uses its table as it is,
 * and every value is parsed exactly as before (pglite-parsers.test.ts compares both ways).
 *
 * A query whose parsers are not all among these (a later Drizzle with another set) keeps them, and
 * PGlite merges them as before. Only Drizzle talks to the instance; `listen` and the readiness
 * `select 1` read no timestamps.
 */
export const TEXT_PARSED_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const TEXT_PARSED = new Set(TEXT_PARSED_TYPES.map(String));
const keepText = (value: string) => value;

/** The options without their parsers when the instance's table already has the same ones. */
function withoutOwnParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!options || !parsers) return options;
  for (const oid of Object.keys(parsers)) if (!TEXT_PARSED.has(oid)) return options;
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

type Queryable = Pick<PGlite, "query">;

function queriesOf<T extends Queryable | Transaction>(target: T) {
  return <R>(query: string, params?: unknown[], options?: QueryOptions) => target.query<R>(query, params, withoutOwnParsers(options));
}

/**
 * Sets the text parsers on the instance and answers the client Drizzle should be given: `query` and
 * `transaction` (whose transaction's `query` does the same); nothing else of PGlite is used by Drizzle.
 */
export function drizzleClientOf(client: PGlite): PGlite {
  for (const oid of TEXT_PARSED_TYPES) client.parsers[oid] = keepText;
  const forDrizzle = {
    query: queriesOf(client),
    transaction: <R>(fn: (tx: Transaction) => Promise<R>) =>
      client.transaction((tx) => fn(Object.assign(Object.create(tx) as Transaction, { query: queriesOf(tx) }))),
  };
  return forDrizzle as unknown as PGlite;
}
