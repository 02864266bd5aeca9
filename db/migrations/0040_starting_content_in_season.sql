-- Issue 39 (decision 0050): a fresh site's starting sessions fall in the season running on the day the site is first
-- started (when four weeks or more of it are left), otherwise in the next one, with that season's year: never in a
-- fall nine months away. The organisation's usual seasons: winter Dec 1 - the end of February, spring Mar 1 - May 31,
-- summer Jun 15 - Aug 15, fall Sep 7 - Nov 7 (the spec's). app/calendar/starting-season.ts is the same rule for the
-- tests, checked against this function day by day (starting-season.test.ts).
CREATE FUNCTION starting_season(day date) RETURNS TABLE (term text, year int, starts_on date, ends_on date)
LANGUAGE sql IMMUTABLE AS $$
  SELECT t.term, t.year, t.starts_on, t.ends_on FROM (
    SELECT 'winter' AS term, y AS year, make_date(y, 12, 1) AS starts_on, make_date(y + 1, 3, 1) - 1 AS ends_on
      FROM generate_series(extract(year from day)::int - 1, extract(year from day)::int + 1) AS y
    UNION ALL SELECT 'spring', y, make_date(y, 3, 1), make_date(y, 5, 31)
      FROM generate_series(extract(year from day)::int - 1, extract(year from day)::int + 1) AS y
    UNION ALL SELECT 'summer', y, make_date(y, 6, 15), make_date(y, 8, 15)
      FROM generate_series(extract(year from day)::int - 1, extract(year from day)::int + 1) AS y
    UNION ALL SELECT 'fall', y, make_date(y, 9, 7), make_date(y, 11, 7)
      FROM generate_series(extract(year from day)::int - 1, extract(year from day)::int + 1) AS y
  ) AS t
  WHERE t.ends_on >= day + 28
  ORDER BY t.starts_on
  LIMIT 1
$$;
--> statement-breakpoint
-- The starting sessions as migrations 0005, 0022 and 0025 left them: never edited (updated_at = created_at) and no
-- family has asked for a place in them (their history would move with them). A coach's own sessions stay as they are.
CREATE TEMPORARY TABLE starting_sessions AS
SELECT e.id FROM "events" e
WHERE e."updated_at" = e."created_at"
  AND e."title" IN ('Fall Weekly Schedule', 'Monday-Thursday Clinics', 'Level-5 Youth Clinic (Ages 8-12)')
  AND e."note" IN ('Group training for every level, Sep 7 - Nov 7.', 'Drills, match play and conditioning after school.', 'Our beginner clinic: racquets provided, no experience needed.')
  AND NOT EXISTS (SELECT 1 FROM "enrollments" n WHERE n."event_id" = e."id")
  AND NOT EXISTS (SELECT 1 FROM "attendance_marks" a WHERE a."event_id" = e."id");
--> statement-breakpoint
INSERT INTO "seasons" ("term", "year", "starts_on", "ends_on")
SELECT s.term, s.year, s.starts_on, s.ends_on FROM starting_season(current_date) s
WHERE EXISTS (SELECT 1 FROM starting_sessions)
ON CONFLICT ("term", "year") DO NOTHING;
--> statement-breakpoint
-- Into that season (its own row, a coach's dates kept where the season was already there), under its program; the
-- first card is named after the season ("Winter Weekly Schedule"), and no note repeats dates the site shows itself.
UPDATE "events" e SET
  "starts_on" = n."starts_on", "ends_on" = n."ends_on", "season_id" = n."id", "program_slug" = n."term",
  "title" = CASE WHEN e."title" = 'Fall Weekly Schedule' THEN initcap(n."term") || ' Weekly Schedule' ELSE e."title" END,
  "title_es" = CASE WHEN e."title" = 'Fall Weekly Schedule'
    THEN 'Horario semanal de ' || CASE n."term" WHEN 'winter' THEN 'invierno' WHEN 'spring' THEN 'primavera' WHEN 'summer' THEN 'verano' ELSE 'otoño' END
    ELSE e."title_es" END,
  "note" = CASE WHEN e."note" = 'Group training for every level, Sep 7 - Nov 7.' THEN 'Group training for every level.' ELSE e."note" END,
  "note_es" = CASE WHEN e."note" = 'Group training for every level, Sep 7 - Nov 7.' THEN 'Entrenamiento en grupo para todos los niveles.' ELSE e."note_es" END,
  "updated_at" = e."created_at"
FROM starting_season(current_date) s JOIN "seasons" n ON n."term" = s.term AND n."year" = s.year
WHERE e."id" IN (SELECT id FROM starting_sessions);
--> statement-breakpoint
-- The spec's three cancelled days (9/21, 10/13 and 10/21 of a fall: 14, 36 and 44 days after its first day) fall the
-- same way in the starting season, so the home page's cancellations card is about sessions it shows.
UPDATE "cancelled_dates" c SET "day" = n."starts_on" + CASE to_char(c."day", 'MM-DD') WHEN '09-21' THEN 14 WHEN '10-13' THEN 36 ELSE 44 END
FROM starting_season(current_date) s JOIN "seasons" n ON n."term" = s.term AND n."year" = s.year
WHERE c."note" = 'No sessions on these dates.' AND c."created_by" IS NULL AND to_char(c."day", 'MM-DD') IN ('09-21', '10-13', '10-21')
  AND EXISTS (SELECT 1 FROM starting_sessions)
  AND NOT EXISTS (SELECT 1 FROM "cancelled_dates" o WHERE o."day" = n."starts_on" + CASE to_char(c."day", 'MM-DD') WHEN '09-21' THEN 14 WHEN '10-13' THEN 36 ELSE 44 END AND o."day" <> c."day");
--> statement-breakpoint
-- A program page's schedule is its sessions (issue 39): spring's standing "Schedule" text, as written at the start,
-- restated sessions it could contradict ("Monday-Thursday clinics 4:30-6:00 PM" beside a coach's new sessions).
DELETE FROM "program_sections"
WHERE "program_slug" = 'spring' AND "title" = 'Schedule' AND "updated_at" = "created_at"
  AND "body" = 'Monday-Thursday clinics 4:30-6:00 PM, Sunday group training, private lessons on Fridays by appointment.';
--> statement-breakpoint
DROP TABLE starting_sessions;
