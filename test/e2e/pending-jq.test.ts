/**
 * `reseller pending --once --jq` whose filter fails on an ended order: the filter is the reseller's
 * to fix (exit 1, JQ_ERROR), but the order is still handed on once. Its receipt is appended once and
 * its command runs, so a cron job with a broken filter neither sends the customer the same receipt
 * every run nor leaves the shop's handler never run.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/emulator/server.js";
import { useEmulator } from "../support/emulator.js";
import { resellerAs } from "./commands-harness.js";
import { bought, manualOrder, receiptsIn } from "./pending-harness.js";

const harness = useEmulator({ clock: manualClock(Date.now()) });

describe("pending --once with a --jq filter that fails on the order", () => {
  it("hands the order on once: one receipt, its command run, exit 1 for the filter, then nothing more", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    const receipts = join(reseller.configDir, "receipts.txt");
    const commands = join(reseller.configDir, "commands.txt");
    await bought(reseller, manualOrder("jq-manual"));
    // Seen not final, then ended: the manual order is done after 5 minutes of the emulator's clock.
    expect((await reseller.run(["pending", "--once"])).exitCode).toBe(1);
    harness.emulator.clock.advance(10 * 60_000);

    const args = ["pending", "--once", "--receipts", receipts, "--exec", `cat >> '${commands}'; echo >> '${commands}'`];
    const failing = await reseller.run([...args, "--jq", 'error("boom")']);
    expect(failing.exitCode, failing.stderr).toBe(1);
    expect(failing.stderr).toContain("JQ_ERROR");
    expect(receiptsIn(receipts)).toHaveLength(1);
    const ran = () =>
      readFileSync(commands, "utf8")
        .split("\n")
        .filter((l) => l.trim());
    expect(ran().map((l) => JSON.parse(l).ref_id)).toEqual(["jq-manual"]);

    for (let run = 0; run < 2; run++) {
      const again = await reseller.run([...args, "--jq", 'error("boom")']);
      expect(again.exitCode, again.stderr).toBe(0);
      expect(again.stdout).toBe("");
    }
    expect(receiptsIn(receipts)).toHaveLength(1);
    expect(ran()).toHaveLength(1);
  });
});
