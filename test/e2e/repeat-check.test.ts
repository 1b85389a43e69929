/**
 * No unasked repeat: the same item, quantity and customer bought again within the repeat window is
 * refused where nobody can be asked (exit 2, nothing sent) unless --again, for a single buy, a cart
 * and a file; the customer compares in normal form (0812…, 62812… and +62 812-… are one number).
 * A file bought before keeps its derived ref_ids.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, writeCart } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";

const harness = useEmulator();
const onService = (apiKey: string) => harness.accountOf(apiKey).transactions.length;

describe("the repeat check", () => {
  it("a single buy for the same number in another spelling: refused under --yes, named, bought with --again", async () => {
    const apiKey = harness.apiKeyOf("Toko Makmur Jaya");
    const reseller = resellerInProcess(harness, apiKey);
    const first = await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234560001", "--yes"], {
      mode: "json",
    });
    expect(first.exitCode, first.stderr).toBe(0);
    const { invoice, ref_id } = first.json().data;
    const count = onService(apiKey);
    for (const spelling of ["6281234560001", "+62 812-3456-0001", " 0812 3456 0001 "]) {
      const again = await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", spelling, "--yes"]);
      expect(again.exitCode, again.stderr).toBe(2);
      expect(again.stderr).toContain(`invoice ${invoice}`);
      expect(again.stderr).toContain(`ref_id ${ref_id}`);
      expect(again.stderr).toMatch(/The same order was bought .*: .*\(invoice .*, ref_id .*, bought\)/);
      expect(again.stderr).toMatch(/--again/);
    }
    const json = await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "6281234560001", "--yes"], {
      mode: "json",
    });
    expect(json.errorJson().error).toMatchObject({
      code: "REPEATED_ORDER",
      details: { outcome: "not_sent", earlier_ref_id: ref_id, earlier_invoice: invoice },
    });
    // --no-input alone (no --yes) is refused the same way.
    const noInput = await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234560001"], {
      env: { RESELLER_NO_INPUT: "1" },
    });
    expect(noInput.exitCode).toBe(2);
    expect(onService(apiKey)).toBe(count);
    // Another quantity, or a window that ends before it, is another order.
    expect(
      (await reseller.run(["buy", "--item", "12", "--qty", "2", "--note", "081234560001", "--yes"])).exitCode,
    ).toBe(0);
    const bought = await reseller.run(buyOne(12, "+6281234560001", "--again", "--yes"));
    expect(bought.exitCode, bought.stderr).toBe(0);
    expect(onService(apiKey)).toBe(count + 2);
  });

  it("a cart bought again, its lines in another order: refused under --yes, bought with --again", async () => {
    const apiKey = harness.apiKeyOf("Berkah Pulsa Cell");
    const reseller = resellerInProcess(harness, apiKey);
    const cart = writeCart(reseller, [
      { item_id: 12, quantity: 1, note: "081234560002" },
      { item_id: 11, quantity: 1, note: "081234560003" },
    ]);
    expect((await reseller.run(["buy", "--cart", cart, "--yes"])).exitCode).toBe(0);
    const count = onService(apiKey);
    writeCart(reseller, [
      { item_id: 11, quantity: 1, note: "+62 812 3456 0003" },
      { item_id: 12, quantity: 1, note: "6281234560002" },
    ]);
    const again = await reseller.run(["buy", "--cart", cart, "--yes"]);
    expect(again.exitCode, again.stderr).toBe(2);
    expect(again.stderr).toMatch(/The same order was bought/);
    expect(onService(apiKey)).toBe(count);
    expect((await reseller.run(["buy", "--cart", cart, "--again", "--yes"])).exitCode).toBe(0);
    expect(onService(apiKey)).toBe(count + 1);
  });

  it("a 40-row file of 0812… bought, then the same file with +62812… under --no-input: nothing bought, consent asked", async () => {
    const apiKey = harness.apiKeyOf("Sinar Digital Store");
    const reseller = resellerInProcess(harness, apiKey);
    const numbers = Array.from({ length: 40 }, (_, i) => `8123457${String(i).padStart(4, "0")}`);
    const file = join(reseller.configDir, "orders.csv");
    writeFileSync(file, `item_id,quantity,note\n${numbers.map((n) => `12,1,0${n}`).join("\n")}\n`);
    const first = await reseller.run(["buy", "--file", file, "--yes"]);
    expect(first.exitCode, first.stderr).toBe(0);
    const count = onService(apiKey);
    const plus = join(reseller.configDir, "orders-plus.csv");
    writeFileSync(plus, `item_id,quantity,note\n${numbers.map((n) => `12,1,+62${n}`).join("\n")}\n`);
    const again = await reseller.run(["buy", "--file", plus], { env: { RESELLER_NO_INPUT: "1" } });
    expect(again.exitCode, again.stderr).toBe(2);
    expect(again.stderr).toMatch(/40 orders of this file match a purchase made in the last 48 h/);
    expect(onService(apiKey)).toBe(count);
    // The file bought before derives the same ref_ids as then: run again, it is settled, nothing sent.
    const rerun = await reseller.run(["buy", "--file", file, "--yes"]);
    expect(rerun.exitCode, rerun.stderr).toBe(0);
    expect(rerun.stderr).toMatch(/40 of them bought before, not sent again/);
    expect(onService(apiKey)).toBe(count);
  });
});
