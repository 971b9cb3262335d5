-- Speed on players' phones: one row per measure of a real visit; nothing personal (no player, no address).
CREATE TABLE "web_vital_samples" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "page" text NOT NULL,
  "device" text NOT NULL,
  "connection" text NOT NULL,
  "metric" text NOT NULL,
  "value" double precision NOT NULL,
  CONSTRAINT "web_vital_samples_metric_chk" CHECK ("metric" in ('LCP', 'INP', 'CLS', 'TTFB')),
  CONSTRAINT "web_vital_samples_value_chk" CHECK ("value" >= 0)
);
--> statement-breakpoint
CREATE INDEX "web_vital_samples_created_idx" ON "web_vital_samples" ("created_at");
