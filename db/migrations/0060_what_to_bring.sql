-- What to bring, per session and language (decision 0063): staff write it in the programs editor; the session's card
-- and the Enrolled mail show it; a session without it shows the organisation's standing list.
ALTER TABLE "events" ADD COLUMN "what_to_bring" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "what_to_bring_es" text;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_what_to_bring_length" CHECK (coalesce(char_length("what_to_bring"), 0) <= 300 AND coalesce(char_length("what_to_bring_es"), 0) <= 300);
