/**
 * Bulk receipts whole: each receipt `buy --file --receipts FILE` writes is the one `receipt REF --wa`
 * prints, a row skipped as already bought included (its selling price), a game top-up with the
 * account name the check found, and each with its wa.me link. Through the built binary against the
 * emulator in both live dialects.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dialect } from "../../src/api/wire.js";
import { useEmulator } from "../support/emulator.js";
import { resellerAs, whileAdvancing, type Reseller } from "./commands-harness.js";

describe.each<Dialect>(["live", "live-short"])("speaking %s", (dialect) => {
  const harness = useEmulator({ dialect });
  let shop: Reseller;
  beforeAll(async () => {
    shop = resellerAs(harness);
    expect((await shop.run(["prices", "set", "--markup", "10%", "--round", "500"])).exitCode).toBe(0);
  });
  afterAll(() => rmSync(shop.configDir, { recursive: true, force: true }));

  const bulk = async (orders: string, receipts: string) => {
    const r = await whileAdvancing(
      harness.emulator,
      shop.run(["buy", "--file", orders, "--receipts", receipts, "--wait", "--yes"], { mode: "json" }),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    return r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
  };

  it("a second run's receipts: the row bought before with its price, the game's account name, wa.me links", async () => {
    const orders = join(shop.configDir, "orders.csv");
    const pulsa = "12,1,081234567890";
    writeFileSync(orders, `item_id,quantity,note\n${pulsa}\n`);
    await bulk(orders, join(shop.configDir, "first.txt"));
    // The same file with a game top-up added: the first row is recognised as bought, not sent again.
    writeFileSync(orders, `item_id,quantity,note\n${pulsa}\n21,1,12345678(1234)\n`);
    const file = join(shop.configDir, "second.txt");
    const results = await bulk(orders, file);
    expect(results.map((r) => r.sent)).toEqual([false, true]);

    const receipts = readFileSync(file, "utf8").split("\n====================\n\n");
    expect(receipts).toHaveLength(2);
    for (const [i, result] of results.entries()) {
      const single = await shop.run(["receipt", result.ref_id, "--wa"]);
      expect(single.exitCode, single.stderr).toBe(0);
      expect(receipts[i]).toBe(single.stdout);
    }
    // What `receipt REF` shows, now in the file too: the price of the row bought before, the account name, the links.
    expect(receipts[0]).toContain("\nHarga: Rp 13.000\n");
    expect(receipts[0]).toMatch(/\nhttps:\/\/wa\.me\/6281234567890\?text=/);
    expect(receipts[1]).toMatch(/\nNama: \S/);
    expect(receipts[1]).toMatch(/\nhttps:\/\/wa\.me\/\?text=/);
  });
});
