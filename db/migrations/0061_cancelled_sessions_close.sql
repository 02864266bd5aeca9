-- A session the organisation cancels takes no more requests and leaves the public pages (issue 41): its cancellation
-- closes it in the same statement, whichever page cancelled it (the programs editor, the roster, /aid/sessions), as
-- migration 0050's trigger credits its families in that statement. Sessions cancelled before this migration are
-- closed now.
CREATE OR REPLACE FUNCTION session_cancellation_closes_session() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET closed = true WHERE id = NEW.event_id AND NOT closed;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_cancellations_close_session AFTER INSERT ON session_cancellations
  FOR EACH ROW EXECUTE FUNCTION session_cancellation_closes_session();
--> statement-breakpoint
UPDATE events SET closed = true WHERE id IN (SELECT event_id FROM session_cancellations) AND NOT closed;
