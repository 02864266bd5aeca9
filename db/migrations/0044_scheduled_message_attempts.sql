-- A kept message is sent once (issue 39): the job notes when it first tried to send, in a statement of its own, before
-- it sends. A job that died after the message was stored but before its row said so (the process killed between the
-- two commits) finds, when it runs again, the message its sender sent since that moment and marks the row sent with
-- it, rather than sending it a second time.
ALTER TABLE "scheduled_messages" ADD COLUMN "attempted_at" timestamp with time zone;
