CREATE TABLE "message_notice_jobs" (
	"user_id" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_notice_jobs_user_id_conversation_id_pk" PRIMARY KEY("user_id","conversation_id")
);
--> statement-breakpoint
ALTER TABLE "message_notice_jobs" ADD CONSTRAINT "message_notice_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_notice_jobs" ADD CONSTRAINT "message_notice_jobs_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Missed-message notices, scheduled once (decisions 0009 and 0012). The trigger used to call add_job for every
-- message and every recipient: each call rewrote the job's row and woke every queue worker (measured: one job
-- query per chat message, the largest cost of a message after its own insert). Now a message schedules a job
-- only when none is pending for that person and conversation (message_notice_jobs), and only for people who
-- want notices. The job deletes the row when it runs; the first message after that schedules the next one.
CREATE OR REPLACE FUNCTION "schedule_missed_message_notices"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delay_seconds integer;
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
      delay_seconds := coalesce(delay_seconds, (SELECT value::integer FROM app_settings WHERE key = 'notify_delay_seconds'), 120);
      PERFORM graphile_worker.add_job(
        'missed_messages',
        json_build_object('conversationId', NEW.conversation_id, 'userId', recipient),
        run_at := now() + make_interval(secs => delay_seconds),
        job_key := 'missed_messages:' || NEW.conversation_id || ':' || recipient,
        job_key_mode := 'preserve_run_at'
      );
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
