/**
 * The money-safety core of alternatives: a row's own order and the alternative sold for it are one
 * sale. A file run again settles the row by the alternative bought (or maybe bought) under
 * `<ref_id>-altN`, whatever its own ref_id's record says; an alternative refunded whole does not;
 * and an alternative follows only an outcome that cost nothing.
 */
import { describe, expect, it } from "vitest";
import { alternativeRefId, costNothing } from "../../src/orders/alternatives.js";
import { planRows, type EarlierPurchase } from "../../src/orders/repeats.js";
import { requestRepeatKey, repeatKey } from "../../src/rules/customer.js";

const key = repeatKey(13, 1, "081234567890");
const row = { key, refId: "BLK-20261128-aaaaaaaaaaaa-1" };
const at = "2026-11-28T10:00:00.000Z";
const original: EarlierPurchase = { refId: row.refId, at, key, outcome: "refused" };
const alternative = (n: number, over: Partial<EarlierPurchase> = {}): EarlierPurchase => ({
  refId: alternativeRefId(row.refId, n),
  at: "2026-11-28T10:00:01.000Z",
  key,
  outcome: "done",
  alternativeOf: row.refId,
  ...over,
});

describe("a file run again after an alternative was sold", () => {
  it("the row is settled by the alternative bought, not sent again", () => {
    const [plan] = planRows([row], [original, alternative(1, { outcome: "refused" }), alternative(2)]);
    expect(plan).toEqual({ kind: "settled", earlier: expect.objectContaining({ refId: `${row.refId}-alt2` }) });
  });

  it("an alternative whose outcome is unknown settles the row too: it may have been bought", () => {
    const [plan] = planRows([row], [original, alternative(1, { outcome: "unknown" })]);
    expect(plan).toMatchObject({ kind: "settled", earlier: { refId: `${row.refId}-alt1`, outcome: "unknown" } });
  });

  it("one refunded whole (delivery failed) does not: the row's order is sent again", () => {
    const [plan] = planRows([row], [original, alternative(1, { verdict: "delivery_failed" })]);
    expect(plan).toEqual({ kind: "send" });
  });

  it("even when the row's own ref_id was bought meanwhile, the row is one sale", () => {
    const [plan] = planRows([row], [{ ...original, outcome: "done" }, alternative(1)]);
    expect(plan).toMatchObject({ kind: "settled", earlier: { refId: `${row.refId}-alt1` } });
  });
});

describe("an alternative's repeat key is the order's it stands in for", () => {
  it("so the same customer's order typed again meets the repeat check", () => {
    const request = {
      carts: [{ item_id: 12, quantity: 1, note: "081234567890" }],
      alternative_of: { ref_id: "RSL-1", carts: [{ item_id: 13, quantity: 1, note: "+62 812-3456-7890" }] },
    };
    expect(requestRepeatKey(request)).toBe(key);
  });
});

describe("the next alternative only after an outcome that cost nothing", () => {
  it.each([
    ["refused", 1, undefined, undefined, true],
    ["not_sent", 4, undefined, undefined, true],
    ["not_sent", 1, undefined, undefined, true],
    ["delivery_failed", 1, 19_000, 19_000, true],
    ["delivery_failed", 1, 19_000, 9_000, false],
    ["delivery_failed", 1, 19_000, undefined, false],
    ["partial", 1, 19_000, 9_000, false],
    ["unknown", 5, undefined, undefined, false],
    ["bought", 0, 19_000, undefined, false],
    // A repeat nobody agreed to, a mistake, a key refused, Ctrl-C.
    ["not_sent", 2, undefined, undefined, false],
    ["refused", 3, undefined, undefined, false],
    ["not_sent", 130, undefined, undefined, false],
  ] as const)("%s, exit %i, amount %s, refunded %s: %s", (verdict, exit, amount, refunded, expected) => {
    expect(costNothing(verdict, exit, amount, refunded)).toBe(expected);
  });

  it("a derived ref_id keeps the service's 191 characters, its suffix whole", () => {
    const long = "R".repeat(191);
    expect(alternativeRefId(long, 3)).toHaveLength(191);
    expect(alternativeRefId(long, 3).endsWith("-alt3")).toBe(true);
  });
});
