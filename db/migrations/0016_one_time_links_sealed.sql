ALTER TABLE "mail_outbox" ADD COLUMN "sealed_link" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "link_expires_at" timestamp with time zone;--> statement-breakpoint
-- Decision 0025: mail already in the outbox keeps no working one-time link. Its links cannot be sealed here (the key
-- comes from the auth secret, which the database may not hold), so they are replaced by the placeholder the code
-- uses, and a mail not yet sent is treated as one whose link has expired: it is not sent (ask for a new link).
UPDATE "mail_outbox" SET
  "text_body" = regexp_replace("text_body", 'https?://[^[:space:]"''<>]*/(reset-password|verify-email|invitation)\?token=[^[:space:]"''<>&]+', '[one-time link, sealed]', 'g'),
  "html_body" = regexp_replace("html_body", 'https?://[^[:space:]"''<>]*/(reset-password|verify-email|invitation)\?token=[^[:space:]"''<>&]+', '[one-time link, sealed]', 'g'),
  "link_expires_at" = now()
WHERE "text_body" ~ '/(reset-password|verify-email|invitation)\?token=' OR "html_body" ~ '/(reset-password|verify-email|invitation)\?token=';
