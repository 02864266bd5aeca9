CREATE TABLE "household_members" (
	"household_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_members_household_id_user_id_pk" PRIMARY KEY("household_id","user_id"),
	CONSTRAINT "household_members_role_known" CHECK ("household_members"."role" in ('guardian', 'athlete'))
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text,
	"confirmed_how" text,
	"linked_before_confirmation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "households_confirmation_whole" CHECK (("households"."confirmed_at" is null) = ("households"."confirmed_how" is null))
);
--> statement-breakpoint
ALTER TABLE "safeguarding_log" DROP CONSTRAINT "safeguarding_log_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "safeguarding_log" DROP CONSTRAINT "safeguarding_log_athlete_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "safeguarding_log" ADD COLUMN "actor_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "safeguarding_log" ADD COLUMN "athlete_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "safeguarding_log" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "minor_protection" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "household_members_one_household_idx" ON "household_members" USING btree ("user_id");--> statement-breakpoint
-- Hand-written from here (decision 0022, households).
-- Existing links become households, marked as linked before staff confirmation existed: each athlete joins the
-- household of one of their guardians that already has one, or a new one, with all their guardians (a guardian
-- already in another household stays there).
DO $$
DECLARE
  l record;
  hh uuid;
BEGIN
  FOR l IN
    SELECT athlete_id, array_agg(guardian_id ORDER BY created_at, guardian_id) AS guardians
    FROM guardian_links GROUP BY athlete_id ORDER BY min(created_at), athlete_id
  LOOP
    SELECT household_id INTO hh FROM household_members WHERE user_id = ANY (l.guardians) AND role = 'guardian' LIMIT 1;
    IF hh IS NULL THEN
      INSERT INTO households (linked_before_confirmation) VALUES (true) RETURNING id INTO hh;
    END IF;
    INSERT INTO household_members (household_id, user_id, role) VALUES (hh, l.athlete_id, 'athlete') ON CONFLICT DO NOTHING;
    INSERT INTO household_members (household_id, user_id, role)
      SELECT hh, g, 'guardian' FROM unnest(l.guardians) AS g ON CONFLICT DO NOTHING;
  END LOOP;
END $$;--> statement-breakpoint
DROP TABLE "guardian_links";--> statement-breakpoint
CREATE VIEW "guardian_links" AS
  SELECT a.user_id AS athlete_id, g.user_id AS guardian_id, a.household_id, greatest(a.created_at, g.created_at) AS created_at
  FROM household_members a JOIN household_members g ON g.household_id = a.household_id AND g.role = 'guardian'
  WHERE a.role = 'athlete';--> statement-breakpoint
-- A member's place in the household matches what the account is: a guardian account is never a household's athlete.
CREATE FUNCTION household_member_matches_kind() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND role = 'client' AND client_kind = NEW.role) THEN
    RAISE EXCEPTION 'a household''s % must be a client account of that kind', NEW.role USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER household_member_matches_kind BEFORE INSERT OR UPDATE ON household_members
  FOR EACH ROW EXECUTE FUNCTION household_member_matches_kind();--> statement-breakpoint
-- Nobody lowers their own protection: an account that is or was a minor athlete keeps minor_protection, stays an
-- athlete, and its date of birth changes only in a transaction that says it is a guardian's or the lead's
-- correction (SET LOCAL nlte.family_correction). The margin of two days covers every time zone.
CREATE FUNCTION users_minor_protection() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  correction text := coalesce(current_setting('nlte.family_correction', true), '');
BEGIN
  IF NEW.role = 'client' AND NEW.client_kind = 'athlete' AND NEW.deleted_at IS NULL
     AND (NEW.date_of_birth IS NULL OR NEW.date_of_birth > (current_date - interval '18 years' - interval '2 days')::date) THEN
    NEW.minor_protection := true;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.minor_protection AND NEW.deleted_at IS NULL THEN
    IF correction <> 'lead' THEN
      NEW.minor_protection := true;
    END IF;
    IF NEW.date_of_birth IS DISTINCT FROM OLD.date_of_birth AND correction NOT IN ('guardian', 'lead') THEN
      RAISE EXCEPTION 'a protected athlete''s date of birth is changed only by their guardian or the safeguarding lead'
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.client_kind IS DISTINCT FROM OLD.client_kind
     AND EXISTS (SELECT 1 FROM household_members WHERE user_id = NEW.id AND role <> NEW.client_kind) THEN
    RAISE EXCEPTION 'a household member keeps their kind' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_minor_protection BEFORE INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_minor_protection();--> statement-breakpoint
UPDATE users SET minor_protection = true
  WHERE role = 'client' AND client_kind = 'athlete' AND deleted_at IS NULL
    AND (date_of_birth IS NULL OR date_of_birth > (current_date - interval '18 years' - interval '2 days')::date);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_protected_minor_stays_athlete"
  CHECK (NOT "minor_protection" OR "client_kind" = 'athlete' OR "deleted_at" IS NOT NULL);--> statement-breakpoint
-- The safeguarding log is append-only and keeps the names as they were when each line was written.
UPDATE safeguarding_log s SET
  actor_name = coalesce((SELECT coalesce(u.full_name, '') FROM users u WHERE u.id = s.actor_id), ''),
  athlete_name = coalesce((SELECT coalesce(u.full_name, '') FROM users u WHERE u.id = s.athlete_id), '');--> statement-breakpoint
CREATE FUNCTION safeguarding_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the safeguarding log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER safeguarding_log_append_only BEFORE UPDATE OR DELETE ON safeguarding_log
  FOR EACH ROW EXECUTE FUNCTION safeguarding_log_append_only();
