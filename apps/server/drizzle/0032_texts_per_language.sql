-- Operator-written texts in every site language (Burmese required, English, Chinese and Thai
-- optional, falling back to Burmese). Every existing text is kept as the Burmese form.
--
-- The marquee and the points page note (settings, stored wrapped as {"value": …}) become
-- {"mm": …, "en"?: …, "cn"?: …, "thai"?: …}.
UPDATE "settings"
   SET "value" = jsonb_build_object('value', jsonb_build_object('mm', "value" -> 'value'))
 WHERE "key" IN ('content.header_play_text', 'content.point_warning')
   AND jsonb_typeof("value" -> 'value') = 'string';
--> statement-breakpoint
-- Banner captions: "title" stays the Burmese caption, the other languages are kept beside it.
ALTER TABLE "banners" ADD COLUMN "title_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- A marquee edit still reaches every open page at commit: "text" is the Burmese form (as before, for
-- pages that know no other), "translations" the other languages written.
CREATE OR REPLACE FUNCTION "live_marquee_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_text jsonb := coalesce(NEW."value" -> 'value', NEW."value");
BEGIN
  IF jsonb_typeof(current_text) = 'string' THEN
    PERFORM "live_event_publish"(NULL, 'marquee', jsonb_build_object('text', current_text #>> '{}'), interval '0 seconds');
  ELSIF jsonb_typeof(current_text) = 'object' AND jsonb_typeof(current_text -> 'mm') = 'string' THEN
    PERFORM "live_event_publish"(NULL, 'marquee',
      jsonb_build_object('text', current_text ->> 'mm', 'translations', current_text - 'mm'), interval '0 seconds');
  END IF;
  RETURN NULL;
END
$$;
