// The medical capability's front door (issue 39, decision 0048): routes and tests call these, nothing behind them.
// Inside: medical.server.ts (the guardian's writes, the sheet's flags, the one read rule and its log), schemas.ts,
// and the screens medical-section.tsx (the family page), medical-flag.tsx (the attendance sheet) and
// staff-medical-page.tsx (/staff/medical, with staff.server.ts: its guard and list, decision 0063).
export { MEDICAL_INTENT } from "./types";
export {
  answerMedicalForm,
  answerMedicalRead,
  canReadMedical,
  getMedicalFlags,
  getMedicalForFamily,
  MEDICAL_DETAILS_READ,
  readMedicalDetails,
  readsAllMedical,
  saveMedical,
  type MedicalSaveResult,
} from "./medical.server";
export { getMedicalList, requireMedicalStaff, STAFF_MEDICAL_PAGE, type MedicalListEntry } from "./staff.server";
