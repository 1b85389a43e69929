/**
 * The day's step "a disrupted item with an alternative" (test/support/shop-day-alternatives.ts) on a
 * shop with selling prices: the customer gets the alternative, charged once, at no more than the
 * original's selling price; the books count the sale once, at the price the customer was quoted.
 *
 * The whole day (shop-day.test.ts) runs this step too, leaving the sale to `pending --follow`; what
 * is asserted only here: the sale waited on by `buy --wait` itself with its receipt naming the
 * alternative, and the books' revenue and profit at the original's selling price.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { zoneAtMidday } from "../support/midday.js";
import { disruptedItemWithAlternative } from "../support/shop-day-alternatives.js";
import { resellerInProcess } from "./commands-harness.js";

const harness = useEmulator();
// The books kept where it is midday: the shop's day in Jakarta could end between a purchase and
// the report that counts it (test/support/midday.ts).
const midday = { RESELLER_TIME_ZONE: zoneAtMidday() };

describe("the shop's day: a disrupted item with an alternative", () => {
  it("the customer got the alternative, charged once, within the selling price; the report counts it once", async () => {
    const shop = resellerInProcess(harness);
    expect((await shop.run(["items", "--refresh"])).exitCode).toBe(0);
    expect((await shop.run(["prices", "set", "--markup", "10%", "--round", "500"])).exitCode).toBe(0);
    const sale = await disruptedItemWithAlternative(harness, shop);
    // Rp 25.800 + 10%, rounded up to Rp 500.
    expect(sale.sellingPrice).toBe(28_500);
    expect(sale.charged).toBe(11_500);
    const books = (await shop.run(["report", "--since", "today"], { mode: "json", env: midday })).json();
    expect(books).toMatchObject({ spent: 11_500, revenue: 28_500, profit: 17_000 });
    expect(books.by_verdict).toMatchObject({ delivered: 1, refused: 1 });
  });
});
