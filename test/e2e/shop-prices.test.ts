/**
 * Selling prices through main() (test/support/run-main.ts) against the emulator: markup rules kept
 * in the profile, the most specific winning, rounding up; the price list for customers in each
 * format; and the selling price in force kept in the journal with each purchase.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { journalRecords, resellerInProcess, type Reseller } from "./commands-harness.js";

const harness = useEmulator();
let shop: Reseller;
beforeAll(() => {
  shop = resellerInProcess(harness);
});
afterAll(() => rmSync(shop.configDir, { recursive: true, force: true }));

const ok = async (args: string[], mode?: "json" | "plain" | "table") => {
  const r = await shop.run(args, mode ? { mode } : {});
  expect(r.exitCode, r.stderr).toBe(0);
  return r;
};

/** The emulator's prices: Pulsa Telkomsel 5.000 costs Rp 6.500, 10.000 Rp 11.500; Netflix Sharing Rp 35.000. */
const sellingOf = async (): Promise<Map<number, any>> =>
  new Map((await ok(["prices"], "json")).json().items.map((i: any) => [i.id, i]));

describe("prices", () => {
  it("without rules: every item at cost, no selling price, and the list says how to set one", async () => {
    const items = await sellingOf();
    expect(items.get(12)).toMatchObject({ price: 11_500, selling_price: null, margin: null, rule: null });
    const table = await ok(["prices", "--search", "telkomsel"], "table");
    expect(table.stderr).toContain("prices set --markup");
  });

  it("a markup for every item, a product and an item: the most specific wins, rounded up to the multiple", async () => {
    await ok(["prices", "set", "--markup", "10%", "--round", "500"]);
    await ok(["prices", "set", "--markup", "2.000", "--product", "pulsa telkomsel"]);
    await ok(["prices", "set", "--markup", "1,5rb", "--item", "12"]);
    const items = await sellingOf();
    // Item 12: its own rule, +1.500 on Rp 11.500, no rounding.
    expect(items.get(12)).toMatchObject({ selling_price: 13_000, margin: 1_500, rule: "item 12" });
    // Item 11, a Telkomsel product: +2.000.
    expect(items.get(11)).toMatchObject({ selling_price: 8_500, margin: 2_000, rule: "product pulsa telkomsel" });
    // Netflix Sharing: 10% of Rp 35.000 is Rp 38.500, already a multiple of 500.
    expect(items.get(1)).toMatchObject({ selling_price: 38_500, rule: "every item" });
    // Pulsa XL 10.000 at Rp 11.200: +10% is Rp 12.320, rounded up to Rp 12.500.
    expect(items.get(15)).toMatchObject({ selling_price: 12_500, margin: 1_300 });

    const piped = await ok(["prices", "--search", "telkomsel"]);
    expect(piped.stdout.split("\n")[1]).toBe("12\tPulsa\tPulsa Telkomsel\t10.000\t11500\t13000\t1500\t1");

    const rules = await ok(["prices", "rules"]);
    expect(rules.stdout).toBe("item\t12\t1500\t\t\nproduct\tpulsa telkomsel\t2000\t\t\nall\t\t10%\t500\t\n");

    // A rule set again for the same items replaces the old one.
    await ok(["prices", "set", "--markup", "1000", "--item", "12"]);
    expect((await sellingOf()).get(12).selling_price).toBe(12_500);

    await ok(["prices", "unset", "--item", "12"]);
    expect((await sellingOf()).get(12)).toMatchObject({ selling_price: 13_500, rule: "product pulsa telkomsel" });
    const none = await shop.run(["prices", "unset", "--item", "12"]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain("no selling-price rule for item 12");
  });

  it("a category's rule, set and unset with --category (also the list's own filter)", async () => {
    await ok(["prices", "set", "--markup", "3000", "--category", "Sosial Media"]);
    const rules = (await ok(["prices", "rules"], "json")).json().rules;
    expect(rules).toContainEqual({ scope: "category", name: "Sosial Media", amount: 3000 });
    // Instagram Followers at Rp 35 each, listed per its minimum order of 100: Rp 3.500 + Rp 3.000 from its
    // category, not the 10% for every item.
    expect((await sellingOf()).get(23)).toMatchObject({
      per: 100,
      selling_price: 6_500,
      rule: "category Sosial Media",
    });
    await ok(["prices", "unset", "--category", "sosial-media"]);
    expect((await sellingOf()).get(23).rule).toBe("every item");
  });

  it("refuses a markup that is not one, and two scopes at once, before saving anything", async () => {
    for (const args of [
      ["--markup", "10 persen"],
      ["--markup", "0%"],
      ["--markup", "5%", "--item", "12", "--product", "Netflix"],
    ]) {
      const r = await shop.run(["prices", "set", ...args]);
      expect(r.exitCode, args.join(" ")).toBe(2);
    }
    expect((await ok(["prices", "rules"], "json")).json().rules).toHaveLength(2);
  });

  it("a price list for customers in each format: selling prices only, never the cost", async () => {
    const text = (await ok(["prices", "--format", "text", "--search", "telkomsel"])).stdout;
    expect(text).toMatch(
      /^\*DAFTAR HARGA\*\nPer \d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}\n\n\*Pulsa Telkomsel\*\n- 5\.000: Rp 8\.500\n- 10\.000: Rp 13\.500\n- 25\.000: Rp 27\.800\n- 50\.000: Rp 52\.500\n\nHarga dapat berubah sewaktu-waktu\.\n$/,
    );
    expect(text).not.toContain("11.500");

    const csv = (await ok(["prices", "--format", "csv", "--search", "telkomsel"])).stdout;
    expect(csv.split("\r\n").slice(0, 3)).toEqual([
      "id,category,product,name,price,stock,per,min_order,open_amount",
      "11,Pulsa,Pulsa Telkomsel,5.000,8500,,1,1,",
      "12,Pulsa,Pulsa Telkomsel,10.000,13500,,1,1,",
    ]);

    const md = (await ok(["prices", "--format", "md", "--search", "netflix"], "table")).stdout;
    expect(md).toContain("## Netflix\n\n| Produk | Harga |\n|---|---:|\n| Premium 1 Bulan (Sharing) | Rp 38.500 |\n");
    expect(md).not.toContain("35.000");
  });

  it("keeps the selling price in force with each purchase; a later rule does not rewrite it", async () => {
    await ok(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--yes"]);
    await ok(["prices", "set", "--markup", "9000", "--product", "Pulsa Telkomsel"]);
    const intents = journalRecords(shop.configDir).filter((r) => r.type === "intent");
    expect((intents.at(-1) as any).request.selling_prices).toEqual([13_500]);
    expect((await sellingOf()).get(12).selling_price).toBe(20_500);
  });

  it("keeps the selling price with each row an orders file buys", async () => {
    const file = join(shop.configDir, "orders.csv");
    writeFileSync(file, ["item_id,quantity,note", "12,1,081234567891"].join("\n"));
    await ok(["buy", "--file", file, "--yes"]);
    const intents = journalRecords(shop.configDir).filter((r) => r.type === "intent");
    expect((intents.at(-1) as any).request.selling_prices).toEqual([20_500]);
  });
});

describe("prices set and unset at once", () => {
  it("several rules saved together all land, and several removed together all go", async () => {
    const other = resellerInProcess(harness);
    try {
      const items = [1, 2, 3, 12, 13, 23];
      const set = await Promise.all(
        items.map((id) => other.run(["prices", "set", "--markup", "500", "--item", `${id}`])),
      );
      for (const r of set) expect(r.exitCode, r.stderr).toBe(0);
      const rules = (await other.run(["prices", "rules"], { mode: "json" })).json().rules;
      expect(rules.map((r: any) => r.item).sort((a: number, b: number) => a - b)).toEqual(items);
      const unset = await Promise.all(items.map((id) => other.run(["prices", "unset", "--item", `${id}`])));
      for (const r of unset) expect(r.exitCode, r.stderr).toBe(0);
      expect((await other.run(["prices", "rules"], { mode: "json" })).json().rules).toEqual([]);
    } finally {
      rmSync(other.configDir, { recursive: true, force: true });
    }
  });
});
