-- refuse_append_only_change: journals, their entries and the audit log are append-only (ledger
-- invariant I8): the triggers of migration 0001 run it before any UPDATE, DELETE or TRUNCATE of them.
-- Corrections are reversing journals, never edits.
CREATE OR REPLACE FUNCTION refuse_append_only_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
