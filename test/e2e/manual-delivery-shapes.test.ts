/**
 * A manual item delivers a seller's note. The live service's detail names each item's process in the
 * reference's shape, and names none in the short guide's: in both, the note reaches the customer's
 * receipt and what a bulk run hands over.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/emulator/dialect.js";
import { useEmulator } from "../support/emulator.js";
import { resellerAs } from "./commands-harness.js";

const delivered = "Joki selesai, akun sudah Legend V. Silakan ganti password akun Anda.";

for (const dialect of ["live", "live-short"] as Dialect[]) {
  describe(`a manual item's delivery in the ${dialect} dialect`, () => {
    const harness = useEmulator({ dialect });

    it("is on the customer's receipt and among what a bulk run hands over", async () => {
      const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
      const ref = `manual-${dialect}`;
      const bought = await reseller.run([
        "buy",
        "--item",
        "10",
        "--qty",
        "1",
        "--note",
        "akun: joki@contoh.id",
        "--ref-id",
        ref,
        "--yes",
      ]);
      expect(bought.exitCode, bought.stderr).toBe(0);
      harness.emulator.clock.advance(300_000);
      // The service completes a manual order once its time has passed, on the next look.
      const shown = (await reseller.run(["trx", "show", ref, "--json"])).json();
      expect(shown.data?.status ?? shown.status).toBe("completed");

      const receipt = (await reseller.run(["receipt", ref, "--json"])).json();
      expect(receipt.lines[0].seller_note).toBe(delivered);

      // The same order in a file: bought before, so nothing is sent, and --wait shows what it delivered.
      const orders = join(reseller.configDir, "orders.csv");
      writeFileSync(orders, `item_id,quantity,note,ref_id\n10,1,akun: joki@contoh.id,${ref}\n`);
      const bulk = await reseller.run(["buy", "--file", orders, "--wait", "--json"]);
      expect(bulk.exitCode, bulk.stderr).toBe(0);
      expect(JSON.parse(bulk.stdout.trim().split("\n")[0]!).hand_over).toEqual([delivered]);
    });
  });
}
