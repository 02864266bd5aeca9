-- Reading per person (decision 0009, issue 25). Read state was one flag per message: whoever read first read it for
-- everyone. Now each participant has their own mark, the time they have read up to. Existing conversations keep
-- what each person had read: up to just before the earliest message still unread to them, or everything.
ALTER TABLE "conversation_participants" ADD COLUMN "last_read_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "conversation_participants" p SET "last_read_at" = coalesce(
  (SELECT min(m.created_at) - interval '1 microsecond' FROM messages m
    WHERE m.conversation_id = p.conversation_id AND NOT m.is_read AND m.sender_id IS DISTINCT FROM p.user_id),
  (SELECT max(m.created_at) FROM messages m WHERE m.conversation_id = p.conversation_id),
  now());--> statement-breakpoint
DROP INDEX "messages_unread_idx";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "is_read";--> statement-breakpoint
-- Someone leaves a conversation (a guardian removed, an athlete taken out of a family, an account deleted): every
-- app process hears it and closes that person's live subscription at once (server/realtime/hub.ts). A trigger, so
-- no way of removing someone can forget to say so. The channel is app/messaging/messages.server.ts MESSAGE_CHANNEL.
CREATE OR REPLACE FUNCTION "announce_participant_left"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nlte_messaging', json_build_object('k', 'x', 'c', OLD.conversation_id, 'u', OLD.user_id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_participants_left" AFTER DELETE ON "conversation_participants"
FOR EACH ROW EXECUTE FUNCTION "announce_participant_left"();
--> statement-breakpoint
-- Safe Play's answer, remembered (decision 0009, issue 25). Each conversation has a version of everything the send rule
-- reads (app/auth/safe-play.server.ts sendRefusal): who is in it, their role, kind, date of birth, answered kind,
-- suspension and deletion, their households and whether staff confirmed them, and the lead's pause. Every change to
-- any of it moves the version, here, by triggers, so no way of changing it can forget. An app process that ran the
-- rule for a sender in a conversation remembers the answer with the version it read; the send statement stores the
-- message only while the version is still that one, in the same statement, so a remembered answer never outlives a
-- change. (Time is the process's business: a remembered answer ends at the next quiet-hours boundary or midnight.)
-- Kept out of db/schema.ts like the triggers: only the send path's SQL reads it.
ALTER TABLE "conversations" ADD COLUMN "safety_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "bump_safety_of_people"(people text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE conversations c SET safety_version = c.safety_version + 1
  WHERE c.id IN (SELECT p.conversation_id FROM conversation_participants p WHERE p.user_id = ANY(people));
$$;--> statement-breakpoint
CREATE FUNCTION "safety_participants_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations SET safety_version = safety_version + 1
  WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.conversation_id ELSE NEW.conversation_id END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_participants_safety" AFTER INSERT OR DELETE ON "conversation_participants"
FOR EACH ROW EXECUTE FUNCTION "safety_participants_changed"();--> statement-breakpoint
CREATE FUNCTION "safety_pause_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.paused_at IS DISTINCT FROM OLD.paused_at OR NEW.paused_reason IS DISTINCT FROM OLD.paused_reason THEN
    NEW.safety_version := OLD.safety_version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_safety" BEFORE UPDATE OF paused_at, paused_reason ON "conversations"
FOR EACH ROW EXECUTE FUNCTION "safety_pause_changed"();--> statement-breakpoint
CREATE FUNCTION "safety_person_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_safety_of_people(ARRAY[NEW.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_safety" AFTER UPDATE OF role, client_kind, date_of_birth, kind_answered, minor_messaging_suspended_at, deleted_at
ON "users" FOR EACH ROW
WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.client_kind IS DISTINCT FROM NEW.client_kind OR OLD.date_of_birth IS DISTINCT FROM NEW.date_of_birth
      OR OLD.kind_answered IS DISTINCT FROM NEW.kind_answered OR OLD.minor_messaging_suspended_at IS DISTINCT FROM NEW.minor_messaging_suspended_at
      OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
EXECUTE FUNCTION "safety_person_changed"();--> statement-breakpoint
-- A household's members and its confirmation: every member's conversations (an athlete's guardians are the household's),
-- and a member who left.
CREATE FUNCTION "safety_household_members_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_safety_of_people(ARRAY(SELECT m.user_id FROM household_members m WHERE m.household_id = OLD.household_id) || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_safety_of_people(ARRAY(SELECT m.user_id FROM household_members m WHERE m.household_id = NEW.household_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "household_members_safety" AFTER INSERT OR UPDATE OR DELETE ON "household_members"
FOR EACH ROW EXECUTE FUNCTION "safety_household_members_changed"();--> statement-breakpoint
CREATE FUNCTION "safety_household_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_safety_of_people(ARRAY(SELECT m.user_id FROM household_members m WHERE m.household_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "households_safety" AFTER UPDATE OF confirmed_at, linked_before_confirmation ON "households"
FOR EACH ROW WHEN (OLD.confirmed_at IS DISTINCT FROM NEW.confirmed_at OR OLD.linked_before_confirmation IS DISTINCT FROM NEW.linked_before_confirmation)
EXECUTE FUNCTION "safety_household_changed"();
