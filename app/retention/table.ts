// The retention table (issue 40, decision 0043; COPPA as amended in 2025): one row per kind of data the site keeps about
// families and children, with its purpose, how long it is kept, the bounds within which the organisation may change
// that, and what happens at the end. The nightly job (apply.server.ts) applies exactly this, and /privacy is written
// from it, so the notice and what the site does cannot disagree. Pure data: the browser reads it too.

export type RetentionKind =
  | "visitor_requests"
  | "public_forms"
  | "enrollment_notes"
  | "medical_information"
  | "medical_reads"
  | "attendance"
  | "messages"
  | "signed_forms"
  | "mail_outbox"
  | "report_cards";

export type RetentionRow = {
  kind: RetentionKind;
  /** Days kept after `from`, unless the organisation set another period within [min, max]. */
  days: number;
  min: number;
  max: number;
  end: "delete" | "anonymise";
  what: { en: string; es: string };
  purpose: { en: string; es: string };
  from: { en: string; es: string };
};

export const RETENTION: readonly RetentionRow[] = [
  {
    kind: "visitor_requests",
    days: 30,
    min: 7,
    max: 90,
    end: "delete",
    what: { en: "Requests for a place sent by visitors", es: "Solicitudes de plaza enviadas por visitantes" },
    purpose: {
      en: "Kept until the guardian verifies the address and keeps or drops them",
      es: "Se guardan hasta que el tutor verifica su dirección y las conserva o descarta",
    },
    from: { en: "after they were sent", es: "después de enviarse" },
  },
  {
    kind: "public_forms",
    days: 730,
    min: 365,
    max: 1095,
    end: "delete",
    what: { en: "Registration and contact forms", es: "Formularios de inscripción y de contacto" },
    purpose: { en: "Answering the family and planning the programs", es: "Responder a la familia y planificar los programas" },
    from: { en: "after they were sent", es: "después de enviarse" },
  },
  {
    kind: "enrollment_notes",
    days: 365,
    min: 90,
    max: 730,
    end: "anonymise",
    what: {
      en: "Medical notes, pick-up people and emergency contacts of ended enrollment requests",
      es: "Notas médicas, personas autorizadas a recoger y contactos de emergencia de solicitudes terminadas",
    },
    purpose: { en: "Keeping the child safe on court", es: "Cuidar al niño o la niña en la cancha" },
    from: { en: "after the request ended", es: "después de terminar la solicitud" },
  },
  {
    // An athlete's medical information (issue 39, app/medical/): kept while the athlete takes part, with the on-court
    // notes' period and bounds. Each read of it is a line of the safeguarding log: the next row.
    kind: "medical_information",
    days: 365,
    min: 90,
    max: 730,
    end: "delete",
    what: {
      en: "Athletes' medical information from their families (allergies, conditions, medication, the courtside alert)",
      es: "Información médica de cada deportista que da su familia (alergias, condiciones de salud, medicación, alerta en la cancha)",
    },
    purpose: {
      en: "Keeping the athlete safe on court while they take part",
      es: "Cuidar a cada deportista en la cancha mientras participa",
    },
    from: {
      en: "after the athlete's last session or request ended, the account was deleted or it was last changed, whichever is latest",
      es: "después de que termine su última sesión o solicitud, se elimine la cuenta o se cambie por última vez, lo que ocurra más tarde",
    },
  },
  {
    // Who read an athlete's medical information, and when (issue 39, decision 0063): lines of the safeguarding log, which
    // is otherwise append-only; migration 0060 lets only this job delete these lines, once past their period.
    kind: "medical_reads",
    days: 1095,
    min: 365,
    max: 2555,
    end: "delete",
    what: {
      en: "Who read an athlete's medical information, and when (the safeguarding log's record of each read)",
      es: "Quién consultó la información médica de cada deportista, y cuándo (la constancia de cada consulta en el registro de protección)",
    },
    purpose: {
      en: "Letting the safeguarding lead check that only the athlete's coaches and staff read it",
      es: "Que la persona responsable de protección compruebe que solo la consultan sus entrenadores y el personal",
    },
    from: { en: "after it was read", es: "después de la consulta" },
  },
  {
    kind: "attendance",
    days: 1095,
    min: 365,
    max: 2555,
    end: "delete",
    what: { en: "Attendance marks", es: "Marcas de asistencia" },
    purpose: { en: "Families' attendance and the funders' reports", es: "La asistencia para las familias y los informes a los financiadores" },
    from: { en: "after the session's day", es: "después del día de la sesión" },
  },
  {
    kind: "messages",
    days: 1095,
    min: 365,
    max: 2555,
    end: "delete",
    what: {
      en: "Messages and their attachments (a message reported to the safeguarding lead is kept with the report)",
      es: "Mensajes y sus archivos adjuntos (un mensaje denunciado a la responsable de protección se guarda con la denuncia)",
    },
    purpose: { en: "Conversations between families and coaches", es: "Las conversaciones entre familias y entrenadores" },
    from: { en: "after they were sent", es: "después de enviarse" },
  },
  {
    kind: "signed_forms",
    days: 2555,
    min: 1095,
    max: 3650,
    end: "delete",
    what: {
      en: "Signed forms replaced by a newer version or withdrawn (forms in force are kept while they are)",
      es: "Formularios firmados reemplazados por una versión nueva o retirados (los vigentes se guardan mientras lo estén)",
    },
    purpose: { en: "Showing what was agreed, to an insurer or a court", es: "Mostrar lo acordado a una aseguradora o a un tribunal" },
    from: { en: "after they were replaced or withdrawn", es: "después de reemplazarse o retirarse" },
  },
  {
    kind: "mail_outbox",
    days: 90,
    min: 30,
    max: 365,
    end: "delete",
    what: { en: "Copies of the mail the site sent", es: "Copias del correo que envió el sitio" },
    purpose: { en: "Sending mail again when a delivery failed", es: "Volver a enviar un correo cuya entrega falló" },
    from: { en: "after it was written", es: "después de escribirse" },
  },
  {
    // A term's report card (issue 42, decision 0062): the file goes; the term's grade band and summary stay on the
    // athlete's path (they are the family's record, deleted with the child's data on request).
    kind: "report_cards",
    days: 730,
    min: 180,
    max: 1825,
    end: "delete",
    what: {
      en: "Report cards attached to an athlete's school terms",
      es: "Boletines de calificaciones adjuntos a los trimestres escolares de cada deportista",
    },
    purpose: {
      en: "Education staff helping the athlete with school and the college path",
      es: "Que el personal de educación ayude a cada deportista con la escuela y el camino a la universidad",
    },
    from: { en: "after it was attached", es: "después de adjuntarse" },
  },
];

/** The period in force: the organisation's setting when it is a whole number within the row's bounds, else the default. */
export function periodOf(row: RetentionRow, setting: string | null | undefined): number {
  const n = Number(setting);
  return setting != null && Number.isInteger(n) && n >= row.min && n <= row.max ? n : row.days;
}
