-- Issue 27: cancellations and schedule changes reach every family by default. The old opt-in box (a mail for
-- short-notice cancellations, off unless ticked on /calendar) becomes the one setting for changes, on for everyone:
-- a family that never found the box hears of the next cancellation; /account and each notice's link turn it off.
ALTER TABLE "users" RENAME COLUMN "cancellation_mails" TO "notify_changes";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "notify_changes" SET DEFAULT true;--> statement-breakpoint
UPDATE "users" SET "notify_changes" = true;--> statement-breakpoint
-- A Spanish version beside the English of what coaches type; null shows the English, marked as English.
ALTER TABLE "announcements" ADD COLUMN "title_es" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "body_es" text;--> statement-breakpoint
ALTER TABLE "cancelled_dates" ADD COLUMN "note_es" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "title_es" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "time_note_es" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "note_es" text;
