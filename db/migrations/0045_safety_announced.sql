-- A reader's live view follows Safe Play (issue 37): every move of a conversation's safety version (migration 0015:
-- anything Safe Play's rules read changed, among them a coach's clearance, a family's confirmation and a lead's pause)
-- is announced, and each app process asks the read rule again for the sockets it holds subscribed to that
-- conversation. A coach whose clearance lapsed used to keep hearing the family live until the socket reconnected.
-- AFTER UPDATE with a WHEN on the values, not UPDATE OF safety_version: a BEFORE trigger moves the version on a pause,
-- which UPDATE OF would not see. pg_notify sends one notification for the same payload in one transaction.
CREATE FUNCTION "announce_safety_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nlte_messaging', json_build_object('kind', 'safety', 'conversationId', NEW.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_safety_announced" AFTER UPDATE ON "conversations"
FOR EACH ROW WHEN (OLD.safety_version IS DISTINCT FROM NEW.safety_version) EXECUTE FUNCTION "announce_safety_changed"();
