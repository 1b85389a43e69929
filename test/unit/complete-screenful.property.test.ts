/**
 * `__complete` prints at most a screenful, and a shell inserts on Tab the prefix every candidate
 * shares: a cut list must never share more than the whole list does, or Tab would type digits the
 * person never chose. Checked over generated id sets, against the longest common prefix of all.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { offerable, pickScreenful, screenful, screenfulOfIds } from "../../src/commands/complete.js";

function sharedPrefix(values: string[]): string {
  if (values.length === 0) return "";
  let prefix = values[0]!;
  for (const v of values) while (!v.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

describe("a screenful of ids", () => {
  it("is at most a screenful, of the ids given, in order, sharing no longer a prefix than all of them", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 300_000 }), { maxLength: 400 }),
        fc.constantFrom("", "1", "12", "2", "9"),
        (ids, prefix) => {
          const matching = ids.filter((id) => String(id).startsWith(prefix));
          const shown = screenfulOfIds(Uint32Array.from(matching));
          expect(shown.length).toBeLessThanOrEqual(screenful);
          expect(shown.length).toBe(Math.min(screenful, new Set(matching).size));
          expect([...shown].sort((a, b) => a - b)).toEqual(shown);
          expect(new Set(shown).size).toBe(shown.length);
          for (const id of shown) expect(matching).toContain(id);
          expect(sharedPrefix(shown.map(String))).toBe(sharedPrefix(matching.map(String)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps the smallest ids when the ends are among them", () => {
    const ids = Array.from({ length: 200 }, (_, i) => i + 1);
    // "1" is both the smallest and the alphabetically first; "99" the last.
    const shown = screenfulOfIds(Uint32Array.from(ids));
    expect(shown).toHaveLength(screenful);
    expect(shown.slice(0, 49)).toEqual(ids.slice(0, 49));
    expect(shown).toContain(99);
  });
});

describe("a screenful of other candidates", () => {
  it("drops unsafe values and keeps the shared prefix of all", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: fc.constantFrom("A", "B", "C", "1", "$", "(", ")", ";", "`", " ", "-"), maxLength: 6 }),
          { maxLength: 200 },
        ),
        (values) => {
          const safe = offerable(
            values.map((value) => ({ value })),
            "",
          );
          for (const c of safe) expect(c.value).toMatch(/^[A-Za-z0-9_][A-Za-z0-9._+@-]*$/);
          const shown = pickScreenful(safe);
          expect(shown.length).toBeLessThanOrEqual(screenful);
          expect(sharedPrefix(shown.map((c) => c.value))).toBe(sharedPrefix(safe.map((c) => c.value)));
        },
      ),
      { numRuns: 200 },
    );
  });
});
