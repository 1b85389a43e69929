/**
 * The shop's day, one step of it: a disrupted item with an alternative. The customer ordered an item
 * the service cannot sell now; the alternative the reseller reviewed in advance is sold instead, charged
 * once, at no more than the original's selling price. Exported so that a whole day's test can run it
 * among its other steps with its own emulator and shop; shop-day-alternatives.test.ts runs it alone.
 */
import { expect } from "vitest";
import type { Harness } from "./emulator.js";
import { whileAdvancing, type Reseller } from "../e2e/commands-harness.js";

export interface DisruptedSale {
  /** The customer's order as typed, and the alternative's that stands for it. */
  refId: string;
  soldRefId: string;
  customer: string;
  /** What left the balance for this sale, and what the customer pays (the original's selling price, else its cost). */
  charged: number;
  sellingPrice: number;
}

/**
 * Item 13 (Pulsa Telkomsel 25.000) disrupted, with 14 (Pulsa Telkomsel 50.000, above any fair
 * price of 13) then 12 (Pulsa Telkomsel 10.000) as its alternatives: 12 is sold and delivered.
 * Leaves the item sellable again and the shop's alternatives as it found them.
 *
 * With `wait` (the default) the sale is waited on and its receipt read here. Without it the sale is
 * left pending, for the day's `pending --follow` to settle like its other orders: the emulator's
 * clock is not moved, so the day's other orders neither deliver nor refund while the charge is measured.
 */
export async function disruptedItemWithAlternative(
  harness: Harness,
  shop: Reseller,
  customer = "081234569901",
  { wait = true }: { wait?: boolean } = {},
): Promise<DisruptedSale> {
  const priced = (await shop.run(["prices", "--search", "telkomsel"], { mode: "json" })).json().items;
  const original = priced.find((i: any) => i.id === 13);
  const sellingPrice: number = original.selling_price ?? original.price;
  const kept = (await shop.run(["alternatives", "list"], { mode: "json" })).json().alternatives;
  expect((await shop.run(["alternatives", "set", "13", "14", "12"])).exitCode).toBe(0);
  const before = harness.accountOf(shop.apiKey);
  harness.emulator.setItemAvailable(13, false);
  try {
    const buy = ["buy", "--item", "13", "--qty", "1", "--note", customer, "--alternatives", "--yes"];
    const sale = wait
      ? await whileAdvancing(harness.emulator, shop.run([...buy, "--wait"], { mode: "json" }), 5, 150)
      : await shop.run(buy, { mode: "json" });
    expect(sale.exitCode, sale.stderr).toBe(0);
    const body = sale.json();
    expect(body).toMatchObject({ outcome: wait ? "delivered" : "bought", alternative_of: { item_id: 13 } });
    const soldRefId: string = body.data.ref_id;
    const after = harness.accountOf(shop.apiKey);
    const added = after.transactions.filter((t) => !before.transactions.some((b) => b.ref_id === t.ref_id));
    // Charged once: one transaction, for the alternative, to the customer.
    expect(added.map((t) => t.ref_id)).toEqual([soldRefId]);
    const charged = before.balance - after.balance;
    expect(charged).toBe(added[0]?.amount);
    expect(charged).toBeLessThanOrEqual(sellingPrice);
    if (wait) {
      const receipt = (await shop.run(["receipt", soldRefId], { mode: "json" })).json();
      expect(receipt.lines).toEqual([
        expect.objectContaining({ item: expect.stringContaining("Pulsa Telkomsel 10.000"), customer }),
      ]);
    }
    return { refId: body.alternative_of.ref_id, soldRefId, customer, charged, sellingPrice };
  } finally {
    harness.emulator.setItemAvailable(13, true);
    if (!kept.some((k: any) => k.item_id === 13)) await shop.run(["alternatives", "unset", "13"]);
  }
}
