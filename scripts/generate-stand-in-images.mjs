// Writes the stand-in illustrations (into images/) and the photo release PDF (into public/). Run once:
// `node scripts/generate-stand-in-images.mjs`. Real photos replace them (see app/content/images.ts).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = (p, text) => {
  const full = path.join(root, p.startsWith("images/") ? "" : "public", p);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
};

// Flat illustrations, one scene a theme, with no words in them: they read as the site's artwork until real
// photos replace them, never as an apology for missing ones.
const PALETTES = [
  { sky: ["#c9ecd6", "#f5f9e8"], court: "#2f8f5b", figure: "#17244a" },
  { sky: ["#cfe0f7", "#f3f7fd"], court: "#1e5fa8", figure: "#125434" },
  { sky: ["#fde9c8", "#fff8ec"], court: "#c4622d", figure: "#17244a" },
  { sky: ["#d9f2e3", "#f7fbf3"], court: "#136a3d", figure: "#1e2f5c" },
  { sky: ["#e3ddf7", "#f8f6fd"], court: "#3b5aa8", figure: "#0f452c" },
  { sky: ["#fbe3d9", "#fff6f1"], court: "#2f8f5b", figure: "#101a36" },
];
const THEMES = [
  "clinic",
  "lesson",
  "books",
  "group",
  "serve",
  "doubles",
  "family",
  "cones",
  "books",
  "clinic",
  "trophy",
  "lesson",
  "indoor",
  "campus",
  "gear",
  "clinic",
  "picnic",
  "trophy",
];
const SKIN = ["#8d5524", "#c68642", "#e0ac69", "#5c3a1e", "#f1c27d", "#a0673c"];

function person(x, y, s, shirt, skin, racquet = 1) {
  const arm = racquet
    ? `<path d="M${x + 14 * s} ${y - 58 * s}l${30 * s * racquet} ${-22 * s}" stroke="${skin}" stroke-width="${9 * s}" stroke-linecap="round"/>
<ellipse cx="${x + 58 * s * racquet}" cy="${y - 98 * s}" rx="${16 * s}" ry="${21 * s}" fill="none" stroke="#17244a" stroke-width="${5 * s}"/>
<path d="M${x + 46 * s * racquet} ${y - 80 * s}l${-4 * s * racquet} ${6 * s}" stroke="#17244a" stroke-width="${6 * s}"/>`
    : "";
  return `<g><rect x="${x - 16 * s}" y="${y - 30 * s}" width="${12 * s}" height="${32 * s}" rx="${5 * s}" fill="#17244a"/>
<rect x="${x + 4 * s}" y="${y - 30 * s}" width="${12 * s}" height="${32 * s}" rx="${5 * s}" fill="#17244a"/>
<rect x="${x - 22 * s}" y="${y - 84 * s}" width="${44 * s}" height="${58 * s}" rx="${18 * s}" fill="${shirt}"/>${arm}
<circle cx="${x}" cy="${y - 104 * s}" r="${18 * s}" fill="${skin}"/></g>`;
}

const ball = (x, y, r = 14) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#dcec2f"/><path d="M${x - r * 0.8} ${y - r * 0.6}q${r * 0.8} ${r * 0.6} 0 ${r * 1.2}M${x + r * 0.8} ${y - r * 0.6}q${-r * 0.8} ${r * 0.6} 0 ${r * 1.2}" stroke="#fff" stroke-width="2.5" fill="none"/>`;

const PROPS = {
  books: `<rect x="760" y="560" width="150" height="26" rx="4" fill="#1e5fa8"/><rect x="772" y="534" width="130" height="26" rx="4" fill="#c4622d"/><rect x="784" y="508" width="110" height="26" rx="4" fill="#dcec2f"/>`,
  trophy: `<path d="M820 470h120v40c0 50-30 80-60 80s-60-30-60-80z" fill="#f2b631"/><rect x="860" y="588" width="40" height="30" fill="#f2b631"/><rect x="835" y="616" width="90" height="22" rx="4" fill="#17244a"/>`,
  cones: [300, 420, 540, 660, 780].map((x) => `<path d="M${x} 640l22-60 22 60z" fill="#f28c28"/>`).join(""),
  picnic: `<path d="M700 600l300 0 40 90-380 0z" fill="#e85d5d"/><path d="M760 600l-20 90M840 600l-10 90M920 600l0 90M700 645h320" stroke="#fff" stroke-width="8" opacity=".7"/>`,
  campus: `<rect x="780" y="300" width="300" height="180" fill="#f3efe6"/><path d="M760 300l170-80 170 80z" fill="#c4622d"/>${[810, 870, 930, 990, 1050].map((x) => `<rect x="${x - 10}" y="330" width="20" height="150" fill="#d8d0bf"/>`).join("")}`,
  gear: `<rect x="760" y="560" width="220" height="80" rx="30" fill="#17244a"/>${ball(800, 540)}${ball(840, 546)}${ball(880, 538)}`,
};

