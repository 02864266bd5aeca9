// What colour space a HEIC's primary image is in, read off its boxes (libheif-js does not say).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readHeicColour } from "./heic.server";

/** An ISO base media box; a full box gets its version and flags first. */
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};
const u8 = (...n: number[]) => Buffer.from(n);
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const nclx = (primaries: number, transfer: number) => box("colr", Buffer.from("nclx", "latin1"), u16(primaries), u16(transfer), u16(1), u8(0x80));

/** A HEIF whose item 1 (a thumbnail) is sRGB and whose primary item 2 has the given colr property. */
const heif = (primaryColr: Buffer) =>
  Buffer.concat([
    box("ftyp", Buffer.from("heicmif1heic", "latin1")),
    box(
      "meta",
      u32(0),
      box("pitm", u32(0), u16(2)),
      box(
        "iprp",
        box("ipco", nclx(1, 13), box("ispe", u32(0), u32(64), u32(48)), primaryColr),
        // version 0, flags 0: item ids of 16 bits, property indexes of 7 bits (the top bit says "essential").
        box("ipma", u32(0), u32(2), u16(1), u8(2, 0x81, 2), u16(2), u8(2, 0x82, 3)),
      ),
    ),
  ]);

describe("readHeicColour", () => {
  it("reads the primary image's colour codes, not a thumbnail's", () => {
    expect(readHeicColour(heif(nclx(12, 13)))).toEqual({ primaries: 12, transfer: 13 });
  });

  it("reads an ICC profile, as iPhones write it", () => {
    const icc = Buffer.from("a stand-in for an ICC profile", "latin1");
    expect(readHeicColour(heif(box("colr", Buffer.from("prof", "latin1"), icc)))).toEqual({ icc });
    const fixture = fs.readFileSync(path.join(import.meta.dirname, "../../tests/fixtures/phone-sideways.heic"));
    const colour = readHeicColour(fixture);
    expect(colour && "icc" in colour && colour.icc.toString("latin1", 36, 40)).toBe("acsp"); // an ICC profile's signature
  });

  it("says nothing for a file without one, or whose boxes claim more bytes than it has", () => {
    expect(readHeicColour(heif(box("free")))).toBeNull();
    const cut = heif(nclx(12, 13));
    expect(readHeicColour(cut.subarray(0, cut.length - 10))).toBeNull();
    expect(readHeicColour(Buffer.from("not a HEIF at all"))).toBeNull();
  });
});
