-- Consent forms a guardian signs (issue 40, decision 0043). A form (waiver, medical authorisation, photo release,
-- code of conduct, or another the organisation adds) has numbered versions; a published version's words in English
-- and Spanish never change (a trigger refuses it) and carry the SHA-256 of those words, set by the database. Which
-- programs require which form is consent_form_programs. A signature is per athlete, form and season, of one version;
-- it is never edited: it is superseded (a newer version signed) or withdrawn, and the database refuses any other change.
CREATE TABLE "consent_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_forms_kind_known" CHECK ("kind" in ('waiver', 'medical', 'photo', 'conduct', 'other'))
);--> statement-breakpoint
CREATE TABLE "consent_form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL REFERENCES "consent_forms"("id") ON DELETE restrict,
	"version" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text NOT NULL,
	"body_en" text NOT NULL,
	"body_es" text NOT NULL,
	"hash" text NOT NULL,
	"published_by" text REFERENCES "users"("id") ON DELETE set null,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_form_versions_version" CHECK ("version" >= 1),
	CONSTRAINT "consent_form_versions_lengths" CHECK (char_length("title_en") between 1 and 120 and char_length("title_es") between 1 and 120
		and char_length("body_en") between 1 and 20000 and char_length("body_es") between 1 and 20000)
);--> statement-breakpoint
CREATE UNIQUE INDEX "consent_form_versions_number_idx" ON "consent_form_versions" ("form_id", "version");--> statement-breakpoint
-- The hash is the database's: SHA-256 (hex) of the four texts joined by a line feed, in this order. Versions are
-- never updated; the organisation publishes a new one.
CREATE FUNCTION consent_form_versions_hash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'a published form version is never changed; publish a new version' USING ERRCODE = 'check_violation';
  END IF;
  NEW.hash := encode(sha256(convert_to(NEW.title_en || E'\n' || NEW.body_en || E'\n' || NEW.title_es || E'\n' || NEW.body_es, 'UTF8')), 'hex');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER consent_form_versions_hash BEFORE INSERT OR UPDATE ON consent_form_versions
  FOR EACH ROW EXECUTE FUNCTION consent_form_versions_hash();
