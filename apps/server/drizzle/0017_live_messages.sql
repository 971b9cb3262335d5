-- Live events on the socket (results, chat ticker messages, marquee changes, operator broadcasts):
-- each one is a row with a growing id, announced at commit on the `live_event` channel by its id
-- (so no payload limit applies), read by every server process and sent to its sockets. After a
-- reconnect a socket asks for the events after the last id it saw that are still relevant
-- (`expires_at`). `user_id` null: everyone, visitors included; otherwise that player only.
CREATE TABLE "live_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" bigint,
  "kind" text NOT NULL,
  "payload" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  CONSTRAINT "live_events_kind_check" CHECK ("kind" ~ '^[a-z_]{1,32}$')
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "live_events_user_idx" ON "live_events" USING btree ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "live_events_expires_idx" ON "live_events" USING btree ("expires_at");
--> statement-breakpoint
-- Stores one live event and announces its id at commit; answers the id.
CREATE FUNCTION "live_event_publish"(p_user_id bigint, p_kind text, p_payload jsonb, p_keep interval) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
BEGIN
  INSERT INTO "live_events" ("user_id", "kind", "payload", "expires_at")
    VALUES (p_user_id, p_kind, p_payload, now() + p_keep)
    RETURNING "id" INTO new_id;
  PERFORM pg_notify('live_event', new_id::text);
  RETURN new_id;
END
$$;
--> statement-breakpoint
-- A marquee edit, by whatever path, reaches every open page at commit. The marquee is not replayed
-- from this row (a reconnecting page is sent the current text), so it expires at once.
-- (Settings are stored wrapped: {"value": <the text>}.)
CREATE FUNCTION "live_marquee_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_text jsonb := coalesce(NEW."value" -> 'value', NEW."value");
BEGIN
  IF jsonb_typeof(current_text) = 'string' THEN
    PERFORM "live_event_publish"(NULL, 'marquee', jsonb_build_object('text', current_text #>> '{}'), interval '0 seconds');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "settings_marquee_live" AFTER INSERT OR UPDATE OF "value" ON "settings"
  FOR EACH ROW WHEN (NEW."key" = 'content.header_play_text')
  EXECUTE FUNCTION "live_marquee_changed"();
--> statement-breakpoint
-- Each server process reports its open sockets here every few seconds; the console adds up the
-- rows seen recently (a process that stopped without saying so drops out by itself).
CREATE TABLE "live_presence" (
  "instance_id" text PRIMARY KEY NOT NULL,
  "sockets" integer NOT NULL,
  "players" integer NOT NULL,
  "visitors" integer NOT NULL,
  "player_ids" bigint[] NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
