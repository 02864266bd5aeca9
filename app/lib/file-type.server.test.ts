import { describe, expect, it } from "vitest";
import { cleanFileName, contentDisposition, detectFileType, downloadResponse } from "./file-type.server";

describe("detectFileType", () => {
  it("recognises images, PDF, DOC and DOCX by their content", () => {
    expect(detectFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.mimeType).toBe("image/png");
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.kind).toBe("image");
    expect(detectFileType(Buffer.from("GIF89a...."))?.mimeType).toBe("image/gif");
    expect(detectFileType(Buffer.from("%PDF-1.7\n"))?.mimeType).toBe("application/pdf");
    expect(detectFileType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))?.extension).toBe("doc");
    expect(
      detectFileType(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("..[Content_Types].xml..word/document.xml")]))?.extension,
    ).toBe("docx");
  });

  it("refuses anything else, whatever it is called", () => {
    expect(detectFileType(Buffer.from("<html><script>alert(1)</script>"))).toBeNull();
    expect(detectFileType(Buffer.from("MZ\x90\x00"))).toBeNull();
    expect(detectFileType(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("a plain zip")]))).toBeNull();
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
  });

  it("cleans file names", () => {
    expect(cleanFileName('../../etc/"passwd"\n', "pdf")).toBe("etcpasswd.pdf");
    expect(cleanFileName("   ", "pdf")).toBe("file.pdf");
  });

  it("gives a name the extension of what the file really is", () => {
    expect(cleanFileName("invoice.html", "pdf")).toBe("invoice.pdf");
    expect(cleanFileName("photo.JPEG", "jpg")).toBe("photo.JPEG".replace("JPEG", "jpeg"));
    expect(cleanFileName("notes", "docx")).toBe("notes.docx");
    expect(cleanFileName("scan.pdf.exe", "pdf")).toBe("scan.pdf.pdf");
  });

  it("strips control and bidirectional characters that disguise a name", () => {
    expect(cleanFileName("invoice\u202Efdp.exe", "pdf")).toBe("invoicefdp.pdf");
    expect(cleanFileName("a\u2066b\u200Fc\u0007.pdf", "pdf")).toBe("abc.pdf");
  });
});

describe("contentDisposition", () => {
  it("is always an attachment, with an ASCII fallback and the UTF-8 name", () => {
    expect(contentDisposition("Überweisung.pdf")).toBe(`attachment; filename="_berweisung.pdf"; filename*=UTF-8''%C3%9Cberweisung.pdf`);
    expect(contentDisposition("invoice.pdf")).toMatch(/^attachment; filename="invoice\.pdf"/);
  });
});

describe("downloadResponse", () => {
  it("answers a stored file as a sandboxed download no cache keeps (attachments and report cards alike)", async () => {
    const res = downloadResponse({ data: Buffer.from("%PDF-1.7\n"), mimeType: "application/pdf", fileName: "Sofía's report.pdf" });
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe("9");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="Sof_a's report\.pdf"/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox$/);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe("%PDF-1.7\n");
  });
});
