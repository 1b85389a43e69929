/**
 * A cart and alternatives: a cart is bought whole in one transaction, so `buy --cart --alternatives`
 * is refused before anything is sent, saying why and what to do instead; and a cart refused because
 * one of its items is disrupted names that line and its alternatives (not its first line's), without
 * telling the reseller to buy the cart with --alternatives.
 */
import { afterEach, describe, expect, it } from "vitest";
import { useEmulator, type Harness } from "../support/emulator.js";
import { englishIn, indonesian } from "../support/language.js";
import { resellerInProcess, writeCart, type Reseller } from "./commands-harness.js";

const english = { LANG: "en_US.UTF-8" };

function refs(harness: Harness, reseller: Reseller): string[] {
  return harness.accountOf(reseller.apiKey).transactions.map((t) => t.ref_id);
}

describe("a cart and alternatives", () => {
  const harness = useEmulator();
  afterEach(() => harness.emulator.setItemAvailable(13, true));

  it("buy --cart --alternatives is exit 2, nothing sent, saying why and what to do instead, in both languages", async () => {
    const shop = resellerInProcess(harness);
    expect((await shop.run(["alternatives", "set", "13", "12"])).exitCode).toBe(0);
    const cart = writeCart(shop, [
      { item_id: 11, quantity: 1, note: "081234567911" },
      { item_id: 13, quantity: 1, note: "081234567912" },
    ]);
    const before = refs(harness, shop);

    const refused = await shop.run(["buy", "--cart", cart, "--yes", "--alternatives"], { env: english });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/--cart does not take --alternatives: a cart is bought whole, in one transaction/);
    expect(refused.stderr).toMatch(
      /^Hint: Buy the lines as rows of an orders file \(`buy --file FILE --alternatives`/m,
    );

    const plan = await shop.run(["buy", "--cart", cart, "--alternatives", "--plan"], { env: english });
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain("--cart does not take --alternatives");

    const json = await shop.run(["buy", "--cart", cart, "--yes", "--alternatives"], { mode: "json" });
    expect(json.exitCode).toBe(2);
    expect(json.errorJson().error).toMatchObject({
      code: "INVALID_INPUT",
      suggestion: expect.stringContaining("buy --file FILE --alternatives"),
    });

    const bahasa = await shop.run(["buy", "--cart", cart, "--yes", "--alternatives"], { env: indonesian });
    expect(bahasa.exitCode).toBe(2);
    expect(bahasa.stderr).toMatch(/^Gagal: --cart tidak bisa dengan --alternatives: keranjang dibeli utuh/m);
    expect(bahasa.stderr).toMatch(/^Saran: Beli baris-barisnya sebagai baris file order/m);
    expect(englishIn(bahasa.stderr)).toEqual([]);
    expect(refs(harness, shop)).toEqual(before);
  });

  it("a cart refused for its disrupted line names that line's alternatives, in both languages and in --json", async () => {
    const shop = resellerInProcess(harness);
    expect((await shop.run(["alternatives", "set", "13", "12"])).exitCode).toBe(0);
    expect((await shop.run(["alternatives", "set", "11", "14"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(13, false);
    const cart = writeCart(shop, [
      { item_id: 11, quantity: 1, note: "081234567921" },
      { item_id: 13, quantity: 1, note: "081234567922" },
    ]);
    const before = harness.accountOf(shop.apiKey).balance;

    const refused = await shop.run(["buy", "--cart", cart, "--yes"], { env: english });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("PRODUCT_TEMPORARILY_UNAVAILABLE");
    expect(refused.stderr).toMatch(
      /^Hint: Disrupted in this cart: cart line 2 \(Pulsa Telkomsel 25\.000\), alternatives: item 12\. A cart is bought whole/m,
    );
    // Line 1 is not disrupted: its alternatives are not named, and the cart is never told to take --alternatives.
    expect(refused.stderr).not.toContain("item 14");
    expect(refused.stderr).not.toMatch(/Buy again with --alternatives/);

    const json = await shop.run(["buy", "--cart", cart, "--yes"], { mode: "json" });
    expect(json.exitCode).toBe(1);
    expect(json.errorJson().error.details).toMatchObject({
      outcome: "refused",
      disrupted: [{ line: 2, item_id: 13, alternatives: [12] }],
    });

    const bahasa = await shop.run(["buy", "--cart", cart, "--yes"], { env: indonesian });
    expect(bahasa.exitCode).toBe(1);
    expect(bahasa.stderr).toMatch(
      /^Saran: Yang gangguan di keranjang ini: keranjang baris 2 \(Pulsa Telkomsel 25\.000\), pengganti: varian 12\./m,
    );
    expect(harness.accountOf(shop.apiKey).balance).toBe(before);
  });
});
