-- Mails that a family can act on (issue 39, decision 0052).
--
-- A request's status mail is held in the outbox for two minutes (send_after) under a key naming the request and the
-- recipient (hold_key); a later step on the same request replaces the held mail that is not yet handed over, so a
-- coach's three steps in a minute give one mail with the latest state. The hold lives in the row and its delivery
-- job's run_at: a restart in between loses nothing (the start-up requeue keeps send_after).
ALTER TABLE "mail_outbox" ADD COLUMN "hold_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "send_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_held_idx" ON "mail_outbox" ("hold_key", "to_address") WHERE "hold_key" IS NOT NULL AND "sent_at" IS NULL;--> statement-breakpoint
-- The "Enrolled" mail carries the session's whole series as a calendar file to import (METHOD:PUBLISH, the same
-- event the /calendar.ics feed publishes), beside bookings' REQUEST and CANCEL invitations.
ALTER TABLE "mail_calendar_parts" DROP CONSTRAINT "mail_calendar_parts_method";--> statement-breakpoint
ALTER TABLE "mail_calendar_parts" ADD CONSTRAINT "mail_calendar_parts_method" CHECK ("mail_calendar_parts"."method" in ('REQUEST', 'CANCEL', 'PUBLISH'));
