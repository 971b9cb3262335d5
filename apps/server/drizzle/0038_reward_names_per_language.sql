-- Point reward names in every site language (Burmese required, English, Chinese and Thai optional,
-- falling back to Burmese), as migration 0032 did for banner captions: "name" stays the Burmese
-- name, the other languages written are kept beside it. Every existing name is kept as the Burmese form.
ALTER TABLE "point_rewards" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
