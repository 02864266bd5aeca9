-- A kept message is sent exactly once (issue 39, decision 0063): the message it became carries its scheduled row's id,
-- and a unique index lets at most one message carry it. The job stores the message through the one send path, then
-- marks its row in another transaction; a process killed between the two leaves the message stored and the row
-- waiting, and the job's next run finds the message by that key and only marks the row. Replaces migration 0044's
-- guess by time and words (a message the sender typed again by hand looked the same).
ALTER TABLE "messages" ADD COLUMN "scheduled_message_id" uuid REFERENCES "scheduled_messages"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_scheduled_message_once" ON "messages" ("scheduled_message_id") WHERE "scheduled_message_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_messages" DROP COLUMN "attempted_at";
