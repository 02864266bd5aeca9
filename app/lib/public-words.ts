// Words the public can read (testimonials are published at once) must not become a way to reach children:
// no links, email addresses, phone numbers or social-media handles, and the positivity gate must not be fooled by
// invisible characters or look-alike letters. Pure: the browser uses it for a quick answer, the server decides.

/** Cyrillic and Greek letters that look like Latin ones, and the digits and signs people swap in for letters. */
const LOOK_ALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  і: "i",
  ї: "i",
  ј: "j",
  һ: "h",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ѡ: "w",
  ı: "i",
  ł: "l",
  ø: "o",
  đ: "d",
  ħ: "h",
};
const LEET: Record<string, string> = { "0": "o", "3": "e", "4": "a", "5": "s", "7": "t", $: "s", "@": "a", "!": "i", "|": "l" };

// Format characters (zero-width space, joiners, bidi controls, soft hyphen...), and combining marks once decomposed.
const INVISIBLE = /[\p{Cf}\p{Mn}\p{Me}]/gu;

/**
 * The text as a reader sees it: compatibility forms folded (fullwidth and mathematical letters), accents and invisible
 * characters removed, look-alike letters mapped to Latin, lower case.
 */
export function foldForReading(text: string): string {
  const folded = text.normalize("NFKD").replace(INVISIBLE, "").toLowerCase();
  let out = "";
  for (const ch of folded) out += LOOK_ALIKES[ch] ?? ch;
  return out;
}

/**
 * The readings a filter should check: the text as read, and with digits or signs standing in for letters read as those
 * letters ("sh1t", "he11", "$hit", "cr@p"); 1 stands for i or l, so both are tried.
 */
export function readingsOf(text: string): string[] {
  const reading = foldForReading(text);
  const swap = (one: string) => reading.replace(/[0-9$@!|]/g, (ch) => (ch === "1" ? one : (LEET[ch] ?? ch)));
  return [reading, swap("i"), swap("l")];
}

// Marks and overrides that reorder how text is shown: "\u202Etihs" reads as one word to a filter and shows as another.
const BIDI_CONTROL = /\p{Bidi_Control}/u;

/** True when the text holds a bidirectional control character (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069). */
export function hasBidiControls(text: string): boolean {
  return BIDI_CONTROL.test(text);
}

const TLDS = "com|org|net|edu|gov|io|co|us|me|ly|gg|tv|app|info|biz|link|xyz|site|online|page|ai|to|be|gl|cc|ws";
const PATTERNS: readonly RegExp[] = [
  // Links: a scheme, www., or a name with a known top-level domain ("bit.ly/x", "mysite.com").
  /\b(?:https?|ftp):\/\//,
  /\bwww\s*\.\s*[a-z0-9-]/,
  /* @__PURE__ */ new RegExp(`\\b[a-z0-9-]{2,}\\s*(?:\\.|\\(\\s*dot\\s*\\)|\\[\\s*dot\\s*\\]|\\s+dot\\s+)\\s*(?:${TLDS})\\b`),
  // Email addresses, also spelled out: "name at gmail dot com", "name [at] gmail".
  /[a-z0-9._%+-]+\s*(?:@|\(\s*at\s*\)|\[\s*at\s*\])\s*[a-z0-9-]+/,
  /\b[a-z0-9._%+-]+\s+at\s+[a-z0-9-]+\s*(?:\.|\s+dot\s+)\s*[a-z]{2,}\b/,
  // Handles: "@name", a platform named with where to find someone ("snap: name", "my insta is name"), "dm me".
  /(?:^|[^a-z0-9])@[a-z0-9_.]{2,}/,
  /\b(?:snap(?:chat)?|insta(?:gram)?|ig|tiktok|tik tok|twitter|facebook|fb|whats\s*app|telegram|discord|kik|signal|wechat|threads)\s*(?::|-|\bis\b|\bat\b)\s*@?[a-z0-9_.]{2,}/,
  /\b(?:dm|pm)\s+me\b|\bhmu\b|\bhit\s+me\s+up\b|\b(?:message|text|call|add|follow|find)\s+me\s+(?:on|at)\b/,
];

/** Seven or more digits, with only spaces, dots, dashes, slashes or brackets between them: a phone number. */
const PHONE = /(?:\d[\s().\-+/]*){7,}/;

/** True when the text holds a link, an email address, a phone number or a social-media handle. */
export function containsContactDetails(text: string): boolean {
  const reading = foldForReading(text);
  return PHONE.test(reading) || PATTERNS.some((p) => p.test(reading));
}

export const CONTACT_DETAILS_MESSAGE =
  "Testimonials are public, so they can't include links, email addresses, phone numbers or social media handles.";
