-- Written by hand (issue 39, decision 0046): places left are one rule, in the database, that the capacity trigger, the
-- application and every page that says "3 places left" share. Whether a bare request ("requested") holds a place is
-- the organisation's setting: by default only an evaluation in progress, a placement, an enrollment or an offer holds
-- one; staff change it on /rosters.
INSERT INTO "app_settings" ("key", "value") VALUES ('enrollment.requests_hold_place', 'false') ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_requests_hold_place" CHECK ("key" <> 'enrollment.requests_hold_place' OR "value" IN ('true', 'false'));
--> statement-breakpoint
-- The statuses that hold one of a session's places now.
CREATE FUNCTION enrollment_holding_statuses() RETURNS text[] STABLE LANGUAGE sql AS $$
  SELECT CASE WHEN coalesce((SELECT value FROM app_settings WHERE key = 'enrollment.requests_hold_place'), 'false') = 'true'
    THEN ARRAY['requested', 'evaluation', 'placed', 'enrolled', 'offered']
    ELSE ARRAY['evaluation', 'placed', 'enrolled', 'offered'] END
$$;
--> statement-breakpoint
CREATE FUNCTION session_places_taken(session uuid) RETURNS integer STABLE LANGUAGE sql AS $$
  SELECT count(*)::int FROM enrollments WHERE event_id = session AND status = ANY (enrollment_holding_statuses())
$$;
--> statement-breakpoint
-- Null: the session has no set number of places.
CREATE FUNCTION session_places_left(session uuid) RETURNS integer STABLE LANGUAGE sql AS $$
  SELECT greatest(capacity - session_places_taken(id), 0) FROM events WHERE id = session
$$;
--> statement-breakpoint
-- 0024's backstop, now with the setting's statuses: a row that starts holding a place locks its session row, then
-- counts the places held (the row itself is not among them yet: inserted, or not holding one before this update).
CREATE OR REPLACE FUNCTION enrollments_within_capacity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holding text[] := enrollment_holding_statuses();
  cap integer;
BEGIN
  IF NOT (NEW.status = ANY (holding)) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.event_id = NEW.event_id AND OLD.status = ANY (holding) THEN
    RETURN NEW;
  END IF;
  SELECT capacity INTO cap FROM events WHERE id = NEW.event_id FOR UPDATE;
  IF cap IS NULL THEN
    RETURN NEW;
  END IF;
  IF session_places_taken(NEW.event_id) >= cap THEN
    RAISE EXCEPTION 'session % is full', NEW.event_id USING ERRCODE = 'check_violation', CONSTRAINT = 'enrollments_within_capacity';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION events_capacity_not_below_places() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
BEGIN
  IF NEW.capacity IS NULL OR NEW.capacity IS NOT DISTINCT FROM OLD.capacity THEN
    RETURN NEW;
  END IF;
  taken := session_places_taken(NEW.id);
  IF taken > NEW.capacity THEN
    RAISE EXCEPTION 'session % holds % places', NEW.id, taken USING ERRCODE = 'check_violation', CONSTRAINT = 'events_capacity_not_below_places';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Program pages and /calendar are visitors' documents kept in memory (0014) and now say how many places are left:
-- a request's status, or the setting, changing empties the cache.
CREATE TRIGGER enrollments_places_content_changed AFTER INSERT OR UPDATE OF status, event_id OR DELETE ON enrollments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER app_settings_places_content_changed AFTER INSERT OR UPDATE ON app_settings FOR EACH ROW
  WHEN (NEW.key = 'enrollment.requests_hold_place') EXECUTE FUNCTION notify_content_changed();
