-- Messages kept to be sent when quiet hours end (issue 39, decision 0047). Only a message Safe Play refused for quiet
-- hours alone is kept; the job queue sends it at send_at through the one send path, which asks Safe Play again then.
-- Its sender sees it (scheduled, sent, refused with why, or cancelled) and may cancel it while it waits.
CREATE TABLE "scheduled_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"sender_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"content" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"refusal" jsonb,
	"message_id" uuid REFERENCES "messages"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "scheduled_messages_status_known" CHECK ("status" in ('scheduled', 'sent', 'refused', 'cancelled')),
	CONSTRAINT "scheduled_messages_content_length" CHECK (char_length("content") between 1 and 5000),
	CONSTRAINT "scheduled_messages_decided" CHECK (("status" = 'scheduled') = ("decided_at" is null))
);--> statement-breakpoint
CREATE INDEX "scheduled_messages_sender_idx" ON "scheduled_messages" ("sender_id", "conversation_id", "created_at");
