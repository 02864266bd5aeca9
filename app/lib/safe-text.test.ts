import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm } from "./auth-schemas";
import { MessageContentSchema } from "./messaging";
import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from "./safe-text";

describe("safe text", () => {
  it("finds NUL, lone surrogates and the mark of invalid UTF-8; lets every real character through", () => {
    for (const bad of ["a\u0000b", "x\ud800", "\udc00y", "bad \uFFFD byte"]) expect(hasUnsafeCharacters(bad)).toBe(true);
    for (const good of ["Zoë 🎾 ok", "مرحبا", "line\nbreak\ttab", "日本語"]) expect(hasUnsafeCharacters(good)).toBe(false);
  });

  it("gives every form a message beside the field before its own schema runs", () => {
    const schema = z.object({ name: z.string(), note: z.string() });
    const form = new FormData();
    form.set("name", "Ava\u0000");
    form.set("note", "fine");
    expect(parseForm(schema, form)).toEqual({ data: null, fieldErrors: { name: UNSAFE_TEXT_MESSAGE } });
  });

  it("refuses unsafe message text, for the socket path too", () => {
    const r = MessageContentSchema.safeParse("hi\u0000");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
  });
});
