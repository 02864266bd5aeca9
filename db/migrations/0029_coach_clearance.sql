-- Safe Play, coaches cleared before they reach children (issue 37, decision 0022 and 0030).
--
-- The reminders mailed 60 days before a coach's Safe Play training or background check stops being current: one row
-- per coach, check and expiry day, written in the transaction that queues the mails, so each date is reminded once
-- (a date recorded again is a new expiry day and gets its own reminder).
CREATE TABLE "clearance_reminders" (
	"coach_id" text NOT NULL,
	"check_kind" text NOT NULL,
	"expires_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clearance_reminders_pk" PRIMARY KEY ("coach_id", "check_kind", "expires_on"),
	CONSTRAINT "clearance_reminders_kind_known" CHECK ("check_kind" in ('training', 'background'))
);--> statement-breakpoint
ALTER TABLE "clearance_reminders" ADD CONSTRAINT "clearance_reminders_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A coach whose training or background check is not on record is never made the coach of a session where a protected
-- athlete (users.minor_protection, kept by the database) has an open request. The app refuses first, beside the field,
-- with the whole rule (clearanceOf: current on the organisation's date); this backstop holds what needs no clock.
CREATE FUNCTION session_coach_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM enrollments e JOIN users a ON a.id = e.athlete_id
             WHERE e.event_id = NEW.event_id AND e.status NOT IN ('withdrawn', 'declined') AND a.minor_protection)
     AND NOT EXISTS (SELECT 1 FROM coach_profiles p WHERE p.user_id = NEW.coach_id
                     AND p.safe_play_checked_on IS NOT NULL AND p.background_checked_on IS NOT NULL) THEN
    RAISE EXCEPTION 'a coach without Safe Play training and a background check on record does not coach minors'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER session_coach_cleared BEFORE INSERT OR UPDATE ON session_coaches
  FOR EACH ROW EXECUTE FUNCTION session_coach_cleared();
