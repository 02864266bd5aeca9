-- What to bring, per session and language (decision 0063): staff write it in the programs editor; the session's card
-- and the Enrolled mail show it; a session without it shows the organisation's standing list.
ALTER TABLE "events" ADD COLUMN "what_to_bring" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "what_to_bring_es" text;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_what_to_bring_length" CHECK (coalesce(char_length("what_to_bring"), 0) <= 300 AND coalesce(char_length("what_to_bring_es"), 0) <= 300);
--> statement-breakpoint
-- Reads of medical information have a period (the retention table's medical_reads row, decision 0063): the nightly
-- retention job may delete a "medical details read" line of the safeguarding log once it is past that period, and
-- only that job (its transaction says so with the setting nlte.retention). Every other line, and every update, stays
-- refused: the log is otherwise append-only, as migration 0012 made it.
CREATE OR REPLACE FUNCTION safeguarding_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.action = 'medical details read' AND current_setting('nlte.retention', true) = 'medical_reads' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the safeguarding log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
