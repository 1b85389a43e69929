import { describe, expect, it } from "vitest";
import { applyRule, ruleFor, type PriceRule } from "../../src/shop/price-rules.js";
import { markup } from "../../src/rules/markup.js";

describe("selling-price rules", () => {
  it("reads a markup as a percentage or an amount typed the Indonesian way", () => {
    expect(markup("10%")).toEqual({ percent: 10 });
    expect(markup("7,5%")).toEqual({ percent: 7.5 });
    expect(markup("1.500")).toEqual({ amount: 1500 });
    expect(markup("1,5rb")).toEqual({ amount: 1500 });
    expect(() => markup("0%")).toThrow(/more than 0%/);
    expect(() => markup("10 persen")).toThrow();
  });

  it("adds the markup in whole rupiah, then rounds up to the multiple, never down", () => {
    expect(applyRule({ scope: "all", percent: 7.5 }, 11_500)).toBe(12_363);
    expect(applyRule({ scope: "all", percent: 10, round: 500 }, 11_200)).toBe(12_500);
    expect(applyRule({ scope: "all", percent: 10, round: 500 }, 35_000)).toBe(38_500);
    expect(applyRule({ scope: "all", amount: 2000, round: 1000 }, 11_500)).toBe(14_000);
  });

  it("lets the most specific rule win: item, product, category, every item", () => {
    const rules: PriceRule[] = [
      { scope: "all", percent: 10 },
      { scope: "category", name: "top-up-game", amount: 1000 },
      { scope: "product", name: "mobile legends", amount: 2000 },
      { scope: "item", item: 21, amount: 3000 },
    ];
    const item = (id: number, product: string) => ({ id, category: "Top Up Game", product, price: 10_000 });
    expect(ruleFor(rules, item(21, "Mobile Legends"))?.scope).toBe("item");
    expect(ruleFor(rules, item(22, "Mobile Legends"))?.scope).toBe("product");
    expect(ruleFor(rules, item(23, "Free Fire"))?.scope).toBe("category");
    expect(ruleFor(rules, { id: 1, category: "Pulsa", product: "XL", price: 1 })?.scope).toBe("all");
  });
});
