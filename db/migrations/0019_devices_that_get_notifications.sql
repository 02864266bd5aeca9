CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
-- A person with a device that takes notifications hears of an unread message sooner (issue 27): after
-- push_delay_seconds (15 by default) instead of notify_delay_seconds (120), and by push instead of mail (one notice
-- per message burst, by push where they have it and by mail otherwise: app/messaging/notices.server.ts).
CREATE OR REPLACE FUNCTION "schedule_missed_message_notices"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  mail_delay integer;
  push_delay integer;
  recipient text;
BEGIN
  -- Written as lookups by key, one person at a time: a join here was planned as a scan of every user (measured at
  -- 1 ms a message with 400 users, before the planner had statistics), paid by every message.
  FOR recipient IN
    SELECT p.user_id FROM conversation_participants p
    WHERE p.conversation_id = NEW.conversation_id AND p.user_id IS DISTINCT FROM NEW.sender_id
  LOOP
    CONTINUE WHEN EXISTS (SELECT 1 FROM message_notice_jobs n WHERE n.user_id = recipient AND n.conversation_id = NEW.conversation_id);
    CONTINUE WHEN NOT EXISTS (SELECT 1 FROM users u WHERE u.id = recipient AND u.notify_messages AND u.deleted_at IS NULL);
    INSERT INTO message_notice_jobs (user_id, conversation_id) VALUES (recipient, NEW.conversation_id)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
      mail_delay := coalesce(mail_delay, (SELECT value::integer FROM app_settings WHERE key = 'notify_delay_seconds'), 120);
      push_delay := coalesce(push_delay, (SELECT value::integer FROM app_settings WHERE key = 'push_delay_seconds'), 15);
      PERFORM graphile_worker.add_job(
        'missed_messages',
        json_build_object('conversationId', NEW.conversation_id, 'userId', recipient),
        run_at := now() + make_interval(secs => CASE
          WHEN EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = recipient) THEN least(push_delay, mail_delay)
          ELSE mail_delay END),
        job_key := 'missed_messages:' || NEW.conversation_id || ':' || recipient,
        job_key_mode := 'preserve_run_at'
      );
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
