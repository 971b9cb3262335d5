-- Support chat between a player (or a visitor who gave a phone number) and the operators.
-- One conversation per player (reopened when closed); a visitor's conversation is found by the
-- SHA-256 of the token the visitor's browser keeps.
CREATE TABLE "support_conversations" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" bigint REFERENCES "users"("id"),
  "visitor_phone" text,
  "visitor_token_hash" text UNIQUE,
  "status" text DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'closed')),
  "assignee_id" bigint REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
  "waiting_since" timestamp with time zone,
  "first_answer_seconds" integer,
  "player_read_id" bigint DEFAULT 0 NOT NULL,
  "staff_read_id" bigint DEFAULT 0 NOT NULL,
  "player_typing_at" timestamp with time zone,
  CHECK (("user_id" IS NULL) <> ("visitor_token_hash" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_user_idx" ON "support_conversations" ("user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "support_conversations_inbox_idx" ON "support_conversations" ("status", "last_message_at" DESC);
--> statement-breakpoint
CREATE TABLE "support_messages" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "conversation_id" bigint NOT NULL REFERENCES "support_conversations"("id"),
  "sender" text NOT NULL CHECK ("sender" IN ('player', 'staff')),
  "operator_id" bigint REFERENCES "users"("id"),
  "body" text DEFAULT '' NOT NULL CHECK (char_length("body") <= 1000),
  "image_path" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" ("conversation_id", "id");
--> statement-breakpoint
CREATE TABLE "support_canned" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "language" text NOT NULL CHECK ("language" IN ('mm', 'en', 'cn', 'thai')),
  "title" text NOT NULL,
  "body" text NOT NULL CHECK (char_length("body") <= 1000),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
