-- An athlete's path from court to college, and the outcomes funders fund (issue 42, decision 0045).
--
-- A program session says what it is: tennis, education (homework help, tutoring, college visits, test preparation) or
-- both, so every attendance mark counts hours of each. Existing sessions are tennis.
ALTER TABLE "events" ADD COLUMN "session_kind" text DEFAULT 'tennis' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_session_kind_known" CHECK ("session_kind" in ('tennis', 'education', 'both'));--> statement-breakpoint
-- Education staff: a permission the administrator grants on /staff (beside the coach, lead and administrator roles).
-- They read the athletes of education sessions, record milestones and add check-in notes.
CREATE TABLE "education_staff" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"granted_by" text REFERENCES "users"("id") ON DELETE set null,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The skills an evaluation scores: the level system's six, and the organisation's own, named in both languages. A skill
-- is retired, never deleted, so old evaluations keep their scores.
CREATE TABLE "athlete_skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_es" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_skills_names" CHECK (char_length("name") between 1 and 60 and char_length("name_es") between 1 and 60)
);--> statement-breakpoint
CREATE UNIQUE INDEX "athlete_skills_name_idx" ON "athlete_skills" (lower("name"));--> statement-breakpoint
INSERT INTO "athlete_skills" ("name", "name_es", "position") VALUES
	('Forehand', 'Derecha', 1), ('Backhand', 'Revés', 2), ('Serve', 'Saque', 3), ('Volley', 'Volea', 4),
	('Movement', 'Movimiento', 5), ('Match play', 'Juego de partido', 6);--> statement-breakpoint
-- A coach's evaluation: on the rubric of the level the athlete plays at (1 = National ... 5 = Beginner), a note, and one
-- or two goals set with the athlete.
CREATE TABLE "athlete_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"coach_id" text REFERENCES "users"("id") ON DELETE set null,
	"evaluated_on" date NOT NULL,
	"level" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"goal_one" text NOT NULL,
	"goal_two" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_evaluations_level" CHECK ("level" between 1 and 5),
	CONSTRAINT "athlete_evaluations_lengths" CHECK (char_length("note") <= 1000 and char_length("goal_one") between 1 and 200 and coalesce(char_length("goal_two"), 1) between 1 and 200)
);--> statement-breakpoint
CREATE INDEX "athlete_evaluations_athlete_idx" ON "athlete_evaluations" ("athlete_id", "evaluated_on", "created_at");--> statement-breakpoint
-- One score a skill: 1 beginning, 2 developing, 3 secure, 4 beyond the level.
CREATE TABLE "athlete_evaluation_scores" (
	"evaluation_id" uuid NOT NULL REFERENCES "athlete_evaluations"("id") ON DELETE cascade,
	"skill_id" uuid NOT NULL REFERENCES "athlete_skills"("id") ON DELETE restrict,
	"score" smallint NOT NULL,
	CONSTRAINT "athlete_evaluation_scores_pk" PRIMARY KEY ("evaluation_id", "skill_id"),
	CONSTRAINT "athlete_evaluation_scores_score" CHECK ("score" between 1 and 4)
);--> statement-breakpoint
-- School and grade (0 = kindergarten ... 12; 13 = graduated from high school), recorded by a guardian or the athlete.
CREATE TABLE "athlete_schools" (
	"athlete_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"school" text NOT NULL,
	"grade" smallint NOT NULL,
	"updated_by" text REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_schools_fields" CHECK (char_length("school") between 1 and 160 and "grade" between 0 and 13)
);--> statement-breakpoint
-- A term's grade-point band (or only a report-card summary), one a term; a term recorded again replaces it.
CREATE TABLE "athlete_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"year" smallint NOT NULL,
	"term" text NOT NULL,
	"band" text,
	"summary" text DEFAULT '' NOT NULL,
	"recorded_by" text REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_terms_term_known" CHECK ("term" in ('fall', 'spring', 'summer')),
	CONSTRAINT "athlete_terms_year" CHECK ("year" between 2000 and 2200),
	CONSTRAINT "athlete_terms_band_known" CHECK ("band" is null or "band" in ('below-2', '2-2.5', '2.5-3', '3-3.5', '3.5-4', '4-plus')),
	CONSTRAINT "athlete_terms_something" CHECK ("band" is not null or char_length("summary") between 1 and 500),
	CONSTRAINT "athlete_terms_summary_length" CHECK (char_length("summary") <= 500)
);--> statement-breakpoint
CREATE UNIQUE INDEX "athlete_terms_one_idx" ON "athlete_terms" ("athlete_id", "year", "term");--> statement-breakpoint
-- Education staff's check-in notes: read by staff and education staff only.
CREATE TABLE "athlete_check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"staff_id" text REFERENCES "users"("id") ON DELETE set null,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_check_ins_note" CHECK (char_length("note") between 1 and 1000)
);--> statement-breakpoint
CREATE INDEX "athlete_check_ins_athlete_idx" ON "athlete_check_ins" ("athlete_id", "created_at");--> statement-breakpoint
-- College milestones: a test date, a college applied to, an admission, a commitment (tennis or not), a scholarship won
-- (its kind and amount band), high school graduated. Listed on /scholarships only when a guardian (or the adult
-- athlete) said yes: who and when are kept, and only a scholarship with a college and a year can be listed.
CREATE TABLE "athlete_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"happened_on" date NOT NULL,
	"college" text,
	"detail" text DEFAULT '' NOT NULL,
	"tennis" boolean DEFAULT false NOT NULL,
	"scholarship_kind" text,
	"amount_band" text,
	"class_year" smallint,
	"listing_agreed_by" text REFERENCES "users"("id") ON DELETE set null,
	"listing_agreed_at" timestamp with time zone,
	"recorded_by" text REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_milestones_kind_known" CHECK ("kind" in ('test', 'applied', 'admitted', 'committed', 'scholarship', 'graduated')),
	CONSTRAINT "athlete_milestones_lengths" CHECK (coalesce(char_length("college"), 1) between 1 and 160 and char_length("detail") <= 300),
	CONSTRAINT "athlete_milestones_college_needed" CHECK ("kind" not in ('applied', 'admitted', 'committed') or "college" is not null),
	CONSTRAINT "athlete_milestones_scholarship_whole" CHECK (("kind" = 'scholarship') = ("scholarship_kind" is not null and "amount_band" is not null)),
	CONSTRAINT "athlete_milestones_scholarship_kind" CHECK ("scholarship_kind" is null or "scholarship_kind" in ('academic', 'athletic', 'need')),
	CONSTRAINT "athlete_milestones_amount_band" CHECK ("amount_band" is null or "amount_band" in ('under-1k', '1k-5k', '5k-20k', '20k-plus')),
	CONSTRAINT "athlete_milestones_class_year" CHECK ("class_year" is null or "class_year" between 2000 and 2200),
	CONSTRAINT "athlete_milestones_listing" CHECK (("listing_agreed_at" is null) or ("kind" = 'scholarship' and "college" is not null and "class_year" is not null))
);--> statement-breakpoint
CREATE INDEX "athlete_milestones_athlete_idx" ON "athlete_milestones" ("athlete_id", "happened_on");--> statement-breakpoint
CREATE INDEX "athlete_milestones_listed_idx" ON "athlete_milestones" ("class_year") WHERE "listing_agreed_at" IS NOT NULL;
--> statement-breakpoint
-- /scholarships (a visitors' page kept in memory) lists the scholarships families agreed to list.
CREATE TRIGGER athlete_milestones_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON athlete_milestones FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
