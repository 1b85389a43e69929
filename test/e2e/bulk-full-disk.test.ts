/**
 * `buy --file --wait` whose `--out` and `--receipts` files are on a full disk: the orders are bought,
 * so the run goes on, every answer is written in the journal, and it exits by its orders with the
 * fault named on stderr. Before, the first append that failed either crashed the process with a
 * stack trace (--receipts) or was reported as a bug (--out), exit 1 either way, with the answers of
 * the purchases in flight lost. A full disk is made with a small tmpfs, so this runs as root only.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { expectBoughtOnceAndRecorded, resellerAs, writeOrders } from "./commands-harness.js";

const harness = useEmulator();

/** A directory on a 64 KiB tmpfs with no room left; undefined where it cannot be made (not root). */
function fullDisk(): { dir: string; done(): void } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "reseller-full-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], { stdio: "ignore" });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    done() {
      execFileSync("umount", [dir], { stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe("buy --file with --out and --receipts on a full disk", () => {
  const disk = fullDisk();
  it.skipIf(disk === undefined)("goes on, records every answer, exits by its orders and names the fault", async () => {
    const { dir, done } = disk!;
    try {
      const reseller = resellerAs(harness, harness.apiKeyOf("Sumber Rejeki Cell"));
      const refs = Array.from({ length: 4 }, (_, i) => `full-${i + 1}`);
      const orders = writeOrders(reseller, refs, (_, i) => `4,1,full${i}@contoh.id`);
      const out = join(dir, "results.jsonl");
      const receipts = join(dir, "receipts.txt");
      writeFileSync(out, "", { mode: 0o600 });
      writeFileSync(receipts, "", { mode: 0o600 });
      try {
        writeFileSync(join(dir, "filler"), Buffer.alloc(64 * 1024));
      } catch {
        // Full: what was written of it stays.
      }

      const run = await reseller.run([
        ...["buy", "--file", orders, "--yes", "--wait"],
        ...["--out", out, "--receipts", receipts],
      ]);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stderr).toContain("4 orders: 4 delivered.");
      expect(run.stderr).toContain("no space left on device");
      expect(run.stderr).not.toContain("Could not write the journal");
      expect(run.stderr).not.toContain("This is a bug");

      await expectBoughtOnceAndRecorded(harness, reseller, "full-", refs, "delivered");
    } finally {
      done();
    }
  });
});
