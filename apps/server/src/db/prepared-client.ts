import { hash } from "node:crypto";
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
  return `q${hash("sha256", text, "hex").slice(0, 30)}`;
}

const CONNECT_FAILURE = Symbol("shwe.db.connectFailure");

/**
 * True when the error was raised while a connection was being opened (the server refused it:
 * not accepting connections, no such database, authentication failed). Such SQLSTATEs mean
 * something else when a statement raises them, so only the connect path marks them.
 */
export function isConnectFailure(err: unknown): boolean {
  return err instanceof Error && (err as { [CONNECT_FAILURE]?: boolean })[CONNECT_FAILURE] === true;
}

function markConnectFailure(err: unknown): void {
  if (err instanceof Error) Object.defineProperty(err, CONNECT_FAILURE, { value: true });
}

export class PreparingClient extends pg.Client {
  /** Names this connection has prepared (or is preparing). */
  readonly prepared = new Set<string>();
  /** Why the connection was lost (a terminated backend, a reset socket), once it has been. */
  lostWith: Error | undefined;
  private poolRelease: ((err?: Error | boolean) => void) | undefined;
  /** Set while the client is checked out of the pool. */
  private releaseOnLoss: ((err: Error) => void) | undefined;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection can be lost while its client is checked out of the pool with no query running
    // (between the statements of a transaction, or listening): node-postgres then emits 'error' on
    // the client, and an 'error' nobody listens to ends the process. The loss is recorded, and a
    // checked-out client goes back to the pool at once to be destroyed: its holder's next statement
    // fails (the request answers 503), and a holder that never releases it (Drizzle does not when
    // BEGIN fails) cannot keep its place in the pool.
    this.on("error", (err: Error) => {
      this.lostWith ??= err;
      this.releaseOnLoss?.(err);
    });
  }

  /** The pool's release of the current checkout (node-postgres' pool sets it at every checkout). */
  get release(): ((err?: Error | boolean) => void) | undefined {
    return this.poolRelease;
  }

  set release(fn: ((err?: Error | boolean) => void) | undefined) {
    this.releaseOnLoss = undefined;
    this.poolRelease = fn;
    if (!fn) return;
    let releasedOnLoss = false;
    this.poolRelease = (err) => {
      // Once the loss released the client, the holder's own release has nothing left to do; any
      // other second release still fails loudly in the pool.
      if (releasedOnLoss) return;
      this.releaseOnLoss = undefined;
      fn(err);
    };
    this.releaseOnLoss = (err) => {
      this.releaseOnLoss = undefined;
      releasedOnLoss = true;
      fn(err);
    };
  }

  /** Opens the connection; a refusal is marked as a connect failure (isConnectFailure). */
  override connect(): Promise<pg.Client>;
  override connect(callback: (err: Error) => void): void;
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' connect has two overloads; both are passed through.
  override connect(callback?: (err: any, client?: any) => void): any {
    if (!callback) {
      return super.connect().catch((err: unknown) => {
        markConnectFailure(err);
        throw err;
      });
    }
    super.connect((err: Error | null) => {
      if (err) markConnectFailure(err);
      callback(err, this);
    });
  }

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
