-- Issue 42, decision 0062. A term's report card (a PDF or an image, checked by its bytes, at most 10 MB): kept in
-- PostgreSQL as messages' attachments are, so a backup of the database is a backup of the files; one a term (attaching
-- again replaces it); it goes with its term, its athlete, or the retention table's period (app/retention).
CREATE TABLE "athlete_report_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"term_id" uuid NOT NULL REFERENCES "athlete_terms"("id") ON DELETE cascade,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" bytea NOT NULL,
	"uploaded_by" text REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_report_cards_type" CHECK ("mime_type" in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "athlete_report_cards_size" CHECK ("size" = octet_length("data") and "size" between 1 and 10485760),
	CONSTRAINT "athlete_report_cards_name" CHECK (char_length("file_name") between 1 and 120)
);--> statement-breakpoint
CREATE UNIQUE INDEX "athlete_report_cards_term_idx" ON "athlete_report_cards" ("term_id");--> statement-breakpoint
CREATE INDEX "athlete_report_cards_athlete_idx" ON "athlete_report_cards" ("athlete_id");--> statement-breakpoint
CREATE INDEX "athlete_report_cards_created_idx" ON "athlete_report_cards" ("created_at");--> statement-breakpoint
-- The reminder that a session's athletes have no evaluation this season: one row a session and season start, written
-- in the transaction that queues the mails, so the daily job reminds once however often it runs.
CREATE TABLE "athlete_evaluation_reminders" (
	"event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE cascade,
	"season_start" date NOT NULL,
	"athletes" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_evaluation_reminders_pk" PRIMARY KEY ("event_id", "season_start")
);
