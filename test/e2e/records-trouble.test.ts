/**
 * Records that cannot be used, on the built CLI: each way they fail is said with its own remedy, and
 * "nothing was sent" only by a command that was on its way to move money.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerAs } from "./commands-harness.js";

const harness = useEmulator();
const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0)) step();
});

describe("a records database that cannot be used", () => {
  it("damaged: buy says nothing was sent, history does not, and both say to keep the file and how to go on", async () => {
    const apiKey = harness.apiKeyOf("Sumber Rejeki Cell");
    const reseller = resellerAs(harness, apiKey);
    writeFileSync(join(reseller.configDir, "records.db"), "not a database at all, ".repeat(400), { mode: 0o600 });
    const before = harness.accountOf(apiKey).transactions.length;

    const buy = await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234569921", "--yes"]);
    expect(buy.exitCode).toBe(2);
    expect(buy.stderr).toMatch(/records\.db: file is not a database \(SQLITE_NOTADB\); nothing was sent\./);
    expect(buy.stderr).toContain("The file is damaged. It holds what was bought, so keep it");
    expect(buy.stderr).not.toContain("Free some disk space");
    expect(harness.accountOf(apiKey).transactions.length).toBe(before);

    const history = await reseller.run(["history", "--no-refresh"]);
    expect(history.exitCode).toBe(2);
    expect(history.stderr).toMatch(/Cannot open the records at .*records\.db: file is not a database/);
    expect(history.stderr).not.toContain("nothing was sent");
    expect(history.stderr).toContain("The file is damaged");

    const riwayat = await reseller.run(["history", "--no-refresh"], { env: { RESELLER_LANG: "id" } });
    expect(riwayat.stderr).toContain("tidak bisa dibuka");
    expect(riwayat.stderr).toContain("File-nya rusak");
    expect(riwayat.stderr).not.toContain("tidak ada yang dikirim");
  });

  it("read only (immutable): history says to make it writable, not to free disk space, and not that nothing was sent", async (test) => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Mandiri Pulsa Center"));
    expect((await reseller.run(["history", "--no-refresh"])).exitCode).toBe(0);
    const path = join(reseller.configDir, "records.db");
    try {
      execFileSync("chattr", ["+i", path], { stdio: "ignore" });
    } catch {
      return test.skip("chattr +i is not available here, and root writes any file whatever its mode");
    }
    undo.push(() => execFileSync("chattr", ["-i", path], { stdio: "ignore" }));
    const history = await reseller.run(["history", "--no-refresh"]);
    expect(history.exitCode).toBe(2);
    expect(history.stderr).toMatch(/Cannot open the records at .*records\.db: permission denied/);
    expect(history.stderr).toContain("writable for you again");
    expect(history.stderr).not.toContain("nothing was sent");
    expect(history.stderr).not.toContain("Free some disk space");
  });
});
