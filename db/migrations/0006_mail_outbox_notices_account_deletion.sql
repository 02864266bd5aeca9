CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"kind" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_notices" (
	"user_id" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_notices_user_id_conversation_id_pk" PRIMARY KEY("user_id","conversation_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_messages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_submissions" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_notices" ADD CONSTRAINT "message_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_notices" ADD CONSTRAINT "message_notices_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- Missed-message notices (decision 0012): every new message schedules, in its own transaction, one job per
-- other participant, NOTIFY_DELAY_SECONDS later (kept in app_settings by the server at start-up). The job key makes
-- several messages one job: preserve_run_at keeps the first message's time. The job itself checks read state.
CREATE OR REPLACE FUNCTION "schedule_missed_message_notices"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delay_seconds integer := coalesce((SELECT value::integer FROM app_settings WHERE key = 'notify_delay_seconds'), 120);
  recipient text;
BEGIN
  FOR recipient IN
    SELECT user_id FROM conversation_participants
    WHERE conversation_id = NEW.conversation_id AND user_id IS DISTINCT FROM NEW.sender_id
  LOOP
    PERFORM graphile_worker.add_job(
      'missed_messages',
      json_build_object('conversationId', NEW.conversation_id, 'userId', recipient),
      run_at := now() + make_interval(secs => delay_seconds),
      job_key := 'missed_messages:' || NEW.conversation_id || ':' || recipient,
      job_key_mode := 'preserve_run_at'
    );
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_schedule_notices" AFTER INSERT ON "messages"
FOR EACH ROW EXECUTE FUNCTION "schedule_missed_message_notices"();
