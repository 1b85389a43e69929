/**
 * `items` marks what this machine saw fail recently, from the journal: failed deliveries of an item
 * are counted among its last 5 ends in the hour (`recent_failures` in --json, a mark beside the stock
 * on a terminal), piped rows keep their columns, and the mark goes once successes outnumber them out.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, whileAdvancing } from "./commands-harness.js";

const harness = useEmulator();

describe("items: failures seen here", () => {
  it("two failed deliveries mark the item; five deliveries after them clear it", async () => {
    const reseller = resellerInProcess(harness);
    // Purchases that end alike are waited on together: which of them ends first changes no count.
    const buyAll = async (accounts: string[], exitCode: number) => {
      const results = await whileAdvancing(
        harness.emulator,
        Promise.all(
          accounts.map((account) =>
            reseller.run(["buy", "--item", "22", "--qty", "1", "--note", account, "--no-validate", "--wait", "--yes"]),
          ),
        ),
        10,
        150,
      );
      for (const r of results) expect(r.exitCode, r.stderr).toBe(exitCode);
    };
    const before = await reseller.run(["items", "--search", "free fire 140"], { mode: "json" });
    expect(before.json().items.find((i: any) => i.id === 22).recent_failures).toBeUndefined();

    // No such game account: each delivery fails and is refunded.
    await buyAll(["99990051", "99990052"], 1);
    const marked = await reseller.run(["items", "--search", "free fire 140"], { mode: "json" });
    expect(marked.json().items.find((i: any) => i.id === 22).recent_failures).toEqual({
      failed: 2,
      of: 2,
      window: "1h",
    });
    const table = await reseller.run(["items", "--search", "free fire 140"], {
      mode: "table",
      env: { COLUMNS: "120" },
    });
    expect(table.stdout).toMatch(/2\/2 failed \(1 h\)/);
    const id = await reseller.run(["items", "--search", "free fire 140"], {
      mode: "table",
      env: { COLUMNS: "120", RESELLER_LANG: "id" },
    });
    expect(id.stdout).toMatch(/2\/2 gagal \(1 jam\)/);
    // Piped rows: the same columns as before, no mark.
    const piped = await reseller.run(["items", "--search", "free fire 140"]);
    expect(piped.stdout).not.toMatch(/failed/);
    expect(piped.stdout.split("\n")[0]!.split("\t")).toHaveLength(10);

    await buyAll(["12345671", "12345672", "12345673"], 0);
    const three = await reseller.run(["items", "--search", "free fire 140"], { mode: "json" });
    expect(three.json().items.find((i: any) => i.id === 22).recent_failures).toEqual({
      failed: 2,
      of: 5,
      window: "1h",
    });
    await buyAll(["12345674", "12345675"], 0);
    const cleared = await reseller.run(["items", "--search", "free fire 140"], { mode: "json" });
    expect(cleared.json().items.find((i: any) => i.id === 22).recent_failures).toBeUndefined();
  });
});
