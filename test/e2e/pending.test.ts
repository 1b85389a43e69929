/**
 * `reseller pending`: the orders not final, oldest first; `--once` for cron (exit 0 none, 1 some, 5
 * an outcome unknown), handing each ended order on once; an order never made found as such. The
 * emulator's clock completes manual orders later. `--follow` is in pending-follow.test.ts.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/emulator/server.js";
import { buyOne } from "../support/cli.js";
import { useEmulator, type Harness } from "../support/emulator.js";
import { pipedRows, resellerInProcess } from "./commands-harness.js";
import { answersLost, bought, manualOrder, receiptsIn } from "./pending-harness.js";

const dialects = ["live", "live-short"] as const;
const harnesses = Object.fromEntries(
  dialects.map((dialect) => [dialect, useEmulator({ dialect, clock: manualClock(Date.now()) })]),
) as Record<(typeof dialects)[number], Harness>;

// Each dialect has an emulator of its own (its clock, its faults): its tests run one after another,
// beside the other dialect's, so one's waits for deliveries and retries pass while the other runs.
describe.concurrent.each(dialects)("against the %s dialect", (dialect) => {
  describe.sequential("pending", () => {
    it("lists orders not final oldest first; --once hands on what ended and exits 1 while some are pending, 0 after", async () => {
      const harness = harnesses[dialect];
      const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
      await bought(reseller, manualOrder(`once-manual-${dialect}`));
      await bought(reseller, buyOne(12, "081234567890", "--ref-id", `once-h2h-${dialect}`, "--yes"));

      const list = await reseller.run(["pending"]);
      expect(list.exitCode, list.stderr).toBe(0);
      const rows = pipedRows(list.stdout);
      expect(rows.map((r) => [r[1], r[3]])).toEqual([
        [`once-manual-${dialect}`, "bought"],
        [`once-h2h-${dialect}`, "bought"],
      ]);
      // Waited seconds, then the amount and the order's lines.
      expect(Number(rows[0]![5])).toBeGreaterThanOrEqual(0);
      expect(rows[0]!.slice(7)).toEqual(["27", "1", "logo toko"]);
      const json = await reseller.run(["pending"], { mode: "json" });
      expect(json.json().map((o: any) => [o.ref_id, o.outcome])).toEqual([
        [`once-manual-${dialect}`, "bought"],
        [`once-h2h-${dialect}`, "bought"],
      ]);

      const none = await reseller.run(["pending", "--once"]);
      expect(none.exitCode, none.stderr).toBe(1);
      expect(none.stdout).toBe("");

      // The pulsa is dispatched 5 s after it was bought; the manual order is done after 5 minutes.
      harness.emulator.clock.advance(6_000);
      const first = await reseller.run(["pending", "--once"]);
      expect(first.exitCode, first.stderr).toBe(1);
      expect(pipedRows(first.stdout).map((r) => [r[1], r[3]])).toEqual([[`once-h2h-${dialect}`, "delivered"]]);
      expect(first.stderr).toContain("1 order not delivered yet.");

      harness.emulator.clock.advance(5 * 60_000);
      const second = await reseller.run(["pending", "--once"], { mode: "json" });
      expect(second.exitCode, second.stderr).toBe(0);
      const ended = second.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(ended).toEqual([
        expect.objectContaining({ ref_id: `once-manual-${dialect}`, outcome: "delivered", net: 75_000 }),
      ]);
      // What the customer gets: the seller's note of the manual order.
      expect(ended[0].hand_over).toHaveLength(1);

      // Handed on once: the next pass has nothing to say.
      const again = await reseller.run(["pending", "--once"]);
      expect(again.exitCode).toBe(0);
      expect(again.stdout).toBe("");
      expect((await reseller.run(["pending"])).stdout).toBe("");
    });

    it("--once exits 5 while an answer stays lost; the order then found bought is followed until delivered", async () => {
      const harness = harnesses[dialect];
      const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
      const before = harness.accountOf(reseller.apiKey).balance;
      // The purchase is made, every answer about it lost: exit 5, the outcome unknown.
      await answersLost(harness, reseller, "after", buyOne(12, "081234567890", "--ref-id", `lost-${dialect}`, "--yes"));
      // The service still unreachable: still unknown, exit 5.
      harness.emulator.faults.configure({ down: true });
      const unknown = await reseller.run(["pending", "--once"]);
      expect(unknown.exitCode, unknown.stderr).toBe(5);
      expect(unknown.stderr).toContain("1 outcome still unknown.");
      expect(pipedRows((await reseller.run(["pending"])).stdout).map((r) => [r[1], r[3]])).toEqual([
        [`lost-${dialect}`, "unknown"],
      ]);
      harness.emulator.faults.reset();

      // Found: bought, not delivered yet.
      const found = await reseller.run(["pending", "--once"]);
      expect(found.exitCode, found.stderr).toBe(1);
      expect(found.stdout).toBe("");
      expect(pipedRows((await reseller.run(["pending"])).stdout).map((r) => [r[1], r[3]])).toEqual([
        [`lost-${dialect}`, "bought"],
      ]);

      harness.emulator.clock.advance(6_000);
      const done = await reseller.run(["pending", "--once"]);
      expect(done.exitCode, done.stderr).toBe(0);
      expect(pipedRows(done.stdout).map((r) => [r[1], r[3]])).toEqual([[`lost-${dialect}`, "delivered"]]);
      // Bought once, not twice.
      expect(harness.accountOf(reseller.apiKey).balance).toBe(before - 11_500);
    });
  });

  describe.sequential("many orders pending", () => {
    it("a pass reads the service's list once and looks up only the orders whose status moved", async () => {
      const harness = harnesses[dialect];
      const reseller = resellerInProcess(harness, harness.apiKeyOf("Mitra Top Up Nusantara"));
      const orders = join(reseller.configDir, "orders.csv");
      const refs = Array.from({ length: 10 }, (_, i) => `many-${dialect}-${i}`);
      writeFileSync(
        orders,
        `item_id,quantity,note,ref_id\n${refs.map((ref, i) => `27,1,logo ${i},${ref}`).join("\n")}\n`,
      );
      await bought(reseller, ["buy", "--file", orders, "--yes"]);
      const requests = () => harness.requests.length;
      const asked = (from: number) => {
        const lines = harness.requests.slice(from);
        return {
          list: lines.filter((l) => /^GET \/v1\/trx\?/.test(l)).length,
          lookUps: lines.filter((l) => l.startsWith(`GET /v1/trx/many-${dialect}-`)).length,
        };
      };
      // The first pass writes down each order's status as the list words it.
      expect((await reseller.run(["pending", "--once"])).exitCode).toBe(1);
      const from = requests();
      const quiet = await reseller.run(["pending", "--once"]);
      expect(quiet.exitCode, quiet.stderr).toBe(1);
      expect(asked(from)).toEqual({ list: 1, lookUps: 0 });

      harness.emulator.clock.advance(5 * 60_000);
      const later = requests();
      const done = await reseller.run(["pending", "--once"]);
      expect(done.exitCode, done.stderr).toBe(0);
      expect(
        pipedRows(done.stdout)
          .map((r) => r[1])
          .sort(),
      ).toEqual([...refs].sort());
      expect(asked(later)).toEqual({ list: 1, lookUps: 10 });
    });
  });

  describe.sequential("an answer lost before the service took it", () => {
    it("pending finds it never made: not_sent, its line and its command, no receipt; safe to buy again with the same ref_id", async () => {
      const harness = harnesses[dialect];
      const reseller = resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));
      const before = harness.accountOf(reseller.apiKey).balance;
      await answersLost(
        harness,
        reseller,
        "before",
        buyOne(12, "081234567895", "--ref-id", `never-${dialect}`, "--yes"),
      );
      harness.emulator.faults.reset();
      const receipts = join(reseller.configDir, "receipts.txt");
      const stdin = join(reseller.configDir, "stdin.json");
      const once = await reseller.run(["pending", "--once", "--receipts", receipts, "--exec", `cat > '${stdin}'`], {
        mode: "table",
      });
      expect(once.exitCode, once.stderr).toBe(0);
      expect(once.stdout).toContain(`never-${dialect}`);
      expect(once.stdout).toContain("safe to buy again with the same ref_id");
      expect(JSON.parse(readFileSync(stdin, "utf8"))).toMatchObject({ outcome: "not_sent", net: 0 });
      expect(receiptsIn(receipts)).toEqual([]);
      expect(harness.accountOf(reseller.apiKey).balance).toBe(before);
    });
  });
});
