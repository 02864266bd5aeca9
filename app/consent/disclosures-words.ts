// What the browser shares of the disclosures (issue 40, decision 0061): the family form's intent and each kind's words.
import { m } from "~/paraglide/messages";

export const DISCLOSURE_INTENT = "disclosure";

export type DisclosureKindName = "photo" | "scholarships" | "funders" | "colleges";

const KIND_WORDS: Record<DisclosureKindName, () => string> = {
  photo: m.disclosures_kind_photo,
  scholarships: m.disclosures_kind_scholarships,
  funders: m.disclosures_kind_funders,
  colleges: m.disclosures_kind_colleges,
};

export const disclosureKindWords = (kind: DisclosureKindName) => KIND_WORDS[kind]();
