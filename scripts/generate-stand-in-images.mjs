// Writes the clearly-labelled stand-in images (into images/) and the photo release PDF (into public/). Run once:
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

const PALETTES = [
  ["#136a3d", "#17244a"], ["#17834a", "#1e2f5c"], ["#0f452c", "#22a05a"], ["#17244a", "#136a3d"],
  ["#125434", "#101a36"], ["#1e2f5c", "#17834a"],
];
const LABELS = [
  "Beginner clinic", "Forehand lesson", "Homework hour", "Summer camp", "Serve practice", "Doubles match",
  "Family support", "Footwork drill", "Tutoring", "After school", "State trophies", "Private lesson",
  "Winter training", "Campus visit", "Donated gear", "Ages 8-12 clinic", "Season picnic", "Scholarship day",
];

for (let i = 0; i < 18; i++) {
  const [a, b] = PALETTES[i % PALETTES.length];
  const ballX = 260 + ((i * 137) % 700);
  const ballY = 200 + ((i * 89) % 300);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#g)"/>
<g fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="6">
<rect x="150" y="120" width="900" height="560"/><line x1="150" y1="190" x2="1050" y2="190"/><line x1="150" y1="610" x2="1050" y2="610"/>
<line x1="600" y1="120" x2="600" y2="680" stroke-dasharray="14 10"/><line x1="330" y1="190" x2="330" y2="610"/><line x1="870" y1="190" x2="870" y2="610"/>
<line x1="330" y1="400" x2="870" y2="400"/></g>
<circle cx="${ballX}" cy="${ballY}" r="38" fill="#dcec2f"/><path d="M${ballX - 30} ${ballY - 22}q30 22 0 44M${ballX + 30} ${ballY - 22}q-30 22 0 44" stroke="#fff" stroke-width="5" fill="none"/>
<rect x="0" y="700" width="1200" height="100" fill="#000" fill-opacity=".45"/>
<text x="40" y="762" font-family="Arial,Helvetica,sans-serif" font-size="40" font-weight="700" fill="#fff">${LABELS[i]}</text>
<text x="1160" y="762" text-anchor="end" font-family="Arial,Helvetica,sans-serif" font-size="30" fill="#e9f56b">Stand-in photo ${i + 1} of 18</text>
</svg>\n`;
  out(`images/gallery/photo-${String(i + 1).padStart(2, "0")}.svg`, svg);
}

for (const [file, text] of [["usta", "USTA"], ["rotary", "ROTARY"], ["njtl", "NJTL"], ["dcps", "DCPS"]]) {
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
