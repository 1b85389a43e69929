/**
 * The young generation held while many records are walked (`history --json`, `report`'s books), and
 * V8's default put back after: a flag left changed would have the launcher's code cache rejected.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { steadyYoungGeneration } from "../../src/young-generation.js";

const v8 = process.getBuiltinModule("node:v8");

describe("steadyYoungGeneration", () => {
  afterEach(() => vi.restoreAllMocks());

  it("holds the young generation for the walk only and gives back what the walk made", async () => {
    const set = vi.spyOn(v8, "setFlagsFromString");
    const seen: string[][] = [];
    const books = await steadyYoungGeneration(() => {
      seen.push(set.mock.calls.map((c) => String(c[0])));
      return { orders: 3 };
    });
    expect(books).toEqual({ orders: 3 });
    expect(seen).toEqual([["--semi-space-growth-factor=1"]]);
    expect(set.mock.calls.map((c) => c[0])).toEqual(["--semi-space-growth-factor=1", "--semi-space-growth-factor=2"]);
  });

  it("puts V8's default back when the walk fails, and the failure still reaches the caller", async () => {
    const set = vi.spyOn(v8, "setFlagsFromString");
    await expect(
      steadyYoungGeneration(async () => {
        throw new Error("the journal could not be read");
      }),
    ).rejects.toThrow("the journal could not be read");
    expect(set.mock.calls.at(-1)?.[0]).toBe("--semi-space-growth-factor=2");
  });
});
