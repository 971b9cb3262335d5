import { bigint, bigserial, timestamp } from "drizzle-orm/pg-core";

/** Every id and every kyat amount is a BIGINT read as a JS number on both drivers (all values stay safe integers). */
export const id = (name = "id") => bigserial(name, { mode: "number" }).primaryKey();
export const ref = (name: string) => bigint(name, { mode: "number" });
export const money = (name: string) => bigint(name, { mode: "number" });
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
