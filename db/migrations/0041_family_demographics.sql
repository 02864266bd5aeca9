-- What grant forms ask about the youth served (issue 39, decision 0051): gender, ZIP, school and grade, free or
-- reduced-price lunch (the age band comes from the date of birth the family already gave). One row an athlete,
-- written on /account/family by a guardian of the athlete's household (or an adult athlete for themself), every
-- answer optional: a column left null is "not answered". Only the funder report reads it, and only as counts with
-- small cells suppressed; it is never shown to coaches, other families or on any roster. Gone with the athlete.
CREATE TABLE "athlete_demographics" (
	"athlete_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"gender" text,
	"zip" text,
	"school" text,
	"grade" smallint,
	"school_lunch" text,
	"updated_by" text REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_demographics_gender" CHECK ("gender" in ('female', 'male', 'another')),
	CONSTRAINT "athlete_demographics_zip" CHECK ("zip" ~ '^[0-9]{5}$'),
	CONSTRAINT "athlete_demographics_school" CHECK (char_length("school") between 1 and 120),
	CONSTRAINT "athlete_demographics_grade" CHECK ("grade" between 0 and 13),
	CONSTRAINT "athlete_demographics_lunch" CHECK ("school_lunch" in ('free', 'reduced', 'none'))
);
