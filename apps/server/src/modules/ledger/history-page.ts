import { HISTORY_PAGE_DEFAULT } from "@shwe/contracts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { badRequest } from "../../lib/errors.ts";

/**
 * Keyset paging of the histories (newest first): rows are ordered by (time desc, id desc) and a
 * page ends where the next one starts, so rows added meanwhile never shift a page and no row is
 * shown twice or skipped. The cursor is opaque to clients: base64url of the last row's time (in
 * microseconds, as the database keeps it) and id.
 */
export interface PageKey {
  /** The row's time as `YYYY-MM-DDTHH:MM:SS.ffffffZ` (pageTimeOf), exact to the microsecond. */
  at: string;
  id: number;
}

export interface PageRequest {
  limit: number;
  /** The last row of the previous page; undefined for the first page. */
  after: PageKey | undefined;
}

const cursorSchema = z.strictObject({
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

function malformedCursor() {
  return badRequest("Invalid input: cursor is not one this server gave.", { fields: [{ field: "cursor", message: "is malformed" }] });
}

export function encodeCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify({ at: key.at, id: key.id }), "utf8").toString("base64url");
}

/** The row a cursor points after; a cursor that is not one of ours is 400 VALIDATION_FAILED. */
export function decodeCursor(cursor: string): PageKey {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw malformedCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw malformedCursor();
  }
  const key = cursorSchema.safeParse(parsed);
  if (!key.success || Number.isNaN(Date.parse(key.data.at))) throw malformedCursor();
  return key.data;
}

/** The paging part of a history query (contracts pageQueryShape). */
export interface PageQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** The page a query asks for (`cursor`, `limit` already checked by the route's schema). */
export function pageRequestOf(query: PageQuery): PageRequest {
  return { limit: query.limit ?? HISTORY_PAGE_DEFAULT, after: query.cursor === undefined ? undefined : decodeCursor(query.cursor) };
}

/** A timestamp column as a page key's time, exact to the microsecond. */
export function pageTimeOf(column: SQL | unknown): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The rows after the previous page's last row, in (time desc, id desc) order; true on the first page. */
export function afterPageKey(timeColumn: SQL | unknown, idColumn: SQL | unknown, after: PageKey | undefined): SQL {
  if (!after) return sql`true`;
  return sql`(${timeColumn}, ${idColumn}) < (${after.at}::timestamptz, ${after.id})`;
}

/**
 * Cuts the `limit + 1` rows read down to one page and the cursor of the next (null when the page
 * is the last).
 */
export function finishPage<R>(rows: R[], page: PageRequest, keyOf: (row: R) => PageKey): { rows: R[]; next_cursor: string | null } {
  if (rows.length <= page.limit) return { rows, next_cursor: null };
  const kept = rows.slice(0, page.limit);
  const last = kept[kept.length - 1] as R;
  return { rows: kept, next_cursor: encodeCursor(keyOf(last)) };
}
