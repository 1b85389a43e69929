/**
 * The books of a partly delivered cart, through the built binary against the emulator: revenue is
 * what the customer pays for the lines delivered (each line's selling price in force when bought
 * times its share delivered), not the cart's selling price scaled by the share of its amount refunded.
 * A cart waited on by `buy --wait`, and one left to the report's own refresh with an SMM line short
 * of its count.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { zoneAtMidday } from "../support/midday.js";
import { resellerAs, whileAdvancing, writeCart, type Reseller } from "./commands-harness.js";

const harness = useEmulator();
// The books kept where it is midday: the shop's day could end between a purchase and the report.
const midday = { RESELLER_TIME_ZONE: zoneAtMidday() };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The cart of the repro: Pulsa Telkomsel 10.000 to a good number and to one the provider refuses, and Canva Pro. */
const repro = [
  { item_id: 12, quantity: 1, note: "081234567890" },
  { item_id: 12, quantity: 1, note: "0812" },
  { item_id: 4, quantity: 1, note: "pembeli@example.com" },
];

async function buyWaiting(shop: Reseller, args: string[]) {
  const buy = await whileAdvancing(
    harness.emulator,
    shop.run(["buy", ...args, "--no-check", "--wait", "--yes"], { mode: "json" }),
    10,
    150,
  );
  expect(buy.exitCode, buy.stderr).toBe(1);
  expect(buy.json()).toMatchObject({ outcome: "partial", refunded: 11_500, net: 26_500 });
}

async function shopWithMarkup(): Promise<Reseller> {
  const shop = resellerAs(harness);
  dirs.push(shop.configDir);
  expect((await shop.run(["prices", "set", "--markup", "2000"])).exitCode).toBe(0);
  return shop;
}

describe("report of a partly delivered cart", () => {
  it("counts the delivered lines at their selling prices: 13.500 + 17.000, not the cart's price scaled by the refund", async () => {
    const shop = await shopWithMarkup();
    const before = harness.accountOf(harness.emulator.demoApiKey).balance;
    // Pulsa Telkomsel 10.000 costs 11.500 and Canva Pro 15.000: sold at cost + 2.000 each.
    await buyWaiting(shop, ["--cart", writeCart(shop, repro)]);

    const r = await shop.run(["report"], { mode: "json", env: midday });
    expect(r.exitCode, r.stderr).toBe(0);
    const books = r.json();
    expect(books.by_verdict).toMatchObject({ partial: 1 });
    // Spent is the balance's own movement: the two lines delivered, at cost.
    expect(books.spent).toBe(before - harness.accountOf(harness.emulator.demoApiKey).balance);
    expect(books).toMatchObject({ spent: 26_500, refunded: 11_500, revenue: 30_500, profit: 4_000 });
    expect(books.rows).toEqual([expect.objectContaining({ revenue: 30_500, profit: 4_000 })]);
  });

  it("counts an SMM line short of its count by the share delivered, beside a line delivered whole", async () => {
    const shop = await shopWithMarkup();
    // 300 followers at Rp 35 (Rp 10.500, sold at Rp 12.500) that the panel finishes Partial, and Canva Pro.
    const cart = writeCart(shop, [
      { item_id: 23, quantity: 300, note: { target: "https://instagram.com/partial_cart_books" } },
      { item_id: 4, quantity: 1, note: "pembeli@example.com" },
    ]);
    const refId = "books-smm-cart";
    const buy = await shop.run(["buy", "--cart", cart, "--ref-id", refId, "--yes"], { mode: "json" });
    expect(buy.exitCode, buy.stderr).toBe(0);
    expect(buy.json()).toMatchObject({ outcome: "bought" });
    harness.emulator.clock.advance(3_600_000);

    // The report's refresh finds it partial and keeps each line's delivery before counting.
    const r = await shop.run(["report"], { mode: "json", env: midday });
    expect(r.exitCode, r.stderr).toBe(0);
    const books = r.json();
    expect(books.by_verdict).toMatchObject({ partial: 1 });

    const shown = (await shop.run(["trx", "show", refId], { mode: "json" })).json();
    const remains: number = shown.smm_results[0].remains;
    expect(remains).toBeGreaterThan(0);
    expect(remains).toBeLessThan(300);
    expect(books.refunded).toBe(remains * 35);
    expect(books.spent).toBe(25_500 - remains * 35);
    const revenue = Math.round((12_500 * (300 - remains)) / 300) + 17_000;
    expect(books.revenue).toBe(revenue);
    expect(books.profit).toBe(revenue - books.spent);
  });

  it("counts an order recorded without its lines by the share of its amount until trx show sees it again", async () => {
    const shop = await shopWithMarkup();
    await buyWaiting(shop, ["--cart", writeCart(shop, repro), "--ref-id", "books-older-cart"]);
    // As a journal of an earlier release has it: the partial verdict and refund, not the lines.
    const db = new Database(join(shop.configDir, "records.db"));
    for (const [table, column] of [
      ["journal_events", "record"],
      ["journal_orders", "folded"],
    ])
      db.prepare(`UPDATE ${table} SET ${column} = json_remove(${column}, '$.delivered')`).run();
    db.close();

    const revenue = async () => (await shop.run(["report"], { mode: "json", env: midday })).json().revenue;
    // 44.000 × 26.500 / 38.000: the share of the amount not refunded.
    expect(await revenue()).toBe(30_684);
    expect((await shop.run(["trx", "show", "books-older-cart"], { mode: "json" })).exitCode).toBe(0);
    expect(await revenue()).toBe(30_500);
  });
});
