-- Issue 38's audit. A mail is never sent twice (decision 0011, addendum): each mail carries its own Message-ID from
-- the first attempt on, and the moment its whole message was handed to the SMTP server (before the final dot that
-- completes it) is recorded; a later attempt that finds a mail handed over but not marked sent does not send it again.
ALTER TABLE "mail_outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
UPDATE "mail_outbox" SET "message_id" = '<' || "id"::text || '@outbox.nlte>' WHERE "message_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_message_id_idx" ON "mail_outbox" USING btree ("message_id");--> statement-breakpoint
-- A booking retried with the idempotency key of the form it came from returns the booking that key made (decision
-- 0032, addendum): the key is kept on the booking, once per person who booked.
ALTER TABLE "bookings" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_request_key_idx" ON "bookings" USING btree ("booked_by","request_key");
