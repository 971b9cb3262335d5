-- Custom SQL migration file, put your code below! --
-- A credit must belong to a round with an applied debit, unless the provider sends free-round
-- credits: an operator setting per provider, off by default.
ALTER TABLE "providers" ADD COLUMN "free_round_credits" boolean DEFAULT false NOT NULL;
