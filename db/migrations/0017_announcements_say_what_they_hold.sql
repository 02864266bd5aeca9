-- The realtime announcements name what they hold (issue 26): {"kind": "left", "conversationId", "userId"} where the
-- trigger of migration 0015 wrote one-letter keys. app/messaging/messages.server.ts's Announcement type is the rest.
CREATE OR REPLACE FUNCTION "announce_participant_left"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nlte_messaging', json_build_object('kind', 'left', 'conversationId', OLD.conversation_id, 'userId', OLD.user_id)::text);
  RETURN NULL;
END $$;
