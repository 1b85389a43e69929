import { describe, expect, it } from "vitest";
import type { CatalogueEntry } from "../../src/catalogue/cache.js";
import { compareSummaries, summarise } from "../../src/catalogue/changes.js";

const entry = (id: number, price: number | null, stock: number | null, unlimited = false): CatalogueEntry => ({
  id,
  sku: null,
  category: "Voucher",
  product: "Netflix",
  name: `Item ${id}`,
  price,
  process: "auto",
  stock,
  unlimited,
  min_order: 1,
});

describe("what changed between two copies of the catalogue", () => {
  it("names new, gone, sold out, back in stock and new prices, with old and new prices", () => {
    const before = summarise([entry(1, 100, 5), entry(2, 200, 1), entry(3, 300, 0), entry(4, 400, null)], 1);
    const now = summarise([entry(1, 150, 5), entry(2, 200, 0), entry(3, 300, 2), entry(5, 500, null, true)], 2);
    expect(compareSummaries(before, now).map((c) => [c.change, c.id, c.old_price, c.new_price])).toEqual([
      ["price", 1, 100, 150],
      ["out_of_stock", 2, 200, 200],
      ["back_in_stock", 3, 300, 300],
      ["new", 5, null, 500],
      ["gone", 4, 400, null],
    ]);
  });

  it("an item whose stock the service does not count is not sold out", () => {
    const before = summarise([entry(1, 100, null)], 1);
    expect(compareSummaries(before, summarise([entry(1, 100, null)], 2))).toEqual([]);
  });
});