for (let i = 0; i < 18; i++) {
  const pal = PALETTES[i % PALETTES.length];
  const theme = THEMES[i];
  const people =
    theme === "group" || theme === "family" || theme === "picnic"
      ? 4
      : theme === "doubles"
        ? 3
        : theme === "books" || theme === "campus" || theme === "gear" || theme === "trophy"
          ? 1
          : 2;
  const figures = Array.from({ length: people }, (_, k) => {
    const x = 260 + k * (people > 2 ? 150 : 260) + ((i * 37) % 60);
    const scale = theme === "serve" && k === 0 ? 1.6 : 1.25 - k * 0.08;
    const racquet = theme === "books" || theme === "family" || theme === "picnic" ? 0 : k % 2 ? -1 : 1;
    return person(x, 690 - k * 6, scale, ["#22a05a", "#dcec2f", "#f28c28", "#1e5fa8"][(i + k) % 4], SKIN[(i + k * 2) % SKIN.length], racquet);
  }).join("\n");
  const indoor = theme === "indoor";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${indoor ? "#dfe6ee" : pal.sky[0]}"/><stop offset="1" stop-color="${indoor ? "#f4f6f9" : pal.sky[1]}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#sky)"/>
${indoor ? `<path d="M0 120h1200M0 240h1200" stroke="#c3ccd8" stroke-width="10"/>` : `<circle cx="${980 - ((i * 53) % 400)}" cy="150" r="70" fill="#fff3b0"/><path d="M0 420c200-60 400-60 600-20s400 40 600-10v90H0z" fill="#b9dcc4" opacity=".7"/>`}
<path d="M160 440h880l160 360H0z" fill="${pal.court}"/>
<g fill="none" stroke="#fff" stroke-width="6" opacity=".9"><path d="M220 450h760l130 340H90z"/><path d="M380 450l-60 340M820 450l60 340M300 600h600"/></g>
<rect x="120" y="520" width="960" height="8" fill="#fff"/><path d="M130 528v-70h940v70" fill="none" stroke="#17244a" stroke-width="4"/><path d="M130 470h940M130 490h940M130 510h940" stroke="#17244a" stroke-width="1.5" opacity=".5"/>
${PROPS[theme] ?? ""}
${figures}
${ball(640 + ((i * 71) % 300), 300 + ((i * 29) % 120), 16)}
</svg>
`;
  out(`images/gallery/photo-${String(i + 1).padStart(2, "0")}.svg`, svg);
}

for (const [file, text] of [
  ["usta", "USTA"],
  ["rotary", "ROTARY"],
  ["njtl", "NJTL"],
  ["dcps", "DCPS"],
]) {
  out(
    `images/partners/${file}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64" viewBox="0 0 160 64"><rect width="160" height="64" rx="10" fill="#ffffff" fill-opacity=".12"/><circle cx="30" cy="32" r="14" fill="#dcec2f"/><text x="54" y="41" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#ffffff">${text}</text></svg>\n`,
  );
}

// A one-page PDF written by hand: the byte offsets in the cross-reference table must be exact.
function pdf(lines) {
  const esc = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = ["BT", "/F1 12 Tf", "72 740 Td", "16 TL"]
    .concat(lines.map((l, i) => (i === 0 ? `/F1 18 Tf (${esc(l)}) Tj T* /F1 12 Tf T*` : `(${esc(l)}) Tj T*`)))
    .concat(["ET"])
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

out(
  "documents/photo-release-form.pdf",
  pdf([
    "Next Level Tennis & Education - Photo Release Form",
    "",
    "Student-athlete name: ____________________________________________",
    "Program: ____________________________   Season/year: _______________",
    "",
    "I give Next Level Tennis & Education permission to photograph and film the student-athlete",
    "named above during programs, camps and tournaments, and to use those images on its website,",
    "in its newsletters, grant reports and social media, without payment. Images will never be sold.",
    "Full names will not be published next to photos of students under 18.",
    "",
    "I may withdraw this permission at any time by writing to the organisation; images already",
    "printed cannot be recalled, but online images will be removed within 14 days.",
    "",
    "[ ] I agree     [ ] I do not agree",
    "",
    "Parent/guardian name: ____________________________________________",
    "Signature: ______________________________   Date: ________________",
    "",
    "Please bring this form to the first session or send a photo of it to the organisation by email.",
  ]),
);
console.log("stand-in images written to images/, documents to public/");
