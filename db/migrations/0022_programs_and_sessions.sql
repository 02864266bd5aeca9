CREATE TABLE "program_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"items" text,
	"title_es" text,
	"body_es" text,
	"items_es" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_sections_lengths" CHECK (char_length("program_sections"."title") between 1 and 120 and char_length("program_sections"."body") <= 1000 and coalesce(char_length("program_sections"."items"), 0) <= 2000 and coalesce(char_length("program_sections"."title_es"), 0) <= 120 and coalesce(char_length("program_sections"."body_es"), 0) <= 1000 and coalesce(char_length("program_sections"."items_es"), 0) <= 2000)
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"slug" text PRIMARY KEY NOT NULL,
	"summary" text NOT NULL,
	"summary_es" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programs_summary_length" CHECK (char_length("programs"."summary") between 1 and 400 and coalesce(char_length("programs"."summary_es"), 0) <= 400)
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term" text NOT NULL,
	"year" smallint NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_term_known" CHECK ("seasons"."term" in ('spring', 'summer', 'fall', 'winter')),
	CONSTRAINT "seasons_year" CHECK ("seasons"."year" between 2000 and 2200),
	CONSTRAINT "seasons_dates_ordered" CHECK ("seasons"."ends_on" >= "seasons"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "program_slug" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "season_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ages_from" smallint;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ages_to" smallint;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "levels" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "street_address" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "fee_cents" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "fee_per" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "financial_help" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "program_sections" ADD CONSTRAINT "program_sections_program_slug_programs_slug_fk" FOREIGN KEY ("program_slug") REFERENCES "public"."programs"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "program_sections_order_idx" ON "program_sections" USING btree ("program_slug","position");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_term_year_idx" ON "seasons" USING btree ("term","year");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_program_slug_programs_slug_fk" FOREIGN KEY ("program_slug") REFERENCES "public"."programs"("slug") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_program_idx" ON "events" USING btree ("program_slug");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_dates_ordered" CHECK ("events"."ends_on" is null or "events"."starts_on" is null or "events"."ends_on" >= "events"."starts_on");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_ages" CHECK (("events"."ages_from" is null or "events"."ages_from" between 2 and 99) and ("events"."ages_to" is null or "events"."ages_to" between 2 and 99) and ("events"."ages_to" is null or "events"."ages_from" is null or "events"."ages_to" >= "events"."ages_from"));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_levels_known" CHECK ("events"."levels" <@ '{1,2,3,4,5}'::smallint[]);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_fee" CHECK (("events"."fee_cents" is null or "events"."fee_cents" between 0 and 10000000) and ("events"."fee_per" is null or "events"."fee_per" in ('month', 'season', 'session')));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_capacity" CHECK ("events"."capacity" is null or "events"."capacity" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_text_lengths" CHECK (char_length("events"."title") <= 120 and coalesce(char_length("events"."place"), 0) <= 160 and coalesce(char_length("events"."street_address"), 0) <= 200 and coalesce(char_length("events"."note"), 0) <= 300);
--> statement-breakpoint
-- Issue 28 (decision 0031): the six program pages of app/content/programs.server.ts become the starting rows coaches
-- edit. The fall page's "Weekly schedule" and "Cancellations" sections restated its sessions, which the page now
-- shows from the sessions themselves (with the year), so they are not copied.
INSERT INTO "programs" ("slug", "summary", "summary_es") VALUES
('spring', 'Spring is tournament season: we get players outdoors, sharpen match play and set goals for the summer.', 'La primavera es temporada de torneos: llevamos a los jugadores a las canchas al aire libre, afinamos su juego en partidos y fijamos metas para el verano.'),
('summer', 'Our summer camp combines morning tennis with afternoon learning, so players return to school stronger on and off the court.', 'Nuestro campamento de verano combina tenis por la mañana con aprendizaje por la tarde, para que los jugadores vuelvan a la escuela más fuertes dentro y fuera de la cancha.'),
('fall', 'The fall weekly schedule runs Sep 7 - Nov 7, with clinics after school and group training on Sundays.', 'El horario semanal de otoño va del 7 de septiembre al 7 de noviembre, con clínicas después de clases y entrenamiento en grupo los domingos.'),
('winter', 'Winter keeps players moving: indoor court time, fitness, and extra academic support for mid-year grades.', 'En invierno los jugadores no se detienen: tiempo en canchas bajo techo, acondicionamiento físico y apoyo académico adicional para las calificaciones de mitad de año.'),
('after-school', 'After School Programming gives student-athletes a safe, active place between the last bell and dinner.', 'Nuestro programa después de clases les da a los estudiantes-atletas un lugar seguro y activo entre la salida de la escuela y la hora de la cena.'),
('school-without-walls', 'School Without Walls takes learning beyond the classroom: tennis, mentoring and campus visits that make college real.', 'School Without Walls lleva el aprendizaje más allá del salón de clases: tenis, mentoría y visitas a universidades que convierten la universidad en una meta real.');
--> statement-breakpoint
INSERT INTO "program_sections" ("program_slug", "position", "title", "body", "items", "title_es", "body_es", "items_es") VALUES
('spring', 1, 'What we do', 'Weekly clinics at every level, tournament preparation for Levels 1-3, and a fresh evaluation for every player.', NULL, 'Qué hacemos', 'Clínicas semanales en todos los niveles, preparación para torneos en los Niveles 1 a 3 y una nueva evaluación para cada jugador.', NULL),
('spring', 2, 'Schedule', 'Monday-Thursday clinics 4:30-6:00 PM, Sunday group training, private lessons on Fridays by appointment.', NULL, 'Horario', 'Clínicas de lunes a jueves de 4:30 a 6:00 p. m., entrenamiento en grupo los domingos y clases privadas los viernes con cita previa.', NULL),
('spring', 3, 'Education', 'End-of-year exam preparation and study hours before clinics.', NULL, 'Educación', 'Preparación para los exámenes de fin de año y horas de estudio antes de las clínicas.', NULL),
('summer', 1, 'Camp days', 'Full days of coaching by level, match play, fitness and reading and maths sessions.', 'Morning: drills and match play by level
Midday: lunch and rest in the shade
Afternoon: reading, maths and college-readiness workshops', 'Los días de campamento', 'Días completos de entrenamiento por nivel, partidos, acondicionamiento físico y sesiones de lectura y matemáticas.', 'Mañana: ejercicios y partidos por nivel
Mediodía: almuerzo y descanso a la sombra
Tarde: talleres de lectura, matemáticas y preparación para la universidad'),
('summer', 2, 'Cost', 'A $17,500 grant from a national tennis foundation keeps camp affordable; ask us about scholarships.', NULL, 'Costo', 'Una subvención de $17,500 de una fundación nacional de tenis mantiene el campamento a un precio accesible; pregúntenos por las becas.', NULL),
('summer', 3, 'Before the first day', 'Register online, then bring the signed photo release form to the first session.', NULL, 'Antes del primer día', 'Inscríbase en línea y luego traiga a la primera sesión el formulario de autorización para fotos, firmado.', NULL),
('winter', 1, 'Indoor training', 'Reduced-size groups on indoor courts, focused on technique and footwork.', NULL, 'Entrenamiento bajo techo', 'Grupos más pequeños en canchas bajo techo, con énfasis en la técnica y el juego de pies.', NULL),
('winter', 2, 'Fitness', 'Strength, agility and injury-prevention sessions.', NULL, 'Acondicionamiento físico', 'Sesiones de fuerza, agilidad y prevención de lesiones.', NULL),
('winter', 3, 'Academic support', 'Tutoring and college-application help for older players during the break.', NULL, 'Apoyo académico', 'Tutorías y ayuda con las solicitudes a la universidad para los jugadores mayores durante las vacaciones.', NULL),
('after-school', 1, 'Homework first', 'Every session starts with supervised homework time.', NULL, 'Primero las tareas', 'Cada sesión empieza con un tiempo supervisado para hacer las tareas.', NULL),
('after-school', 2, 'Then tennis', 'Clinics by level, Monday-Thursday 4:30-6:00 PM.', NULL, 'Después, tenis', 'Clínicas por nivel, de lunes a jueves de 4:30 a 6:00 p. m.', NULL),
('after-school', 3, 'Funded by the community', 'A $5,000 grant from a local Rotary club pays for court time, balls and tutoring.', NULL, 'Con el apoyo de la comunidad', 'Una subvención de $5,000 de un Club Rotario local paga el tiempo de cancha, las pelotas y las tutorías.', NULL),
('school-without-walls', 1, 'Learning everywhere', 'Lessons in goal-setting, nutrition and study skills, taught on and off the court.', NULL, 'Aprender en todas partes', 'Lecciones sobre cómo fijarse metas, nutrición y hábitos de estudio, dentro y fuera de la cancha.', NULL),
('school-without-walls', 2, 'College visits', 'Trips to college campuses to meet coaches, players and admissions staff.', NULL, 'Visitas a universidades', 'Viajes a campus universitarios para conocer a entrenadores, jugadores y personal de admisiones.', NULL),
('school-without-walls', 3, 'Mentoring', 'Older players and alumni mentor younger student-athletes through the school year.', NULL, 'Mentoría', 'Jugadores mayores y exalumnos acompañan como mentores a los estudiantes-atletas más jóvenes durante el año escolar.', NULL);
--> statement-breakpoint
-- The spec's schedule cards start in the current or next fall, so they are true on the day the site is installed:
-- the fall of this year while its last day (Nov 7) is still ahead, otherwise next year's. Only the starting rows
-- exactly as migration 0005 wrote them (never edited: updated_at = created_at) move; a coach's own stay as they are.
INSERT INTO "seasons" ("term", "year", "starts_on", "ends_on")
SELECT 'fall', y, make_date(y, 9, 7), make_date(y, 11, 7) FROM (SELECT (extract(year from current_date)::int + (current_date > make_date(extract(year from current_date)::int, 11, 7))::int) AS y) AS starting_fall
WHERE EXISTS (SELECT 1 FROM "events" WHERE "starts_on" = '2025-09-07' AND "ends_on" = '2025-11-07' AND "updated_at" = "created_at");
--> statement-breakpoint
UPDATE "events" e SET
  "starts_on" = s."starts_on", "ends_on" = s."ends_on", "season_id" = s."id", "program_slug" = 'fall',
  "levels" = CASE WHEN e."title" = 'Level-5 Youth Clinic (Ages 8-12)' THEN '{5}'::smallint[] ELSE '{1,2,3,4,5}'::smallint[] END,
  "ages_from" = CASE WHEN e."title" = 'Level-5 Youth Clinic (Ages 8-12)' THEN 8 END,
  "ages_to" = CASE WHEN e."title" = 'Level-5 Youth Clinic (Ages 8-12)' THEN 12 END,
  "updated_at" = e."created_at"
FROM "seasons" s
WHERE s."term" = 'fall' AND s."year" = (extract(year from current_date)::int + (current_date > make_date(extract(year from current_date)::int, 11, 7))::int)
  AND e."starts_on" = '2025-09-07' AND e."ends_on" = '2025-11-07' AND e."updated_at" = e."created_at"
  AND e."title" IN ('Fall Weekly Schedule', 'Monday-Thursday Clinics', 'Level-5 Youth Clinic (Ages 8-12)');
--> statement-breakpoint
UPDATE "cancelled_dates" c SET "day" = make_date((extract(year from current_date)::int + (current_date > make_date(extract(year from current_date)::int, 11, 7))::int), extract(month from c."day")::int, extract(day from c."day")::int)
WHERE c."day" IN ('2025-09-21', '2025-10-13', '2025-10-21') AND c."note" = 'No sessions on these dates.' AND c."created_by" IS NULL
  AND EXISTS (SELECT 1 FROM "seasons" s WHERE s."term" = 'fall' AND s."year" = (extract(year from current_date)::int + (current_date > make_date(extract(year from current_date)::int, 11, 7))::int));
--> statement-breakpoint
-- One withdrawal notice for the whole organisation (the FAQ said 7 days, /programs 30): the registration rules' 30
-- until a coach or administrator changes it on /programs/edit. A change empties the visitor page cache (0014), but
-- only this key's: the job queue writes its own keys here often.
INSERT INTO "app_settings" ("key", "value") VALUES ('policy.withdrawal_notice_days', '30') ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_withdrawal_notice_days" CHECK ("key" <> 'policy.withdrawal_notice_days' OR "value" ~ '^[0-9]{1,3}$');
--> statement-breakpoint
CREATE TRIGGER app_settings_policy_content_changed AFTER INSERT OR UPDATE ON app_settings FOR EACH ROW
  WHEN (NEW.key LIKE 'policy.%') EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
-- Program pages are visitors' documents kept in memory (0014): a change to what they show empties the cache.
CREATE TRIGGER programs_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON programs FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER program_sections_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON program_sections FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER seasons_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON seasons FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
