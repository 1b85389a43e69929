/**
 * Each run of the program reads its config dir's records as they are on disk when it starts, as a
 * new process does: a caller that runs main() again and again (a shop's own program, a service
 * wrapping the CLI) never sees the orders of a records database an earlier run had open.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openJournal } from "../../src/journal/journal.js";
import { baseEnv, makeConfigDir } from "../support/cli.js";
import { buyIntent } from "../support/journal-records.js";
import { runPiped } from "../support/run-main.js";
import { makeTempDir } from "../support/temp-dir.js";

/** A config dir holding one bought order, in the journal file an earlier release kept (imported on first use). */
function shopWithOrder(dir: string, refId: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const at = "2026-11-20T10:00:00.000Z";
  const records = [
    buyIntent({ entry: refId.toLowerCase(), at, ref_id: refId, request: { ref_id: refId, carts: [] } }),
    { v: 1, type: "outcome", entry: refId.toLowerCase(), at, outcome: "done", invoice: `INV-${refId}`, by: "answer" },
  ];
  writeFileSync(join(dir, "journal.jsonl"), records.map((r) => `${JSON.stringify(r)}\n`).join(""), { mode: 0o600 });
}

async function orderRefs(dir: string): Promise<string[]> {
  const env = baseEnv({ RESELLER_CONFIG_DIR: dir, RESELLER_BASE_URL: "http://127.0.0.1:1" });
  const run = await runPiped(["history", "--json", "--no-refresh", "--all-services"], env);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { ref_id: string }[]).map((entry) => entry.ref_id);
}

describe("two runs of main() in one process", () => {
  it("the second reads the records of the config dir it is given, not the first run's, though both were at one path", async () => {
    // A reseller with two shops swaps which one the config path holds: the first shop's dir is moved
    // aside whole, records and all, and the second shop's moved into the path.
    const shops = makeTempDir("reseller-shops-");
    const dir = join(shops, "reseller");
    shopWithOrder(dir, "FIRST-1");
    expect(await orderRefs(dir)).toEqual(["FIRST-1"]);
    renameSync(dir, join(shops, "first-shop"));
    shopWithOrder(join(shops, "second-shop"), "SECOND-1");
    renameSync(join(shops, "second-shop"), dir);
    expect(await orderRefs(dir)).toEqual(["SECOND-1"]);
  });

  it("a config dir replaced between runs (restored from a backup, another shop's) is read as it is now", async () => {
    const dir = makeConfigDir();
    shopWithOrder(dir, "BEFORE-1");
    expect(await orderRefs(dir)).toEqual(["BEFORE-1"]);
    rmSync(dir, { recursive: true });
    shopWithOrder(dir, "AFTER-1");
    expect(await orderRefs(dir)).toEqual(["AFTER-1"]);
  });

  it("an earlier release's journal put in the dir after a run is imported by the next run", async () => {
    const dir = makeConfigDir();
    expect(await orderRefs(dir)).toEqual([]);
    shopWithOrder(dir, "COPIED-1");
    expect(await orderRefs(dir)).toEqual(["COPIED-1"]);
  });

  it("records the caller opened before the run are read as they are on disk when the run starts", async () => {
    const dir = makeConfigDir();
    const at = "2026-11-20T09:00:00.000Z";
    openJournal(dir).append(
      buyIntent({ entry: "held", at, ref_id: "HELD-1", request: { ref_id: "HELD-1", carts: [] } }),
    );
    shopWithOrder(dir, "COPIED-2");
    expect((await orderRefs(dir)).sort()).toEqual(["COPIED-2", "HELD-1"]);
  });
});
