-- Separate consent for each disclosure of a child's data beyond the organisation's staff (issue 40, decision 0061):
-- per athlete and kind, a guardian (or the adult athlete) gives or withdraws; each answer is a new row and rows are
-- never edited (the latest written, highest seq, is in force; no answer is "no"). Existing /scholarships listings agreed by a guardian or
-- the adult athlete become the first "scholarships" answer, so nothing listed today disappears. And the athletes a
-- photo of the gallery names, each named only while the photo release is given (the rule asked at naming and at
-- showing).
CREATE TABLE "disclosure_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "disclosure_consents_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1) NOT NULL,
	"athlete_id" text NOT NULL,
	"kind" text NOT NULL,
	"given" boolean NOT NULL,
	"by_id" text,
	"by_role" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disclosure_consents_kind_known" CHECK ("kind" in ('photo', 'scholarships', 'funders', 'colleges')),
	CONSTRAINT "disclosure_consents_role_known" CHECK ("by_role" in ('guardian', 'self'))
);--> statement-breakpoint
ALTER TABLE "disclosure_consents" ADD CONSTRAINT "disclosure_consents_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_consents" ADD CONSTRAINT "disclosure_consents_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disclosure_consents_latest_idx" ON "disclosure_consents" USING btree ("athlete_id", "kind", "seq" DESC);--> statement-breakpoint
-- An answer is never edited: the one change allowed is the giver's account going away (by_id set to null).
CREATE FUNCTION disclosure_consents_never_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.by_id IS NOT NULL OR (to_jsonb(NEW) - 'by_id') IS DISTINCT FROM (to_jsonb(OLD) - 'by_id') THEN
    RAISE EXCEPTION 'a consent answer is never edited; a new answer is added' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER disclosure_consents_never_edited BEFORE UPDATE ON disclosure_consents
  FOR EACH ROW EXECUTE FUNCTION disclosure_consents_never_edited();
--> statement-breakpoint
INSERT INTO "disclosure_consents" ("athlete_id", "kind", "given", "by_id", "by_role", "at")
SELECT DISTINCT ON (ml.athlete_id) ml.athlete_id, 'scholarships', true, ml.listing_agreed_by,
	CASE WHEN ml.listing_agreed_by = ml.athlete_id THEN 'self' ELSE 'guardian' END, ml.listing_agreed_at
FROM "athlete_milestones" ml
WHERE ml.listing_agreed_at IS NOT NULL AND ml.kind = 'scholarship'
	AND (ml.listing_agreed_by = ml.athlete_id
		OR EXISTS (SELECT 1 FROM guardian_links g WHERE g.athlete_id = ml.athlete_id AND g.guardian_id = ml.listing_agreed_by))
ORDER BY ml.athlete_id, ml.listing_agreed_at;--> statement-breakpoint
CREATE TABLE "gallery_photo_athletes" (
	"photo_id" uuid NOT NULL,
	"athlete_id" text NOT NULL,
	"named_by" text,
	"named_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_photo_athletes_pk" PRIMARY KEY("photo_id","athlete_id")
);--> statement-breakpoint
ALTER TABLE "gallery_photo_athletes" ADD CONSTRAINT "gallery_photo_athletes_photo_id_gallery_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."gallery_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photo_athletes" ADD CONSTRAINT "gallery_photo_athletes_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photo_athletes" ADD CONSTRAINT "gallery_photo_athletes_named_by_users_id_fk" FOREIGN KEY ("named_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_photo_athletes_athlete_idx" ON "gallery_photo_athletes" USING btree ("athlete_id");
