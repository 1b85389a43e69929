/**
 * A price list customers can trust, through main() (test/support/run-main.ts) against the emulator
 * in the live dialects: an item priced per unit is listed per pack (`--per` on its rule, else its
 * minimum order), an open amount as the amount named plus a marked-up fee, a minimum order named,
 * the stock filled in; the markup and rounding applied to what is listed. The same items in text,
 * md, csv and --json.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dialect } from "../../src/api/wire.js";
import { useEmulator } from "../support/emulator.js";
import { journalRecords, resellerInProcess, type Reseller } from "./commands-harness.js";

/** The list's date line is today's: the rest is the golden. */
const undated = (text: string) => text.replace(/^(Per|_Per) \d{1,2} \S+ \d{4}(_?)$/m, "$1 DATE$2");

describe.each<Dialect>(["live", "live-short"])("speaking %s", (dialect) => {
  const harness = useEmulator({ dialect });
  let shop: Reseller;
  beforeAll(async () => {
    shop = resellerInProcess(harness);
    // 23: Instagram Followers at Rp 35 each, minimum 100; 26: YouTube Subscribers at Rp 450, minimum 100;
    // 28: Gmail at Rp 3.500, minimum 5, 60 in stock; 1: Netflix Sharing at Rp 35.000, 12 in stock;
    // 29: Saldo DANA Bebas Nominal, the amount named plus a fee of Rp 1.000.
    const rules = [
      ["--item", "23", "--per", "1000"],
      ["--item", "26"],
      ["--item", "28"],
      ["--item", "1"],
      ["--item", "29"],
    ];
    for (const scope of rules) {
      const r = await shop.run(["prices", "set", "--markup", "10%", "--round", "500", ...scope]);
      expect(r.exitCode, r.stderr).toBe(0);
    }
  });
  afterAll(() => rmSync(shop.configDir, { recursive: true, force: true }));

  const list = async (format: string, extra: string[] = []) => {
    const r = await shop.run(["prices", "--format", format, ...extra]);
    expect(r.exitCode, r.stderr).toBe(0);
    return r.stdout;
  };

  it("text: per pack, the open amount's fee, the minimum named", async () => {
    expect(undated(await list("text"))).toBe(
      [
        "*DAFTAR HARGA*",
        "Per DATE",
        "",
        "*Netflix*",
        "- Premium 1 Bulan (Sharing): Rp 38.500",
        "",
        "*DANA*",
        "- Saldo DANA Bebas Nominal: nominal + Rp 1.500",
        "",
        "*Instagram*",
        "- 1.000 Followers Indonesia: Rp 38.500",
        "",
        "*YouTube*",
        "- 100 Subscribers: Rp 49.500",
        "",
        "*Gmail*",
        "- Akun Gmail Fresh (grosir): Rp 4.000 (min. 5)",
        "",
        "Harga dapat berubah sewaktu-waktu.",
        "",
      ].join("\n"),
    );
    const english = await list("text", ["--lang", "en"]);
    expect(english).toContain("- Saldo DANA Bebas Nominal: amount + Rp 1.500\n");
    expect(english).toContain("- Akun Gmail Fresh (grosir): Rp 4.000 (min. 5)\n");
  });

  it("md: the same prices in a table per product", async () => {
    const md = undated(await list("md"));
    expect(md).toContain("| Saldo DANA Bebas Nominal | nominal + Rp 1.500 |\n");
    expect(md).toContain("| 1.000 Followers Indonesia | Rp 38.500 |\n");
    expect(md).toContain("| 100 Subscribers | Rp 49.500 |\n");
    expect(md).toContain("| Akun Gmail Fresh (grosir) | Rp 4.000 (min. 5) |\n");
    expect(md).toContain("| Premium 1 Bulan (Sharing) | Rp 38.500 |\n");
  });

  it("csv: the price for `per` units, the stock counted, the minimum, the open amount flagged", async () => {
    expect(await list("csv")).toBe(
      [
        "id,category,product,name,price,stock,per,min_order,open_amount",
        "1,Aplikasi Premium,Netflix,Premium 1 Bulan (Sharing),38500,12,1,1,",
        "29,E-Wallet,DANA,Saldo DANA Bebas Nominal,1500,,,1,1",
        "23,Sosial Media,Instagram,Followers Indonesia,38500,,1000,100,",
        "26,Sosial Media,YouTube,Subscribers,49500,,100,100,",
        "28,Akun,Gmail,Akun Gmail Fresh (grosir),4000,60,1,5,",
        "",
      ].join("\r\n"),
    );
  });

  it("--json and piped rows: the selling price and margin of the pack, with the units they are for", async () => {
    const items = new Map<number, any>(
      (await shop.run(["prices"], { mode: "json" })).json().items.map((i: any) => [i.id, i]),
    );
    expect(items.get(23)).toMatchObject({ price: 35, per: 1000, cost: 35_000, selling_price: 38_500, margin: 3_500 });
    expect(items.get(26)).toMatchObject({ per: 100, cost: 45_000, selling_price: 49_500, margin: 4_500 });
    expect(items.get(28)).toMatchObject({ per: 1, min_order: 5, stock: 60, selling_price: 4_000 });
    expect(items.get(29)).toMatchObject({ per: null, cost: 1_000, selling_price: 1_500, margin: 500 });
    const piped = (await shop.run(["prices", "--search", "followers"])).stdout;
    expect(piped).toBe("23\tSosial Media\tInstagram\tFollowers Indonesia\t35000\t38500\t3500\t1000\n");
  });

  it("a sale is priced as the list says: an open amount at the amount plus the marked-up fee", async () => {
    const note = JSON.stringify({ target: "081234567890", provider_qty: 50_000 });
    const r = await shop.run(["buy", "--item", "29", "--qty", "1", "--note", note, "--yes"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const intents = journalRecords(shop.configDir).filter((record) => record.type === "intent");
    expect((intents.at(-1) as any).request.selling_prices).toEqual([51_500]);
  });
});
