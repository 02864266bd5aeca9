CREATE TABLE "gallery_starting_photos" (
	"file" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"removed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- Shown on /gallery: a change clears every process's copy of the page (0007_content_changed_notify.sql).
CREATE TRIGGER gallery_starting_photos_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gallery_starting_photos FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
