import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, id, ref } from "./columns.ts";

/**
 * Live events sent on the socket (results, chat ticker messages, marquee changes, operator
 * broadcasts), kept while they are worth replaying to a socket that reconnects. Written through the
 * SQL function `live_event_publish` (migration 0017), which also announces the id at commit.
 * `userId` null: everyone, visitors included.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: id(),
    userId: ref("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [
    index("live_events_user_idx").on(t.userId, t.id),
    index("live_events_expires_idx").on(t.expiresAt),
    check("live_events_kind_check", sql`${t.kind} ~ '^[a-z_]{1,32}$'`),
  ],
);

/** Open sockets per server process, reported every few seconds. */
export const livePresence = pgTable("live_presence", {
  instanceId: text("instance_id").primaryKey(),
  sockets: integer("sockets").notNull(),
  players: integer("players").notNull(),
  visitors: integer("visitors").notNull(),
  playerIds: bigint("player_ids", { mode: "number" }).array().notNull(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});
