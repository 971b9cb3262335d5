import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";

/** The declared argument types of gsc_element (migrations 0035, 0042), in order. */
const GSC_ELEMENT_TYPES = ["text", "int", "text", "text", "jsonb", "int", "int", "bigint", "int", "jsonb", "timestamptz"] as const;

/**
 * gsc_element(…) as a statement of its own (the money batcher is off): the same arguments the batcher
 * sends, each cast to its declared type. Answers the function's row; a refusal for the general path
 * raises SWG01 as the batcher reports it.
 */
export async function callGscElement(db: Executor, args: readonly unknown[]): Promise<Record<string, unknown> | undefined> {
  const values = args.map((v, i) => {
    const type = GSC_ELEMENT_TYPES[i] ?? "text";
    const value = type === "jsonb" ? (v === null || v === undefined ? null : JSON.stringify(v)) : v;
    return sql`${value}::${sql.raw(type)}`;
  });
  return rowsOf<Record<string, unknown>>(await db.execute(sql`select * from gsc_element(${sql.join(values, sql`, `)})`))[0];
}
