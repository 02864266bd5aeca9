CREATE TABLE "coach_photo_files" (
	"photo_id" uuid NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "coach_photo_files_photo_id_format_width_pk" PRIMARY KEY("photo_id","format","width")
);
--> statement-breakpoint
CREATE TABLE "coach_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"bio_es" text,
	"photo_id" uuid,
	"programs" text[] DEFAULT '{}'::text[] NOT NULL,
	"shown" boolean DEFAULT false NOT NULL,
	"safe_play_checked_on" date,
	"background_checked_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"inviter_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_name" text DEFAULT '' NOT NULL,
	"subject_id" text,
	"subject_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_photo_files" ADD CONSTRAINT "coach_photo_files_photo_id_coach_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."coach_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_photos" ADD CONSTRAINT "coach_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_profiles" ADD CONSTRAINT "coach_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_profiles" ADD CONSTRAINT "coach_profiles_photo_id_coach_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."coach_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_photos_user_idx" ON "coach_photos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_invitations_created_idx" ON "staff_invitations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_log_created_idx" ON "staff_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- Written by hand below drizzle's statements (decision 0030).
-- /about's staff section is a visitor page kept in memory (decision 0014): what it shows announces its changes. The
-- coach's name and role are the account's, so a coach's account announces a change of name, role or deletion too.
CREATE TRIGGER coach_profiles_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coach_profiles FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER coach_photos_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coach_photos FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER users_coach_content_changed AFTER UPDATE OF full_name, role, deleted_at ON users FOR EACH ROW
  WHEN ((OLD.role = 'coach' OR NEW.role = 'coach') AND (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.role IS DISTINCT FROM NEW.role OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at))
  EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
-- The staff log is append-only, like the safeguarding log.
CREATE FUNCTION staff_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the staff log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_log_append_only BEFORE UPDATE OR DELETE ON staff_log FOR EACH ROW EXECUTE FUNCTION staff_log_append_only();
--> statement-breakpoint
-- A deleted account (the row stays, emptied: decision 0013) keeps no staff profile, no photo and no administrator
-- flag, whichever code path deletes it.
CREATE FUNCTION users_deleted_leave_staff() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.admin := false;
  DELETE FROM coach_profiles WHERE user_id = NEW.id;
  DELETE FROM coach_photos WHERE user_id = NEW.id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_deleted_leave_staff BEFORE UPDATE OF deleted_at ON users FOR EACH ROW
  WHEN (NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL)
  EXECUTE FUNCTION users_deleted_leave_staff();
--> statement-breakpoint
-- Every coach has a profile to fill in (hidden until they or an administrator show it).
INSERT INTO coach_profiles (user_id) SELECT id FROM users WHERE role = 'coach' AND deleted_at IS NULL ON CONFLICT DO NOTHING;
