/**
 * The sale's check a purchase makes with its intent (`soldMeanwhile`): what another run's records of
 * the same sale stop, and what they do not. The orders this run gave up (refused, not sent, refunded
 * whole) never count; another run's in flight, unknown or bought do.
 */
import { describe, expect, it } from "vitest";
import { journalFor } from "../../src/journal/request.js";
import type { Outcome } from "../../src/journal/entries.js";
import { soldMeanwhile } from "../../src/orders/alternatives.js";
import type { Order } from "../../src/orders/order.js";
import { testContext } from "../support/context.js";

const env = { RESELLER_BASE_URL: "http://127.0.0.1:9", RESELLER_API_KEY: "rk_test_sold_meanwhile" };

/** A purchase of `refId` as the journal keeps it: its intent, then its outcome (none: still in flight). */
function recorded(
  ctx: Awaited<ReturnType<typeof testContext>>["ctx"],
  refId: string,
  outcome?: Outcome,
  more: { verdict?: string; profile?: string } = {},
): void {
  const journal = journalFor(ctx, "sending");
  const entry = `e-${refId}-${Math.random().toString(16).slice(2)}`;
  const at = new Date(ctx.now()).toISOString();
  journal.append({
    v: 1,
    type: "intent",
    entry,
    at,
    kind: "buy",
    profile: more.profile ?? ctx.settings.profile,
    base_url: ctx.settings.baseUrl ?? "",
    ref_id: refId,
    request: { carts: [{ item_id: 13, quantity: 1, note: "081234567890" }] },
    pid: process.pid,
    host: "here",
  });
  journal.append({ v: 1, type: "attempt", entry, at, attempt: 1 });
  if (outcome) journal.append({ v: 1, type: "outcome", entry, at, outcome, invoice: "INV-1", amount: 25_800 });
  if (more.verdict) journal.append({ v: 1, type: "status", entry, at, status: "failed", verdict: more.verdict });
}

const sale = (refId: string, given = true): Order => ({ refId, refIdGiven: given, lines: [] });
const alternative = (of: string, n: number): Order => ({
  refId: `${of}-alt${n}`,
  refIdGiven: true,
  lines: [],
  alternativeOf: { refId: of, carts: [{ item_id: 13, quantity: 1, note: "081234567890" }] },
});

describe("an order under a caller's own ref_id", () => {
  it("stops on an alternative of it in flight, unknown or bought; not on one refused or refunded whole", async () => {
    const { ctx } = await testContext({ env });
    recorded(ctx, "S1-alt1", "refused");
    recorded(ctx, "S1-alt2", "done", { verdict: "delivery_failed" });
    expect(soldMeanwhile(ctx, sale("S1"))).toBeUndefined();
    for (const [n, outcome] of [
      [3, undefined],
      [4, "unknown"],
      [5, "done"],
    ] as const) {
      const { ctx: other } = await testContext({ env });
      recorded(other, `S1-alt${n}`, outcome);
      expect(soldMeanwhile(other, sale("S1"))?.ref_id).toBe(`S1-alt${n}`);
    }
  });

  it("reads nothing for a ref_id reseller made, and leaves another profile's records to it", async () => {
    const { ctx } = await testContext({ env });
    recorded(ctx, "RSL-1-alt1", "done");
    expect(soldMeanwhile(ctx, sale("RSL-1", false))).toBeUndefined();
    recorded(ctx, "S2-alt1", "done", { profile: "another-shop" });
    expect(soldMeanwhile(ctx, sale("S2"))).toBeUndefined();
  });
});

describe("an alternative", () => {
  it("goes on after this run's own orders of the sale, each of which cost nothing", async () => {
    const { ctx } = await testContext({ env });
    recorded(ctx, "S3", "refused");
    recorded(ctx, "S3-alt1", "not_sent");
    recorded(ctx, "S3-alt2", "done", { verdict: "delivery_failed" });
    expect(soldMeanwhile(ctx, alternative("S3", 3))).toBeUndefined();
  });

  it("stops on the sale's own order sent by another run: in flight, unknown or bought", async () => {
    for (const outcome of [undefined, "unknown", "done"] as const) {
      const { ctx } = await testContext({ env });
      recorded(ctx, "S4", "refused");
      recorded(ctx, "S4", outcome);
      expect(soldMeanwhile(ctx, alternative("S4", 1))?.ref_id).toBe("S4");
    }
  });

  it("stops on another of the sale's alternatives standing, not on the same alternative sent by another run", async () => {
    const { ctx } = await testContext({ env });
    recorded(ctx, "S5", "refused");
    // The service keeps one purchase per ref_id: the same alternative sent twice is bought once.
    recorded(ctx, "S5-alt2");
    expect(soldMeanwhile(ctx, alternative("S5", 2))).toBeUndefined();
    recorded(ctx, "S5-alt1", "done");
    expect(soldMeanwhile(ctx, alternative("S5", 2))?.ref_id).toBe("S5-alt1");
  });
});
