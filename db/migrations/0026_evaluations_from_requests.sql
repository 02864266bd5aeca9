-- Issue 30 (decision 0032): an evaluation booked from an enrollment request keeps the link. The database holds the two
-- rules: only an evaluation names a request, and a request has at most one active evaluation booked (a second booking
-- racing the first fails on the unique index, whatever the code does).
ALTER TABLE "bookings" ADD COLUMN "enrollment_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_evaluation_per_request_idx" ON "bookings" USING btree ("enrollment_id") WHERE "bookings"."enrollment_id" is not null and "bookings"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_enrollment_is_evaluation" CHECK ("bookings"."enrollment_id" is null or "bookings"."kind" = 'evaluation');