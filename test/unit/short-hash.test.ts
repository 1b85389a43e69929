/**
 * The one FNV-1a: journal buckets and catalogue copies are named by it on disk, so its values must
 * be the standard ones the two copies it replaced gave, or a reseller's files would be lost to it.
 */
import { describe, expect, it } from "vitest";
import { fnv1a, fnv1aHex } from "../../src/short-hash.js";

describe("fnv1a", () => {
  it.each([
    ["", 0x811c9dc5],
    ["a", 0xe40c292c],
    ["foobar", 0xbf9cf968],
  ])("%j is the published FNV-1a 32-bit value", (text, value) => {
    expect(fnv1a(text)).toBe(value);
  });

  it("is eight hex digits in a file name, leading zeros kept", () => {
    expect(fnv1aHex("foobar")).toBe("bf9cf968");
    expect(fnv1aHex("")).toBe("811c9dc5");
    for (const text of ["x", "reseller-account\nrk_1", "default\nhttps://api.example.com"])
      expect(fnv1aHex(text)).toMatch(/^[0-9a-f]{8}$/);
  });
});
