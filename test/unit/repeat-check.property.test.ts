/**
 * The repeat check's decision, property-tested: whatever is done to a set of orders already bought
 * (reordered, duplicated across files or stdin, rows appended, run on another day), no order is
 * sent a second time without consent, and a truly new order is always sent.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineKey, planRows, refIdsOf, type EarlierPurchase } from "../../src/orders/repeats.js";

const order = fc.record({
  item: fc.integer({ min: 1, max: 6 }),
  qty: fc.integer({ min: 1, max: 3 }),
  note: fc.constantFrom("081200000001", "081200000002", "123456789", ""),
});
type Row = { item: number; qty: number; note: string };
const keyOf = (r: Row) => lineKey(r.item, r.qty, r.note || undefined);

/** What a run leaves in the journal: every row sent is a purchase done under its ref_id. */
function bought(rows: Row[], day: string, at: string): EarlierPurchase[] {
  const refs = refIdsOf(
    rows.map((r) => ({ key: keyOf(r) })),
    day,
  );
  return rows.map((r, i) => ({ refId: refs[i]!, at, key: keyOf(r), outcome: "done" as const }));
}

/** The rows a run would send without consent (skip is the default answer): plans of kind "send". */
function sentWithoutConsent(rows: Row[], earlier: EarlierPurchase[], day: string): Row[] {
  const refs = refIdsOf(
    rows.map((r) => ({ key: keyOf(r) })),
    day,
  );
  const plans = planRows(
    rows.map((r, i) => ({ key: keyOf(r), refId: refs[i]! })),
    earlier,
  );
  return rows.filter((_, i) => plans[i]!.kind === "send");
}

/** Multiset difference: what `b` holds beyond `a`, by content. */
function beyond(a: Row[], b: Row[]): Row[] {
  const left = new Map<string, number>();
  for (const r of a) left.set(keyOf(r), (left.get(keyOf(r)) ?? 0) + 1);
  return b.filter((r) => {
    const n = left.get(keyOf(r)) ?? 0;
    if (n > 0) {
      left.set(keyOf(r), n - 1);
      return false;
    }
    return true;
  });
}

describe("the repeat check", () => {
  it("a bought set, shuffled, duplicated or with rows appended, sends only the rows beyond it, same day or the next", () => {
    // Which way each generated case went: every branch below must have been taken and checked.
    const taken = { twice: 0, once: 0, nextDay: 0, sameDay: 0 };
    fc.assert(
      fc.property(
        fc.array(order, { minLength: 1, maxLength: 12 }),
        fc.array(order, { maxLength: 5 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 1000 }),
        (first, appended, nextDay, twice, seed) => {
          const shuffled = (rows: Row[], salt: number) =>
            fc.sample(fc.shuffledSubarray(rows, { minLength: rows.length }), { seed: seed + salt, numRuns: 1 })[0]!;
          // Run after run, every row sent becomes a purchase in the journal.
          const journal: EarlierPurchase[] = [];
          const run = (rows: Row[], day: string, at: string): Row[] => {
            const sent = sentWithoutConsent(rows, journal, day);
            const refs = refIdsOf(
              rows.map((r) => ({ key: keyOf(r) })),
              day,
            );
            rows.forEach((r, i) => {
              if (sent.includes(r)) journal.push({ refId: refs[i]!, at, key: keyOf(r), outcome: "done" });
            });
            return sent;
          };
          expect(run(first, "20261123", "2026-11-23T08:00:00Z")).toHaveLength(first.length);
          // The same set again, reordered: a copy under another name, or piped through stdin.
          if (twice) expect(run(shuffled(first, 1), "20261123", "2026-11-23T09:00:00Z")).toEqual([]);
          taken[twice ? "twice" : "once"]++;
          taken[nextDay ? "nextDay" : "sameDay"]++;
          const sent = run(
            shuffled([...first, ...appended], 2),
            nextDay ? "20261124" : "20261123",
            "2026-11-23T10:00:00Z",
          );
          // Exactly the appended rows go out: nothing bought before, and nothing new held back.
          expect(beyond(appended, sent)).toEqual([]);
          expect(beyond(sent, appended)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
    for (const [branch, runs] of Object.entries(taken)) expect(runs, `cases that went "${branch}"`).toBeGreaterThan(20);
  });

  it("a row whose earlier purchase is unknown is sent again only under its own ref_id (the service keeps one per ref_id)", () => {
    fc.assert(
      fc.property(fc.array(order, { minLength: 1, maxLength: 8 }), (rows) => {
        const earlier = bought(rows, "20261123", "2026-11-23T08:00:00Z").map((p) => ({
          ...p,
          outcome: "unknown" as const,
        }));
        const refs = refIdsOf(
          rows.map((r) => ({ key: keyOf(r) })),
          "20261123",
        );
        const plans = planRows(
          rows.map((r, i) => ({ key: keyOf(r), refId: refs[i]! })),
          earlier,
        );
        // Same day: same ref_ids, so resending is safe. Next day: new ref_ids, so consent is needed.
        expect(plans.every((p) => p.kind === "send")).toBe(true);
        const nextRefs = refIdsOf(
          rows.map((r) => ({ key: keyOf(r) })),
          "20261124",
        );
        const next = planRows(
          rows.map((r, i) => ({ key: keyOf(r), refId: nextRefs[i]! })),
          earlier,
        );
        expect(next.every((p) => p.kind === "repeat")).toBe(true);
      }),
    );
  });

  it("a refunded delivery or a refusal is no repeat: buying it again charges nothing twice", () => {
    const row = { item: 12, qty: 1, note: "081200000001" };
    const [p] = bought([row], "20261122", "2026-11-22T08:00:00Z");
    const refs = refIdsOf([{ key: keyOf(row) }], "20261123");
    expect(planRows([{ key: keyOf(row), refId: refs[0]! }], [{ ...p!, status: "failed" }])[0]!.kind).toBe("send");
    expect(planRows([{ key: keyOf(row), refId: refs[0]! }], [{ ...p!, outcome: "refused" }])[0]!.kind).toBe("send");
    expect(planRows([{ key: keyOf(row), refId: refs[0]! }], [p!])[0]!.kind).toBe("repeat");
  });
});
