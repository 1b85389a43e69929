/**
 * `buy --file … --jq` whose filter fails on one row's result: the orders are bought, so the run goes
 * on, every answer is written in the journal, and the exit code is the orders' (0 when all were
 * bought) with the filter's fault named on stderr, as a single buy does. Before, the failure tore the
 * run down with purchases in flight: their answers were not recorded and the run exited 1.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { expectBoughtOnceAndRecorded, resellerAs, writeOrders } from "./commands-harness.js";

const harness = useEmulator();

describe("buy --file with a --jq filter that fails on a row", () => {
  it("buys every row, records every answer, exits by the orders and names the filter's fault", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    const refs = Array.from({ length: 6 }, (_, i) => `jq-row-${i + 1}`);
    const orders = writeOrders(reseller, refs, (_, i) => `27,1,logo ${i}`);

    const run = await reseller.run([
      ...["buy", "--file", orders, "--yes", "--concurrency", "3"],
      ...["--jq", 'if .ref_id == "jq-row-2" then error("boom") else .ref_id end'],
    ]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout.trim().split("\n").sort()).toEqual(refs.filter((r) => r !== "jq-row-2"));
    expect(run.stderr).toContain("boom");
    expect(run.stderr).not.toContain("Could not write the journal");
    expect(run.stderr).toContain("6 orders: 6 bought.");

    // Bought once each, and each answer is in the journal as it came: nothing left to settle.
    await expectBoughtOnceAndRecorded(harness, reseller, "jq-row-", refs, "bought");
  });
});
