CREATE TABLE "message_allowances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_sockets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"process_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_allowances" ADD CONSTRAINT "message_allowances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_sockets" ADD CONSTRAINT "realtime_sockets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_sockets_user_idx" ON "realtime_sockets" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE INDEX "realtime_sockets_process_idx" ON "realtime_sockets" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "attachments_uploader_created_idx" ON "attachments" USING btree ("uploader_id","created_at");--> statement-breakpoint
-- Hand-written: every way a session ends (sign-out, "sign out everywhere", password change or reset, a
-- deleted account, an expiry brought forward) announces the session's id, so every app process closes
-- that session's sockets at once (server/realtime/hub.ts). Natural expiry writes nothing: the hub sweeps for it.
CREATE OR REPLACE FUNCTION "nlte_announce_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('nlte_session_ended', OLD.id);
    RETURN OLD;
  END IF;
  -- Brought forward (into the past, or sooner): every process re-reads it and ends it when it is due.
  IF NEW.expires_at < OLD.expires_at THEN
    PERFORM pg_notify('nlte_session_ended', NEW.id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_ended" AFTER DELETE OR UPDATE OF "expires_at" ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "nlte_announce_session_ended"();
