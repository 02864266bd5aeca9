-- Every message sets its conversation's updated_at. With that column indexed, each such update wrote new entries
-- into both of the table's indexes and left the old ones for a vacuum (at most once a minute), so a busy
-- conversation's lookups walked ever longer chains of dead entries. Nothing reads conversations in that order
-- (the list goes through the person's participants), so the index goes, and spare room on each page lets those
-- updates stay on their page (HOT updates, pruned as pages are read).
DROP INDEX "conversations_updated_at_idx";--> statement-breakpoint
ALTER TABLE "conversations" SET (fillfactor = 50);
