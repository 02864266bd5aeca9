-- Written by hand (issue 37, decision 0033 addendum "Nothing a visitor typed joins a family without the guardian's
-- yes"): at most 3 visitors' requests wait for one address, whatever the code does. An insert (or a row moved to
-- another address) takes a transaction lock on the address first, then counts the rows waiting for it; two forms
-- sent at once wait on that lock, so the count each sees includes the one before it. keepVisitorRequest takes the
-- same lock and refuses the 4th beside the form's email field; this is the backstop no path slips past. Rows kept
-- before this migration stay (a real family's 4th child is not deleted unseen): each still waits for the guardian's
-- yes, since nothing joins a family by itself any more.
CREATE FUNCTION visitor_requests_at_most_three() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  waiting integer;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.email = OLD.email THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('visitor_enrollment_requests:' || NEW.email, 0));
  SELECT count(*) INTO waiting FROM visitor_enrollment_requests WHERE email = NEW.email AND id <> NEW.id;
  IF waiting >= 3 THEN
    RAISE EXCEPTION 'at most 3 requests wait for one address' USING ERRCODE = 'check_violation', CONSTRAINT = 'visitor_requests_at_most_three';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER visitor_requests_at_most_three BEFORE INSERT OR UPDATE OF email ON visitor_enrollment_requests
  FOR EACH ROW EXECUTE FUNCTION visitor_requests_at_most_three();
