/**
 * Receipts and the books from answers shaped like each dialect the service speaks (the live
 * reference, its short guide, the spec): an H2H serial, a partly delivered SMM order, and a report
 * whose spent is the balance's movement.
 */
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/emulator/dialect.js";
import { useEmulator } from "../support/emulator.js";
import { zoneAtMidday } from "../support/midday.js";
import { resellerInProcess, whileAdvancing } from "./commands-harness.js";

// The books kept where it is midday: the shop's day in Jakarta could end between a purchase and
// the report that counts it (test/support/midday.ts).
const midday = { RESELLER_TIME_ZONE: zoneAtMidday() };

for (const dialect of ["live-short", "spec"] as Dialect[]) {
  describe(`the shop in the ${dialect} dialect`, () => {
    const harness = useEmulator({ dialect });

    it("receipts name the serial and the part delivered; the report's spent is the balance's movement", async () => {
      const shop = resellerInProcess(harness);
      expect((await shop.run(["prices", "set", "--markup", "2000"])).exitCode).toBe(0);
      const before = harness.accountOf().balance;
      const buy = async (args: string[], exitCode: number) => {
        const r = await whileAdvancing(harness.emulator, shop.run(["buy", ...args, "--wait", "--yes"]), 10, 150);
        expect(r.exitCode, r.stderr).toBe(exitCode);
      };
      await buy(["--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", `d-h2h-${dialect}`], 0);
      await buy(
        ["--item", "23", "--qty", "300", "--target", "https://instagram.com/partial_d", "--ref-id", `d-smm-${dialect}`],
        1,
      );
      const after = harness.accountOf().balance;

      const h2h = (await shop.run(["receipt", `d-h2h-${dialect}`], { mode: "json" })).json();
      expect(h2h).toMatchObject({ status: "success", total: 13_500 });
      expect(h2h.lines[0].serials[0]).toMatch(/^\d{10,}$/);
      expect(h2h.text).toContain(`\nSN: ${h2h.lines[0].serials[0]}\n`);

      const smm = (await shop.run(["receipt", `d-smm-${dialect}`, "--lang", "en"], { mode: "json" })).json();
      expect(smm).toMatchObject({ status: "partial", status_text: "PARTLY DELIVERED — the rest refunded" });
      expect(smm.refund).toBeGreaterThan(0);
      expect(smm.refund).toBeLessThan(smm.total);

      const books = (await shop.run(["report", "--refresh"], { mode: "json", env: midday })).json();
      expect(books.by_verdict).toMatchObject({ delivered: 1, partial: 1 });
      expect(books.spent).toBe(before - after);
      expect(books.profit).toBe(books.revenue - books.spent);
    });
  });
}
