/**
 * The link an alternative's journal entry keeps to the order it was bought instead of, as history and
 * trx show read it: the ref_id and the original's item, and nothing from a request of another shape
 * (an older release's, a damaged one), which is shown as an ordinary order rather than failing; with
 * the journal at hand, the original's item by name and why it was given up.
 */
import { describe, expect, it } from "vitest";
import type { JournalEntry } from "../../src/journal/entries.js";
import { alternativeOf } from "../../src/orders/alternatives.js";

const entryWith = (request: Record<string, unknown>, more: Partial<JournalEntry> = {}): JournalEntry => ({
  entry: "e-1",
  kind: "buy",
  profile: "default",
  base_url: "http://127.0.0.1:1",
  ref_id: "RSL-20261128-AAAA-alt1",
  at: "2026-11-28T10:00:00.000Z",
  request,
  attempts: 1,
  outcome: "done",
  updated_at: "2026-11-28T10:00:01.000Z",
  pid: 1,
  host: "shop",
  ...more,
});

describe("an alternative's link in the journal", () => {
  it("names the original's ref_id and the item of its first line", () => {
    const link = alternativeOf(
      entryWith({
        carts: [{ item_id: 12, quantity: 1 }],
        alternative_of: { ref_id: "RSL-20261128-AAAA", carts: [{ item_id: 13, quantity: 1, note: "0812" }] },
      }),
    );
    expect(link).toEqual({ ref_id: "RSL-20261128-AAAA", item_id: 13 });
  });

  it("keeps the ref_id when the original's lines are not recorded as expected", () => {
    expect(alternativeOf(entryWith({ alternative_of: { ref_id: "R-1", carts: "13" } }))).toEqual({ ref_id: "R-1" });
    expect(alternativeOf(entryWith({ alternative_of: { ref_id: "R-1", carts: [null] } }))).toEqual({
      ref_id: "R-1",
    });
  });

  it("is none for an ordinary order or a link of another shape", () => {
    for (const request of [
      { carts: [{ item_id: 12, quantity: 1 }] },
      { alternative_of: "R-1" },
      { alternative_of: null },
      { alternative_of: { ref_id: 7 } },
      { alternative_of: { ref_id: "" } },
    ])
      expect(alternativeOf(entryWith(request))).toBeUndefined();
  });

  it("names the original's item as it was asked for and why it was given up, from the original's entry", () => {
    const original = entryWith(
      { carts: [{ item_id: 13, quantity: 1 }], item_names: { "13": "Pulsa Telkomsel 25.000" } },
      { ref_id: "RSL-20261128-AAAA", outcome: "refused", code: "PRODUCT_TEMPORARILY_UNAVAILABLE" },
    );
    const journal = { byRefId: (ref: string) => (ref === original.ref_id ? [original] : []) };
    const alternative = entryWith({
      carts: [{ item_id: 12, quantity: 1 }],
      alternative_of: { ref_id: "RSL-20261128-AAAA", carts: [{ item_id: 13, quantity: 1 }] },
    });
    expect(alternativeOf(alternative, journal)).toEqual({
      ref_id: "RSL-20261128-AAAA",
      item_id: 13,
      item: "Pulsa Telkomsel 25.000",
      givenUp: "disrupted",
    });
  });
});
