/**
 * When a plan says the run could go ahead (`can_run`, exit 0): no row refused and the balance covers
 * what the rows to buy cost; rows bought already cost nothing again.
 */
import { describe, expect, it } from "vitest";
import { planOf, type PlannedRow } from "../../src/orders/plan.js";

const row = (n: number, verdict: PlannedRow["verdict"], amount: number): PlannedRow => ({
  row: n,
  item_id: 12,
  quantity: 1,
  amount,
  verdict,
});

describe("planOf", () => {
  it("counts only the rows to buy in the total, and goes ahead when the balance covers it", () => {
    const plan = planOf(
      [row(2, "would_buy", 11_500), row(3, "already_bought", 11_500), row(4, "would_buy", 6_500)],
      18_000,
    );
    expect(plan).toMatchObject({
      counts: { would_buy: 2, already_bought: 1, refused: 0 },
      total: 18_000,
      short: 0,
      can_run: true,
    });
  });

  it("does not go ahead with a row refused, or a rupiah short", () => {
    expect(planOf([row(2, "would_buy", 11_500), row(3, "refused", 6_500)], 1_000_000).can_run).toBe(false);
    const short = planOf([row(2, "would_buy", 11_500)], 11_499);
    expect(short).toMatchObject({ short: 1, can_run: false });
  });
});
