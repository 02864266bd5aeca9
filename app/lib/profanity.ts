// Names shown in public (a testimonial's name, a coach's name on /about and in every family's conversations) are
// checked against a maintained profanity list, `obscenity`'s English set, and Spanish words added to it through its
// DataSet API (it ships no Spanish set), read as public-words.ts reads text (accents, invisible characters, look-alike
// letters and digits folded). Pure: the testimonial form loads it with its schema, the server decides.
import { DataSet, englishDataset, englishRecommendedTransformers, parseRawPattern, RegExpMatcher } from "obscenity";
import { readingsOf } from "./public-words";

/**
 * Spanish words, as obscenity patterns: `|` marks a word's edge, so "puta" is caught and "Putnam" is not; a stem with
 * one edge ("|pendej") catches its endings. Written without accents: the text is read without them.
 */
const SPANISH = [
  "|puta|",
  "|puto|",
  "|putas|",
  "|putos|",
  "|hijueputa",
  "|pendej",
  "|cabron",
  "|chinga",
  "|chingad",
  "|chingon",
  "|mierd",
  "|joder|",
  "|jodid",
  "|culer",
  "|pinche|",
  "|pinches|",
  "|maricon",
  "|zorra|",
  "|verga|",
  "|gilipoll",
  "|cojon",
  "|carajo|",
  "|malparid",
  "|huevon",
  "|mamahuevo",
  "|follar|",
  "|coger|",
];

/**
 * English words of obscenity's set that are also people's names, or start them: a name list must let "Dick Smith" and
 * "Analisa" through. "anal" is kept as a word of its own.
 */
const ALSO_NAMES = new Set(["dick", "anal"]);
const AS_WORDS_ONLY = ["|anal|"];

const dataset = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((phrase) => ALSO_NAMES.has(phrase.metadata?.originalWord ?? ""));
for (const word of [...SPANISH, ...AS_WORDS_ONLY])
  dataset.addPhrase((phrase) => phrase.setMetadata({ originalWord: word.replaceAll("|", "") }).addPattern(parseRawPattern(word)));

const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });

/** Whether the text holds a word of the profanity list, in English or Spanish, however it is disguised. */
export function containsProfanity(text: string): boolean {
  return readingsOf(text).some((reading) => matcher.hasMatch(reading));
}
