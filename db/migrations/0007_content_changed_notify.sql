-- Visitors' content pages are kept in memory by every app process (server/page-cache.ts) until what they show
-- changes. A table shown on such a page announces its changes with ONE line (see docs/decisions/0014):
--   CREATE TRIGGER <table>_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON <table> FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
-- The announcement is sent when the transaction commits, and only then.
CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER testimonials_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON testimonials FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER announcements_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON announcements FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER events_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER cancelled_dates_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cancelled_dates FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER gallery_photos_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gallery_photos FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER gallery_photo_files_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gallery_photo_files FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
