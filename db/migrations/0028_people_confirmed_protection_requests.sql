-- Safe Play, third pass (issue 37, decision 0022): staff confirm people, not households; only staff lower a
-- protection; the lead locks a corrected value, unlinks a guardian and freezes a household.
--
-- People are confirmed one by one: who, how, when, on the household member's row. A member who joins later (by any
-- invitation, sent before or after) starts unconfirmed, and only a transaction that says it is staff's confirmation
-- (set_config('nlte.staff_confirmation', 'on', true), app/family/confirmation.server.ts) may confirm anyone: the
-- database refuses every other way, so no code path can pass a confirmation on.
ALTER TABLE "household_members" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "household_members" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "household_members" ADD COLUMN "confirmed_how" text;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_confirmation_whole" CHECK (("confirmed_at" is null) = ("confirmed_how" is null));--> statement-breakpoint
-- Who staff already knew: the members of a confirmed household who were in it when it was confirmed, and the members a
-- household linked before confirmation existed had when it was made (migration 0012 made them together). Anyone who
-- joined afterwards waits for staff.
UPDATE household_members m SET confirmed_at = h.confirmed_at, confirmed_by = h.confirmed_by, confirmed_how = h.confirmed_how
  FROM households h WHERE h.id = m.household_id AND h.confirmed_at IS NOT NULL AND m.created_at <= h.confirmed_at;--> statement-breakpoint
UPDATE household_members m SET confirmed_at = h.created_at, confirmed_how = 'linked before staff confirmation existed'
  FROM households h WHERE h.id = m.household_id AND m.confirmed_at IS NULL AND h.linked_before_confirmation
    AND m.created_at <= h.created_at + interval '1 minute';--> statement-breakpoint
CREATE FUNCTION household_member_confirmation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('nlte.staff_confirmation', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.confirmed_at := NULL; NEW.confirmed_by := NULL; NEW.confirmed_how := NULL;
  ELSIF NEW.confirmed_at IS NOT NULL AND (OLD.confirmed_at IS NULL OR NEW.household_id <> OLD.household_id) THEN
    RAISE EXCEPTION 'only staff confirm a household member' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER household_member_confirmation BEFORE INSERT OR UPDATE ON household_members
  FOR EACH ROW EXECUTE FUNCTION household_member_confirmation();--> statement-breakpoint
-- A value the lead corrected is locked against family edits; the lead freezes a household (no self-service change).
ALTER TABLE "users" ADD COLUMN "details_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "frozen_reason" text;--> statement-breakpoint
-- A pending guardian invitation that staff's confirmation ended (the guardians see it on their family page).
ALTER TABLE "family_invitations" ADD COLUMN "ended_by_confirmation_at" timestamp with time zone;--> statement-breakpoint
-- A change that would lower a protection, asked by anyone but staff: the lead approves or refuses it; until then
-- the old value holds.
CREATE TABLE "protection_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"household_id" uuid,
	"requested_by" text,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"approved" boolean,
	CONSTRAINT "protection_requests_field_known" CHECK ("field" in ('date_of_birth')),
	CONSTRAINT "protection_requests_decision_whole" CHECK (("decided_at" is null) = ("approved" is null))
);--> statement-breakpoint
ALTER TABLE "protection_requests" ADD CONSTRAINT "protection_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_requests" ADD CONSTRAINT "protection_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_requests" ADD CONSTRAINT "protection_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "protection_requests_one_open_idx" ON "protection_requests" USING btree ("user_id","field") WHERE "decided_at" is null;--> statement-breakpoint
-- Only staff lower a protection, in the database too: a guardian's correction of a protected athlete may not carry
-- them across 13 or 18 toward adulthood (the app makes such a change a request; this is the backstop, with the
-- same two-day margin as migration 0012 so it refuses only what is certain in every time zone).
CREATE OR REPLACE FUNCTION users_minor_protection() RETURNS trigger LANGUAGE plpgsql AS $$
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
    IF NEW.date_of_birth IS DISTINCT FROM OLD.date_of_birth AND correction = 'guardian' AND (
         NEW.date_of_birth < (current_date - interval '18 years' - interval '2 days')::date
         OR (OLD.date_of_birth > (current_date - interval '13 years' + interval '2 days')::date
             AND NEW.date_of_birth < (current_date - interval '13 years' - interval '2 days')::date)) THEN
      RAISE EXCEPTION 'only the safeguarding lead lowers a protection' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.client_kind IS DISTINCT FROM OLD.client_kind
     AND EXISTS (SELECT 1 FROM household_members WHERE user_id = NEW.id AND role <> NEW.client_kind) THEN
    RAISE EXCEPTION 'a household member keeps their kind' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- The send rule reads a coach's clearance dates: a change moves the version of their conversations (migration 0015).
CREATE FUNCTION safety_coach_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_safety_of_people(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER coach_profiles_safety AFTER INSERT OR DELETE OR UPDATE OF safe_play_checked_on, background_checked_on ON coach_profiles
  FOR EACH ROW EXECUTE FUNCTION safety_coach_profile_changed();
