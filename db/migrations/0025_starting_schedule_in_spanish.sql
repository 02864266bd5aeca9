-- Issue 28 (decision 0031): the spec's schedule cards, the starting content of a fresh site, get their Spanish, so the
-- Spanish home page, /es/calendar and /es/programs/fall read in Spanish from the first day. Only where no Spanish was
-- written yet, on the starting rows as migration 0005 wrote them (a coach's own titles and notes are left as they are);
-- updated_at is not touched, so nothing here counts as a coach's edit.
UPDATE "events" SET
  "title_es" = CASE "title"
    WHEN 'Fall Weekly Schedule' THEN 'Horario semanal de otoño'
    WHEN 'Monday-Thursday Clinics' THEN 'Clínicas de lunes a jueves'
    WHEN 'Level-5 Youth Clinic (Ages 8-12)' THEN 'Clínica juvenil de Nivel 5 (de 8 a 12 años)'
    WHEN 'Private Lessons' THEN 'Clases privadas'
    WHEN 'Saturday' THEN 'Sábado'
  END,
  "note_es" = CASE "note"
    WHEN 'Group training for every level, Sep 7 - Nov 7.' THEN 'Entrenamiento en grupo para todos los niveles, del 7 de septiembre al 7 de noviembre.'
    WHEN 'Drills, match play and conditioning after school.' THEN 'Ejercicios, partidos y acondicionamiento físico después de clases.'
    WHEN 'Our beginner clinic: racquets provided, no experience needed.' THEN 'Nuestra clínica para principiantes: ponemos las raquetas y no se necesita experiencia.'
    WHEN 'One-on-one coaching; book with 24 hours'' notice.' THEN 'Entrenamiento individual; reserve con 24 horas de anticipación.'
    WHEN 'No clinics or lessons on Saturdays.' THEN 'Los sábados no hay clínicas ni clases.'
  END,
  "time_note_es" = CASE "time_note"
    WHEN 'by appointment' THEN 'con cita previa'
    WHEN 'Closed for the Sabbath' THEN 'Cerrado por el día de reposo (Sabbath)'
  END
WHERE "title_es" IS NULL AND "note_es" IS NULL AND "time_note_es" IS NULL
  AND ("title", "note") IN (
    ('Fall Weekly Schedule', 'Group training for every level, Sep 7 - Nov 7.'),
    ('Monday-Thursday Clinics', 'Drills, match play and conditioning after school.'),
    ('Level-5 Youth Clinic (Ages 8-12)', 'Our beginner clinic: racquets provided, no experience needed.'),
    ('Private Lessons', 'One-on-one coaching; book with 24 hours'' notice.'),
    ('Saturday', 'No clinics or lessons on Saturdays.')
  );
--> statement-breakpoint
UPDATE "cancelled_dates" SET "note_es" = 'No hay sesiones en estas fechas.' WHERE "note" = 'No sessions on these dates.' AND "note_es" IS NULL;
