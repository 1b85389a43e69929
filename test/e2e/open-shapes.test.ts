/**
 * The two open shapes of real-service-notes §13, behind the emulator's switches. An unlimited
 * item's stock may come as null, with no field at all, or as -1: each reads as unlimited, in the
 * item's page and the catalogue list, in every dialect. A top-up requested with a ref_id of its own
 * may be looked up as a transaction: `trx show` reads it as one, paid once paid.
 */
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/emulator/dialect.js";
import type { UnlimitedStock } from "../../src/emulator/faults.js";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess } from "./commands-harness.js";

const dialects: Dialect[] = ["live", "live-short", "spec"];
const shapes: UnlimitedStock[] = ["null", "missing", "minus_one"];

for (const dialect of dialects) {
  describe(`an unlimited item's stock, ${dialect}`, () => {
    const harness = useEmulator({ dialect });
    for (const shape of shapes) {
      it(`stock ${shape}: unlimited in item and items`, async () => {
        harness.emulator.faults.configure({ unlimited_stock: shape });
        try {
          const reseller = resellerInProcess(harness);
          // What the service sends, to be sure the switch is in force.
          const raw = (await (
            await fetch(`${harness.emulator.baseUrl}/v1/item/11`, {
              headers: { "X-APIKEY": harness.emulator.demoApiKey, Accept: "application/json" },
            })
          ).json()) as { data: Record<string, unknown> };
          if (shape === "missing") expect(raw.data).not.toHaveProperty("stock");
          else expect(raw.data.stock).toBe(shape === "null" ? null : -1);

          const item = await reseller.run(["item", "11"]);
          expect(item.exitCode, item.stderr).toBe(0);
          expect(item.stdout).toMatch(/\bunlimited\b/);
          const items = await reseller.run(["items", "--search", "Telkomsel", "--refresh"]);
          expect(items.exitCode, items.stderr).toBe(0);
          const rows = items.stdout.trim().split("\n");
          expect(rows.length).toBeGreaterThan(0);
          for (const row of rows) expect(row.split("\t")).toContain("unlimited");
          // A large quantity of it is never stopped as sold out before paying.
          const buy = await reseller.run(["buy", "--item", "11", "--qty", "3", "--note", "081277779001", "--yes"]);
          expect(buy.exitCode, buy.stderr).toBe(0);
        } finally {
          harness.emulator.faults.reset();
        }
      });
    }
  });
}

describe("a top-up looked up by its ref_id", () => {
  const harness = useEmulator();
  it("with the top_up_trx switch, trx show reads a top-up as a transaction: pending, then paid", async () => {
    harness.emulator.faults.configure({ top_up_trx: true });
    try {
      const reseller = resellerInProcess(harness);
      // A shop bot's request, with a ref_id of its own (the tool's own flow sends none).
      const made = await fetch(`${harness.emulator.baseUrl}/v1/balance`, {
        method: "POST",
        headers: {
          "X-APIKEY": harness.emulator.demoApiKey,
          Accept: "application/json",
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ amount: 20_000, channel: "QRIS", ref_id: "TOPUP-BOT-1" }),
      });
      expect(made.status).toBe(200);
      const pending = await reseller.run(["trx", "show", "TOPUP-BOT-1"]);
      expect(pending.exitCode, pending.stderr).toBe(0);
      expect(pending.stdout).toMatch(/^transaction\tDEP\S+\tTOPUP-BOT-1\tpending\t20\d{3}\t/m);
      const token = harness.accountOf().top_ups.at(-1)!.payment_token;
      expect((await fetch(`${harness.emulator.baseUrl}/pay/${token}`, { method: "POST" })).status).toBeLessThan(400);
      const paid = await reseller.run(["trx", "show", "TOPUP-BOT-1", "--json"]);
      expect(paid.exitCode, paid.stderr).toBe(0);
      expect(paid.json().data).toMatchObject({ ref_id: "TOPUP-BOT-1", status: "paid", items: [] });
      // Without the switch the service knows no such transaction.
      harness.emulator.faults.reset();
      expect((await reseller.run(["trx", "show", "TOPUP-BOT-1"])).exitCode).toBe(1);
    } finally {
      harness.emulator.faults.reset();
    }
  });
});
