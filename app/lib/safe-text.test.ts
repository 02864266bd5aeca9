import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MessageContentSchema } from "~/messaging/schemas";
import { hasUnsafeCharacters, unsafeTextMessage, withoutUnsafeCharacters } from "./safe-text";
import { parseForm } from "~/lib/forms";

describe("safe text", () => {
  it("finds NUL, lone surrogates and the mark of invalid UTF-8; lets every real character through", () => {
    for (const bad of ["a\u0000b", "x\ud800", "\udc00y", "bad \uFFFD byte"]) expect(hasUnsafeCharacters(bad)).toBe(true);
    for (const good of ["Zoë 🎾 ok", "مرحبا", "line\nbreak\ttab", "日本語", "windows\r\nline"]) expect(hasUnsafeCharacters(good)).toBe(false);
  });

  it("finds every C0 and C1 control but tab, newline and carriage return, and the non-characters U+FFFE and U+FFFF", () => {
    const controls = [...Array.from({ length: 0x20 }, (_, c) => c), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i)];
    for (const code of controls) {
      const text = `Word${String.fromCharCode(code)}paste`;
      expect(hasUnsafeCharacters(text), `U+${code.toString(16).padStart(4, "0")}`).toBe(![0x09, 0x0a, 0x0d].includes(code));
    }
    for (const bad of ["\uFFFE", "\uFFFF"]) expect(hasUnsafeCharacters(bad)).toBe(true);
  });

  it("takes them out of text stored before they were refused, and nothing else", () => {
    expect(withoutUnsafeCharacters("Courts\u000B closed\u0085 \u0007today\uFFFF")).toBe("Courts closed today");
    expect(withoutUnsafeCharacters("Zoë 🎾\r\n\tok")).toBe("Zoë 🎾\r\n\tok");
  });

  it("gives every form a message beside the field before its own schema runs", () => {
    const schema = z.object({ name: z.string(), note: z.string() });
    const form = new FormData();
    form.set("name", "Ava\u0000");
    form.set("note", "fine");
    expect(parseForm(schema, form)).toEqual({ data: null, fieldErrors: { name: unsafeTextMessage() } });
    form.set("name", "Ava");
    form.set("note", "Pasted from Word\u000B");
    expect(parseForm(schema, form)).toEqual({ data: null, fieldErrors: { note: unsafeTextMessage() } });
  });

  it("refuses unsafe message text, for the socket path too", () => {
    const r = MessageContentSchema.safeParse("hi\u0000");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(unsafeTextMessage());
  });
});
