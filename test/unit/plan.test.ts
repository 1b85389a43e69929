/**
 * When a plan says the run could go ahead (`can_run`, exit 0): no row refused and the balance covers
 * what the rows to buy cost; rows bought already cost nothing again.
 */
import { describe, expect, it } from "vitest";
import { alternativesAfter, planOf, type PlannedRow } from "../../src/orders/plan.js";
import { ExitCode } from "../../src/errors.js";

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

describe("alternativesAfter", () => {
  it("lists a row's alternatives when the run would send it, or after a refusal that cost nothing (exit 1)", () => {
    expect(alternativesAfter([14, 12])).toEqual({ alternatives: [14, 12] });
    expect(alternativesAfter([14], { exitCode: ExitCode.refused })).toEqual({ alternatives: [14] });
  });

  it("lists none when there are none, or after a refusal that stops for the reseller (exit 2), as the run tries none", () => {
    expect(alternativesAfter(undefined)).toEqual({});
    expect(alternativesAfter([])).toEqual({});
    expect(alternativesAfter([14], { exitCode: ExitCode.usage })).toEqual({});
  });
});
