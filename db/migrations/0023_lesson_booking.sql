CREATE TABLE "booking_days_off" (
	"coach_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "booking_days_off_coach_id_day_pk" PRIMARY KEY("coach_id","day")
);
--> statement-breakpoint
CREATE TABLE "booking_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"coach_id" text PRIMARY KEY NOT NULL,
	"lesson_minutes" smallint[] DEFAULT '{60}'::smallint[] NOT NULL,
	"buffer_minutes" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_lengths" CHECK (cardinality("booking_settings"."lesson_minutes") between 1 and 2 and "booking_settings"."lesson_minutes" <@ '{30,60}'::smallint[]),
	CONSTRAINT "booking_settings_buffer" CHECK ("booking_settings"."buffer_minutes" between 0 and 60 and "booking_settings"."buffer_minutes" % 5 = 0)
);
--> statement-breakpoint
CREATE TABLE "booking_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" text NOT NULL,
	"kind" text NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"place" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_windows_kind_known" CHECK ("booking_windows"."kind" in ('lesson', 'evaluation')),
	CONSTRAINT "booking_windows_weekday" CHECK ("booking_windows"."weekday" between 0 and 6),
	CONSTRAINT "booking_windows_ordered" CHECK ("booking_windows"."end_time" > "booking_windows"."start_time"),
	CONSTRAINT "booking_windows_place" CHECK (length("booking_windows"."place") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" text NOT NULL,
	"athlete_id" text NOT NULL,
	"booked_by" text,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_kind_known" CHECK ("bookings"."kind" in ('lesson', 'evaluation')),
	CONSTRAINT "bookings_length" CHECK ("bookings"."ends_at" - "bookings"."starts_at" in (interval '30 minutes', interval '60 minutes')),
	CONSTRAINT "bookings_buffer" CHECK ("bookings"."blocked_until" >= "bookings"."ends_at" and "bookings"."blocked_until" <= "bookings"."ends_at" + interval '60 minutes'),
	CONSTRAINT "bookings_note_length" CHECK (length("bookings"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "mail_calendar_parts" (
	"mail_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "mail_calendar_parts_method" CHECK ("mail_calendar_parts"."method" in ('REQUEST', 'CANCEL'))
);
--> statement-breakpoint
ALTER TABLE "booking_days_off" ADD CONSTRAINT "booking_days_off_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_feeds" ADD CONSTRAINT "booking_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_windows" ADD CONSTRAINT "booking_windows_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_calendar_parts" ADD CONSTRAINT "mail_calendar_parts_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_windows_coach_idx" ON "booking_windows" USING btree ("coach_id","weekday");--> statement-breakpoint
CREATE INDEX "bookings_coach_starts_idx" ON "bookings" USING btree ("coach_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_athlete_starts_idx" ON "bookings" USING btree ("athlete_id","starts_at");--> statement-breakpoint
-- Written by hand (drizzle-kit has no exclusion constraints; decision 0032). btree_gist lets a GiST index compare the
-- coach's id with "=" beside the time range's "&&": no two active bookings of one coach overlap (with the buffer after
-- each), nor of one athlete. The database decides a race for one slot, whatever the code does.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_coach_no_overlap" EXCLUDE USING gist ("coach_id" WITH =, tstzrange("starts_at", "blocked_until", '[)') WITH &&) WHERE ("cancelled_at" IS NULL);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_athlete_no_overlap" EXCLUDE USING gist ("athlete_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("cancelled_at" IS NULL);
