-- Issue 29 (decision 0033, addendum): sessions record their coaches (session_coaches); a visitor's request for a place
-- is kept with its unproved address until someone verifies it (visitor_enrollment_requests); the registration form
-- says which session it was for; and a session with enrollment requests or attendance marks can no longer be deleted
-- (restrict instead of cascade): the funder report's numbers never change behind its back.
CREATE TABLE "session_coaches" (
	"event_id" uuid NOT NULL,
	"coach_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_coaches_event_id_coach_id_pk" PRIMARY KEY("event_id","coach_id")
);
--> statement-breakpoint
CREATE TABLE "visitor_enrollment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "visitor_enrollment_requests_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid,
	"student_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"medical_notes" text DEFAULT '' NOT NULL,
	"pickup_people" text DEFAULT '' NOT NULL,
	"photo_consent" boolean DEFAULT false NOT NULL,
	"emergency_name" text NOT NULL,
	"emergency_phone" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_enrollment_requests_email_lower" CHECK ("visitor_enrollment_requests"."email" = lower("visitor_enrollment_requests"."email") and char_length("visitor_enrollment_requests"."email") between 3 and 254),
	CONSTRAINT "visitor_enrollment_requests_lengths" CHECK (char_length("visitor_enrollment_requests"."student_name") between 1 and 120 and char_length("visitor_enrollment_requests"."medical_notes") <= 1000 and char_length("visitor_enrollment_requests"."pickup_people") <= 500 and char_length("visitor_enrollment_requests"."emergency_name") between 1 and 120 and char_length("visitor_enrollment_requests"."emergency_phone") between 7 and 30)
);
--> statement-breakpoint
ALTER TABLE "attendance_marks" DROP CONSTRAINT "attendance_marks_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "registration_requests" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "session_coaches" ADD CONSTRAINT "session_coaches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_coaches" ADD CONSTRAINT "session_coaches_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_enrollment_requests" ADD CONSTRAINT "visitor_enrollment_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_coaches_coach_idx" ON "session_coaches" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "visitor_enrollment_requests_email_idx" ON "visitor_enrollment_requests" USING btree ("email","seq");--> statement-breakpoint
CREATE INDEX "visitor_enrollment_requests_created_idx" ON "visitor_enrollment_requests" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_session_id_events_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Written by hand (decision 0033, addendum): the sessions that existed before coaches were recorded. Each gets the
-- coaches whose profile names its program; a session no profile names keeps every coach, as before, until its
-- program editor says who (nothing a coach could do yesterday is taken away from a session nobody was named for).
INSERT INTO "session_coaches" ("event_id", "coach_id")
SELECT e.id, u.id FROM events e
  JOIN coach_profiles p ON e.program_slug = ANY (p.programs)
  JOIN users u ON u.id = p.user_id AND u.role = 'coach' AND u.deleted_at IS NULL
WHERE e.program_slug IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "session_coaches" ("event_id", "coach_id")
SELECT e.id, u.id FROM events e CROSS JOIN users u
WHERE e.program_slug IS NOT NULL AND u.role = 'coach' AND u.deleted_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM session_coaches s WHERE s.event_id = e.id)
ON CONFLICT DO NOTHING;