--> statement-breakpoint
CREATE TABLE "consent_form_programs" (
	"form_id" uuid NOT NULL REFERENCES "consent_forms"("id") ON DELETE cascade,
	"program_slug" text NOT NULL REFERENCES "programs"("slug") ON DELETE cascade ON UPDATE cascade,
	CONSTRAINT "consent_form_programs_pk" PRIMARY KEY ("form_id", "program_slug")
);--> statement-breakpoint
CREATE TABLE "consent_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL REFERENCES "consent_forms"("id") ON DELETE restrict,
	"version_id" uuid NOT NULL REFERENCES "consent_form_versions"("id") ON DELETE restrict,
	"athlete_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"season_id" uuid REFERENCES "seasons"("id") ON DELETE restrict,
	"signer_id" text REFERENCES "users"("id") ON DELETE set null,
	"signer_role" text NOT NULL,
	"athlete_name" text NOT NULL,
	"typed_name" text NOT NULL,
	"photo_choice" text,
	"language" text NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"receipt_pdf" bytea NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "consent_signatures_role_known" CHECK ("signer_role" in ('guardian', 'self')),
	CONSTRAINT "consent_signatures_photo_choice" CHECK ("photo_choice" is null or "photo_choice" in ('yes', 'team', 'no')),
	CONSTRAINT "consent_signatures_language_known" CHECK ("language" in ('en', 'es')),
	CONSTRAINT "consent_signatures_state_known" CHECK ("state" in ('active', 'superseded', 'withdrawn')),
	CONSTRAINT "consent_signatures_ended_whole" CHECK (("state" = 'active') = ("ended_at" is null)),
	CONSTRAINT "consent_signatures_lengths" CHECK (char_length("athlete_name") between 1 and 120 and char_length("typed_name") between 2 and 120
		and char_length("ip_address") <= 64 and char_length("user_agent") <= 400)
);--> statement-breakpoint
-- One signature in force per form, athlete and season (a session without a season: one for "no season").
CREATE UNIQUE INDEX "consent_signatures_one_active_idx" ON "consent_signatures"
	("form_id", "athlete_id", coalesce("season_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "state" = 'active';--> statement-breakpoint
CREATE INDEX "consent_signatures_athlete_idx" ON "consent_signatures" ("athlete_id", "signed_at");--> statement-breakpoint
-- A signature is never edited: the only change is its end (active to superseded or withdrawn, with when and by whom).
CREATE FUNCTION consent_signatures_never_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state <> 'active' OR NEW.state = 'active'
     OR (to_jsonb(NEW) - 'state' - 'ended_at' - 'ended_by') IS DISTINCT FROM (to_jsonb(OLD) - 'state' - 'ended_at' - 'ended_by') THEN
    RAISE EXCEPTION 'a signature is never edited, only superseded or withdrawn' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER consent_signatures_never_edited BEFORE UPDATE ON consent_signatures
  FOR EACH ROW EXECUTE FUNCTION consent_signatures_never_edited();
--> statement-breakpoint
-- A request a coach enrolled (or a returning player's) while forms were missing: it stays "placed" and the last
-- signature enrolls it. reminded_at: the family's reminder is mailed at most once a day.
CREATE TABLE "consent_enrollment_waits" (
	"enrollment_id" uuid PRIMARY KEY NOT NULL REFERENCES "enrollments"("id") ON DELETE cascade,
	"athlete_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "consent_enrollment_waits_athlete_idx" ON "consent_enrollment_waits" ("athlete_id");
--> statement-breakpoint
-- The four forms of a youth program, version 1 in both languages, required by no program until an administrator says
-- so on /staff/forms (nothing already running waits for them).
INSERT INTO "consent_forms" ("id", "kind", "position") VALUES
	('40000000-0000-4000-8000-000000000001', 'waiver', 1),
	('40000000-0000-4000-8000-000000000002', 'medical', 2),
	('40000000-0000-4000-8000-000000000003', 'photo', 3),
	('40000000-0000-4000-8000-000000000004', 'conduct', 4);
--> statement-breakpoint
INSERT INTO "consent_form_versions" ("form_id", "version", "title_en", "title_es", "body_en", "body_es", "hash") VALUES
	('40000000-0000-4000-8000-000000000001', 1, 'Liability waiver', 'Exención de responsabilidad',
	 'Tennis is a physical activity with a risk of injury. I understand the risks of my child taking part in the program''s practices, matches and trips, and I release the organisation, its coaches and volunteers from claims for injuries that happen in the ordinary course of play, except those caused by gross negligence or wilful misconduct.',
	 'El tenis es una actividad física con riesgo de lesiones. Entiendo los riesgos de que mi hijo o hija participe en las prácticas, partidos y salidas del programa, y libero a la organización, a sus entrenadores y voluntarios de reclamaciones por lesiones ocurridas en el curso normal del juego, salvo las causadas por negligencia grave o mala conducta intencional.', ''),
	('40000000-0000-4000-8000-000000000002', 1, 'Medical authorisation and consent to treat', 'Autorización médica y consentimiento de tratamiento',
	 'If my child is injured or ill during a program activity and I cannot be reached, I authorise the coaches to give first aid and to call emergency services, and I consent to the emergency treatment a licensed physician finds necessary.',
	 'Si mi hijo o hija se lesiona o enferma durante una actividad del programa y no se me puede localizar, autorizo a los entrenadores a dar primeros auxilios y a llamar a los servicios de emergencia, y doy mi consentimiento para el tratamiento de emergencia que un médico autorizado considere necesario.', ''),
	('40000000-0000-4000-8000-000000000003', 1, 'Photo and video release', 'Autorización de fotos y videos',
	 'The organisation may take photos and videos of program activities. I say on this form whether my child may appear in them, and I may withdraw this release at any time on the family''s forms page.',
	 'La organización puede tomar fotos y videos de las actividades del programa. Indico en este formulario si mi hijo o hija puede aparecer en ellos, y puedo retirar esta autorización en cualquier momento en la página de formularios de la familia.', ''),
	('40000000-0000-4000-8000-000000000004', 1, 'Code of conduct', 'Código de conducta',
	 'Players treat coaches, teammates, opponents and the courts with respect, follow the coaches'' safety instructions and tell a coach when something is wrong. Families support fair play and speak to coaches respectfully.',
	 'Los jugadores tratan con respeto a los entrenadores, compañeros, rivales y las canchas, siguen las instrucciones de seguridad de los entrenadores y avisan a un entrenador cuando algo no va bien. Las familias apoyan el juego limpio y hablan con respeto a los entrenadores.', '');
