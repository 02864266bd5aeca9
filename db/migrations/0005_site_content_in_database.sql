CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "cancelled_dates" (
	"day" date PRIMARY KEY NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"on_date" date,
	"starts_on" date,
	"ends_on" date,
	"start_time" time,
	"end_time" time,
	"time_note" text,
	"place" text,
	"note" text,
	"has_register" boolean DEFAULT true NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_kind_fields" CHECK (("events"."kind" = 'weekly' and cardinality("events"."weekdays") > 0) or ("events"."kind" = 'date' and "events"."on_date" is not null)),
	CONSTRAINT "events_times_ordered" CHECK ("events"."end_time" is null or "events"."start_time" is null or "events"."end_time" > "events"."start_time")
);
--> statement-breakpoint
CREATE TABLE "gallery_photo_files" (
	"photo_id" uuid NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "gallery_photo_files_photo_id_format_width_pk" PRIMARY KEY("photo_id","format","width")
);
--> statement-breakpoint
CREATE TABLE "gallery_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"consent" boolean NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_photos_consent" CHECK ("gallery_photos"."consent")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cancellation_mails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_dates" ADD CONSTRAINT "cancelled_dates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photo_files" ADD CONSTRAINT "gallery_photo_files_photo_id_gallery_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."gallery_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_order_idx" ON "announcements" USING btree ("pinned" DESC NULLS LAST,"published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_position_idx" ON "events" USING btree ("position");--> statement-breakpoint
CREATE INDEX "gallery_photos_position_idx" ON "gallery_photos" USING btree ("position");--> statement-breakpoint
-- What used to be code (app/content/general.ts and home.ts) becomes the starting rows coaches edit on the site.
INSERT INTO "announcements" ("title", "body", "published_at") VALUES
('Fall weekly schedule starts September 7', 'Sunday group training runs 8-10 AM and Monday-Thursday clinics run 4:30-6:00 PM through November 7. The Level-5 youth clinic for ages 8-12 meets Tuesday and Thursday 4:30-5:30 PM.', '2024-09-02 12:00:00+00'),
('No sessions on 9/21, 10/13 and 10/21', 'Please mark these cancellations on your family calendar. Make-up time is added to the following week''s clinics.', '2024-09-01 12:00:00+00'),
('Summer-camp grant renewed', 'A $17,500 grant from a national tennis foundation keeps our summer camp affordable for every family who applies. Thank you to everyone who wrote in support.', '2024-08-01 12:00:00+00'),
('After-school program funded', 'A $5,000 grant from a local Rotary club pays for court time, balls and homework help in our after-school program.', '2024-06-01 12:00:00+00'),
('Scholarship recipients', 'Recipients of our two memorial scholarships are announced here and on the [Scholarships page](/scholarships), with the family''s permission.', '2024-05-01 12:00:00+00');
--> statement-breakpoint
INSERT INTO "events" ("title", "kind", "weekdays", "starts_on", "ends_on", "start_time", "end_time", "time_note", "note", "has_register", "closed", "position") VALUES
('Fall Weekly Schedule', 'weekly', '{0}', '2025-09-07', '2025-11-07', '08:00', '10:00', NULL, 'Group training for every level, Sep 7 - Nov 7.', true, false, 1),
('Monday-Thursday Clinics', 'weekly', '{1,2,3,4}', '2025-09-07', '2025-11-07', '16:30', '18:00', NULL, 'Drills, match play and conditioning after school.', true, false, 2),
('Level-5 Youth Clinic (Ages 8-12)', 'weekly', '{2,4}', '2025-09-07', '2025-11-07', '16:30', '17:30', NULL, 'Our beginner clinic: racquets provided, no experience needed.', true, false, 3),
('Private Lessons', 'weekly', '{5}', NULL, NULL, NULL, NULL, 'by appointment', 'One-on-one coaching; book with 24 hours'' notice.', true, false, 4),
('Saturday', 'weekly', '{6}', NULL, NULL, NULL, NULL, 'Closed for the Sabbath', 'No clinics or lessons on Saturdays.', false, true, 5);
--> statement-breakpoint
INSERT INTO "cancelled_dates" ("day", "note") VALUES
('2025-09-21', 'No sessions on these dates.'),
('2025-10-13', 'No sessions on these dates.'),
('2025-10-21', 'No sessions on these dates.');
--> statement-breakpoint
-- The starter videos of 0001 had made-up YouTube ids and view counts: every player and thumbnail would be broken.
-- Only those exact rows go; videos coaches added stay.
DELETE FROM "videos" WHERE "platform" = 'youtube' AND "source_id" IN ('kT3pQm7vX2a', 'Rw8nB4cYh1E', 'Hm2sLq9ZpW4', 'Xc5vN0tJr8K', 'Pb7gT1wQe6M', 'Jd4kY6uAs3N');
