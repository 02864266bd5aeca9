CREATE TABLE "athlete_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" text NOT NULL,
	"level" smallint NOT NULL,
	"placed_on" date NOT NULL,
	"coach_id" text,
	"note" text DEFAULT '' NOT NULL,
	"enrollment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_levels_level" CHECK ("athlete_levels"."level" between 1 and 5),
	CONSTRAINT "athlete_levels_note_length" CHECK (char_length("athlete_levels"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "attendance_marks" (
	"event_id" uuid NOT NULL,
	"athlete_id" text NOT NULL,
	"day" date NOT NULL,
	"present" boolean NOT NULL,
	"client_id" uuid NOT NULL,
	"marked_by" text,
	"marked_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_marks_event_id_athlete_id_day_pk" PRIMARY KEY("event_id","athlete_id","day")
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"athlete_id" text NOT NULL,
	"requested_by" text,
	"status" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "enrollments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"offered_until" timestamp with time zone,
	"closed_reason" text,
	"medical_notes" text DEFAULT '' NOT NULL,
	"pickup_people" text DEFAULT '' NOT NULL,
	"photo_consent" boolean DEFAULT false NOT NULL,
	"emergency_name" text NOT NULL,
	"emergency_phone" text NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollments_status_known" CHECK ("enrollments"."status" in ('requested', 'evaluation', 'placed', 'enrolled', 'waitlisted', 'offered', 'withdrawn', 'declined')),
	CONSTRAINT "enrollments_offer_whole" CHECK (("enrollments"."status" = 'offered') = ("enrollments"."offered_until" is not null)),
	CONSTRAINT "enrollments_closed_reason" CHECK (("enrollments"."closed_reason" is null) = ("enrollments"."status" not in ('withdrawn', 'declined'))),
	CONSTRAINT "enrollments_lengths" CHECK (char_length("enrollments"."medical_notes") <= 1000 and char_length("enrollments"."pickup_people") <= 500 and char_length("enrollments"."emergency_name") between 1 and 120 and char_length("enrollments"."emergency_phone") between 7 and 30)
);
--> statement-breakpoint
ALTER TABLE "athlete_levels" ADD CONSTRAINT "athlete_levels_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_levels" ADD CONSTRAINT "athlete_levels_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_levels" ADD CONSTRAINT "athlete_levels_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "athlete_levels_athlete_idx" ON "athlete_levels" USING btree ("athlete_id","placed_on","created_at");--> statement-breakpoint
CREATE INDEX "attendance_marks_day_idx" ON "attendance_marks" USING btree ("day");--> statement-breakpoint
CREATE INDEX "attendance_marks_athlete_idx" ON "attendance_marks" USING btree ("athlete_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_one_open_idx" ON "enrollments" USING btree ("event_id","athlete_id") WHERE "enrollments"."status" not in ('withdrawn', 'declined');--> statement-breakpoint
CREATE INDEX "enrollments_event_status_idx" ON "enrollments" USING btree ("event_id","status","seq");--> statement-breakpoint
CREATE INDEX "enrollments_athlete_idx" ON "enrollments" USING btree ("athlete_id");--> statement-breakpoint
-- Written by hand (decision 0033): no session is ever over capacity, whatever the code does. A row that starts holding
-- a place (requested, evaluation, placed, enrolled, offered) locks its session row first, then counts the places
-- held; concurrent requests wait on that lock, so the count each sees includes the one before it. The application
-- takes the same lock first and waitlists what does not fit; this is the backstop that no path slips past.
CREATE FUNCTION enrollments_within_capacity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cap integer;
  taken integer;
BEGIN
  IF NEW.status NOT IN ('requested', 'evaluation', 'placed', 'enrolled', 'offered') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.event_id = NEW.event_id AND OLD.status IN ('requested', 'evaluation', 'placed', 'enrolled', 'offered') THEN
    RETURN NEW;
  END IF;
  SELECT capacity INTO cap FROM events WHERE id = NEW.event_id FOR UPDATE;
  IF cap IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT count(*) INTO taken FROM enrollments
    WHERE event_id = NEW.event_id AND id <> NEW.id AND status IN ('requested', 'evaluation', 'placed', 'enrolled', 'offered');
  IF taken >= cap THEN
    RAISE EXCEPTION 'session % is full', NEW.event_id USING ERRCODE = 'check_violation', CONSTRAINT = 'enrollments_within_capacity';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_within_capacity BEFORE INSERT OR UPDATE OF status, event_id ON enrollments
  FOR EACH ROW EXECUTE FUNCTION enrollments_within_capacity();
--> statement-breakpoint
-- The other way past capacity: lowering it below the places already held. Refused the same way.
CREATE FUNCTION events_capacity_not_below_places() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
BEGIN
  IF NEW.capacity IS NULL OR NEW.capacity IS NOT DISTINCT FROM OLD.capacity THEN
    RETURN NEW;
  END IF;
  SELECT count(*) INTO taken FROM enrollments
    WHERE event_id = NEW.id AND status IN ('requested', 'evaluation', 'placed', 'enrolled', 'offered');
  IF taken > NEW.capacity THEN
    RAISE EXCEPTION 'session % holds % places', NEW.id, taken USING ERRCODE = 'check_violation', CONSTRAINT = 'events_capacity_not_below_places';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_capacity_not_below_places BEFORE UPDATE OF capacity ON events
  FOR EACH ROW EXECUTE FUNCTION events_capacity_not_below_places();
--> statement-breakpoint
-- How long an offered place is held before it passes to the next on the waitlist (hours); coaches change it on /rosters.
INSERT INTO "app_settings" ("key", "value") VALUES ('enrollment.offer_hours', '48') ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_offer_hours" CHECK ("key" <> 'enrollment.offer_hours' OR ("value" ~ '^[0-9]{1,3}$' AND "value"::int between 1 and 336));
