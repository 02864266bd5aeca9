// What a file really is, read from its first bytes (the name and the browser's claimed type are not trusted).
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export type DetectedFile = { mimeType: string; kind: "image" | "file"; extension: string };

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);

export function detectFileType(buf: Buffer): DetectedFile | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mimeType: "image/png", kind: "image", extension: "png" };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mimeType: "image/jpeg", kind: "image", extension: "jpg" };
  if (buf.subarray(0, 6).toString("latin1") === "GIF87a" || buf.subarray(0, 6).toString("latin1") === "GIF89a")
    return { mimeType: "image/gif", kind: "image", extension: "gif" };
  if (buf.subarray(0, 4).toString("latin1") === "RIFF" && buf.subarray(8, 12).toString("latin1") === "WEBP")
    return { mimeType: "image/webp", kind: "image", extension: "webp" };
  if (buf.subarray(0, 5).toString("latin1") === "%PDF-") return { mimeType: "application/pdf", kind: "file", extension: "pdf" };
  // Word 97-2003: an OLE compound file.
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { mimeType: "application/msword", kind: "file", extension: "doc" };
  // Word 2007+: a zip whose entries include the word/ part and the content-types manifest.
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    const text = buf.toString("latin1");
    if (text.includes("[Content_Types].xml") && text.includes("word/"))
      return { mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", kind: "file", extension: "docx" };
  }
  return null;
}

// Control characters, and the bidirectional controls that can make "invoice\u202Efdp.exe" read as "invoice.pdf"
// (or hide any other extension), are removed from names.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\ufff9-\ufffb"\\/:*?<>|]/g;

/** Extensions a detected type may carry; any other ending is replaced by the type's own extension. */
const EXTENSIONS: Record<string, string[]> = {
  png: ["png"],
  jpg: ["jpg", "jpeg"],
  gif: ["gif"],
  webp: ["webp"],
  pdf: ["pdf"],
  doc: ["doc"],
  docx: ["docx"],
};

/**
 * A file name safe to store and to offer as a download: control and bidirectional characters removed, and an
 * extension that matches the detected type (invoice.html holding a PDF becomes invoice.pdf).
 */
export function cleanFileName(name: string, extension: string): string {
  const cleaned = name
    .normalize("NFC")
    .replace(UNSAFE_NAME_CHARACTERS, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[. ]+/, "");
  const dot = cleaned.lastIndexOf(".");
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).replace(/[. ]+$/, "").slice(0, 100) || "file";
  const current = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : "";
  const allowed = EXTENSIONS[extension] ?? [extension];
  return `${stem}.${allowed.includes(current) ? current : extension}`;
}

/** The Content-Disposition of a download: always `attachment`, with an ASCII fallback name and the UTF-8 one. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A stored file as its download answers it: always `attachment`, kept by no cache, and sandboxed with nothing allowed
 * should a browser show it anyway, so a file is never this site's page whatever its name says (X-Content-Type-Options:
 * nosniff comes with every response: server/security.ts). Messages' attachments and athletes' report cards use it.
 */
export function downloadResponse(file: { data: Uint8Array; mimeType: string; fileName: string }): Response {
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Length": String(file.data.length),
      "Content-Disposition": contentDisposition(file.fileName),
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
