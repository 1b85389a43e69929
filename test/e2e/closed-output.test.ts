/**
 * A purchase whose reader goes away: `reseller buy --file orders.csv | head -1`, or `2>&1 | head -1`.
 * The orders were asked for, so the run goes on to its end with every answer recorded, and exits by
 * the orders. Before, a closed stdout ended the process at once with exit 0, an order in flight
 * left unknown and the rest of the file never sent; a closed stderr threw, exit 1 for a purchase
 * that was made, its result never printed.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { expectBoughtOnceAndRecorded, resellerAs, writeOrders } from "./commands-harness.js";

const harness = useEmulator();

describe("a purchase whose output is closed early", () => {
  it("buy --file with stdout closed after the first row: every order bought and recorded, exit by the orders", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    const refs = Array.from({ length: 6 }, (_, i) => `closed-out-${i + 1}`);
    const orders = writeOrders(reseller, refs, (_, i) => `27,1,logo ${i}`);

    const running = reseller.start(["buy", "--file", orders, "--yes", "--concurrency", "1"], { mode: "json" });
    // As `| head -1` does: the reader leaves once it has the first line.
    running.child.stdout!.once("data", () => running.child.stdout!.destroy());
    const run = await running.done;
    expect(run.exitCode, run.stderr).toBe(0);

    await expectBoughtOnceAndRecorded(harness, reseller, "closed-out-", refs, "bought");
  });

  it("a single buy with stderr closed after its first message: exit 0, the result on stdout", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    const running = reseller.start([
      "buy",
      "--item",
      "27",
      "--qty",
      "1",
      "--note",
      "logo",
      "--ref-id",
      "closed-err-1",
      "--yes",
    ]);
    running.child.stderr!.once("data", () => running.child.stderr!.destroy());
    const run = await running.done;
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("closed-err-1");
    const recorded = await reseller.run(["history", "--no-refresh"], { mode: "json" });
    expect(recorded.json().map((e: { ref_id: string; verdict: string }) => [e.ref_id, e.verdict])).toEqual([
      ["closed-err-1", "bought"],
    ]);
  });
});
