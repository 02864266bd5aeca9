-- A session with no set number of places (capacity null) has no number of places left: 0036's
-- greatest(capacity - taken, 0) read null as 0, as PostgreSQL's greatest ignores nulls, and every such session said
-- "Full: join the waitlist" (the site's starting sessions among them).
CREATE OR REPLACE FUNCTION session_places_left(session uuid) RETURNS integer STABLE LANGUAGE sql AS $$
  SELECT CASE WHEN capacity IS NULL THEN NULL ELSE greatest(capacity - session_places_taken(id), 0) END
  FROM events WHERE id = session
$$;
