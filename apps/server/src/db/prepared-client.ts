import { createHash } from "node:crypto";
import pg from "pg";

/**
 * A node-postgres client that keeps its parameterised statements prepared on its connection: the
 * first run of a statement text parses it under a name derived from the text, later runs only bind
 * and execute (PostgreSQL skips parsing, and after a few runs planning too, as `pgbench -M prepared`
 * does). Results are unchanged: a name stands for exactly one text, the statement is parsed the
 * same way, and parameters are typed by the statement, never by the values.
 *
 * Bounds: a text longer than MAX_TEXT (long VALUES lists of big slips) and any statement beyond the
 * first MAX_STATEMENTS of a connection run unnamed, as before, so a connection never keeps more than
 * MAX_STATEMENTS statements. A statement whose values are not plain (strings, numbers, booleans,
 * null, dates, buffers and arrays of them) also runs unnamed: node-postgres could not bind it, and
 * would close the named statement it had prepared.
 */
export const MAX_STATEMENTS = 200;
export const MAX_TEXT = 4096;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

function isPlain(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  const t = typeof value;
  if (t === "string" || t === "boolean" || (t === "number" && Number.isFinite(value))) return true;
  if (value instanceof Date || Buffer.isBuffer(value)) return true;
  return Array.isArray(value) && value.every(isPlain);
}

/** The statement name of a text: `q` and 30 hex digits of its SHA-256. */
export function statementName(text: string): string {
  return `q${createHash("sha256").update(text).digest("hex").slice(0, 30)}`;
}

export class PreparingClient extends pg.Client {
  /** Names this connection has prepared (or is preparing). */
  readonly prepared = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query has many overloads; every call is passed through.
  override query(config: any, values?: any, callback?: any): any {
    if (config !== null && typeof config === "object" && typeof (config as QueryConfig).text === "string") {
      const c = config as QueryConfig & { text: string };
      const params = Array.isArray(values) ? values : c.values;
      if (
        c.name === undefined &&
        Array.isArray(params) &&
        params.length > 0 &&
        c.text.length <= MAX_TEXT &&
        params.every(isPlain) &&
        typeof (config as { submit?: unknown }).submit !== "function"
      ) {
        const name = statementName(c.text);
        if (this.prepared.has(name) || this.prepared.size < MAX_STATEMENTS) {
          this.prepared.add(name);
          return super.query({ ...config, name }, values, callback);
        }
      }
    }
    return super.query(config, values, callback);
  }
}
