/**
 * Issue 4's proof under load: a hundred buys, eight at a time, against the emulator's random faults,
 * then reconcile: the service's transactions and the journal agree, nothing charged twice, nothing
 * lost. (A file of its own, beside money-safety.test.ts, so that the two run at the same time.)
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { foldRecords } from "../support/journal-records.js";
import { journalRecords as records, resellerAs } from "./commands-harness.js";

const harness = useEmulator();

const entriesOf = (configDir: string) => foldRecords(records(configDir));
const onService = (apiKey: string) => harness.accountOf(apiKey).transactions;
const balanceOf = (apiKey: string) => harness.accountOf(apiKey).balance;

describe("a hundred concurrent buys with random faults", () => {
  it("the service's transactions equal what the journal reports done; nothing charged twice, nothing lost", {
    timeout: 120_000,
  }, async () => {
    const apiKey = harness.apiKeyOf("Toko Makmur Jaya");
    harness.emulator.setBalance(apiKey, 5_000_000);
    const startBalance = balanceOf(apiKey);
    const alreadyThere = new Set(onService(apiKey).map((t) => t.ref_id));
    const reseller = resellerAs(harness, apiKey);
    harness.emulator.faults.configure({ random: { rate: 0.3, seed: 4242, latency_ms: 200 }, retry_after: 1 });

    const trials = 100;
    const parallel = 8;
    const exits: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < trials) {
          next++;
          // One retry instead of two, so that some answers are lost for good and reconcile has work to do.
          // --again: the same order a hundred times on purpose, each one sent, never refused as a repeat.
          const r = await reseller.start(["buy", "--item", "11", "--qty", "1", "--note", "081234567890", "--again"], {
            env: { RESELLER_MAX_RETRIES: "1" },
          }).done;
          exits.push(r.exitCode ?? -1);
        }
      }),
    );
    const faults = harness.emulator.faults.status().injected;
    harness.emulator.faults.reset();

    const unknownBefore = entriesOf(reseller.configDir).filter(
      (e) => e.outcome === "unknown" || e.outcome === "pending",
    ).length;
    const reconciled = await reseller.run(["reconcile"], { mode: "json" });
    expect(reconciled.exitCode, reconciled.stderr).toBe(0);

    const entries = entriesOf(reseller.configDir);
    const done = entries.filter((e) => e.outcome === "done");
    const transactions = onService(apiKey).filter((t) => !alreadyThere.has(t.ref_id));
    const serviceRefs = transactions.map((t) => t.ref_id);
    const doneRefs = done.map((e) => e.ref_id);
    const duplicates = serviceRefs.length - new Set(serviceRefs).size + (doneRefs.length - new Set(doneRefs).size);
    const lost = serviceRefs.filter((ref) => !doneRefs.includes(ref)).length;
    const phantom = doneRefs.filter((ref) => !serviceRefs.includes(ref!)).length;
    const spent = transactions.reduce((sum, t) => sum + t.amount - t.refunded, 0);
    const exitCounts = exits.reduce<Record<number, number>>(
      (acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }),
      {},
    );

    console.log(
      `[reliability] trials=${trials} parallel=${parallel} max_retries=1 exits=${JSON.stringify(exitCounts)} journal_entries=${entries.length} ` +
        `unknown_before_reconcile=${unknownBefore} done=${done.length} service_transactions=${transactions.length} ` +
        `duplicates=${duplicates} lost=${lost} phantom=${phantom} faults_injected=${JSON.stringify(faults)} ` +
        `balance_start=${startBalance} balance_end=${balanceOf(apiKey)} spent=${spent}`,
    );

    expect(exits).toHaveLength(trials);
    // Every buy was sent: none stopped before the service as a usage error (exit 2), which would test nothing.
    expect(exitCounts[2] ?? 0).toBe(0);
    expect(Object.values(faults).reduce((a, b) => a + b, 0)).toBeGreaterThan(20);
    expect(transactions.length).toBe(done.length);
    expect(duplicates).toBe(0);
    expect(lost).toBe(0);
    expect(phantom).toBe(0);
    expect(entries.filter((e) => e.outcome === "unknown" || e.outcome === "pending")).toEqual([]);
    // Every exit-0 buy is a transaction; the others were refused, never sent, or settled by reconcile.
    expect(exitCounts[0] ?? 0).toBeLessThanOrEqual(transactions.length);
    expect(balanceOf(apiKey)).toBe(startBalance - spent);
    expect(balanceOf(apiKey)).toBe(startBalance - done.reduce((sum, e) => sum + (e.amount ?? 0), 0));
  });
});
