/**
 * Records that cannot be used, on the built CLI: each way they fail is said with its own remedy, and
 * "nothing was sent" only by a command that was on its way to move money.
 */
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { baseEnv, binPath } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { resellerAs } from "./commands-harness.js";

const harness = useEmulator();
const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0)) step();
});

/**
 * Makes the records at `path` readable and not writable for the user `reseller` runs as, and returns
 * how to run it so: not root, the file's mode; root, an immutable file (chattr +i), else `reseller`
 * run as another user (setpriv) whose dir it becomes. Undefined where none of them can be done.
 */
function onlyReadable(
  dir: string,
  path: string,
  env: Record<string, string>,
): ((args: string[]) => Promise<{ stdout: string; stderr: string; exitCode: number | null }>) | undefined {
  const run = (command: string, args: string[], home?: string) =>
    new Promise<{ stdout: string; stderr: string; exitCode: number | null }>((resolve) => {
      execFile(command, args, { env: baseEnv({ ...env, ...(home ? { HOME: home } : {}) }) }, (error, stdout, stderr) =>
        resolve({ stdout, stderr, exitCode: error ? ((error as { code?: number }).code ?? null) : 0 }),
      );
    });
  if (process.getuid?.() !== 0) {
    chmodSync(path, 0o400);
    undo.push(() => chmodSync(path, 0o600));
    return (args) => run(process.execPath, [binPath, ...args]);
  }
  try {
    execFileSync("chattr", ["+i", path], { stdio: "ignore" });
    undo.push(() => execFileSync("chattr", ["-i", path], { stdio: "ignore" }));
    return (args) => run(process.execPath, [binPath, ...args]);
  } catch {
    // Not here: another user, then.
  }
  const nobody = ["--reuid=65534", "--regid=65534", "--clear-groups"];
  try {
    execFileSync("setpriv", [...nobody, "true"], { stdio: "ignore" });
  } catch {
    return undefined;
  }
  execFileSync("chown", ["-R", "65534:65534", dir]);
  chmodSync(path, 0o400);
  return (args) => run("setpriv", [...nobody, process.execPath, binPath, ...args], dir);
}

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

  it("read only, an earlier release's without the newest indexes: history and report read it; reconcile, pending and a purchase say to make it writable, only the purchase that nothing was sent", async (test) => {
    const apiKey = harness.apiKeyOf("Mandiri Pulsa Center");
    const reseller = resellerAs(harness, apiKey);
    const bought = await reseller.run([
      "buy",
      "--item",
      "12",
      "--qty",
      "1",
      "--note",
      "081234569931",
      "--ref-id",
      "RO-READ-1",
      "--yes",
    ]);
    expect(bought.exitCode).toBe(0);
    const path = join(reseller.configDir, "records.db");
    const earlier = new Database(path);
    earlier.exec("DROP INDEX journal_orders_not_found; DROP INDEX journal_orders_open;");
    earlier.close();
    const asReader = onlyReadable(reseller.configDir, path, {
      ...reseller.env,
      RESELLER_WEBHOOK_SECRET: "a-secret-for-this-test",
    });
    if (!asReader) return test.skip("root writes any file: neither chattr +i nor setpriv is available here");
    const before = harness.accountOf(apiKey).transactions.length;

    const history = await asReader(["history", "--json"]);
    expect(history.exitCode, history.stderr).toBe(0);
    expect((JSON.parse(history.stdout) as { ref_id: string }[]).map((e) => e.ref_id)).toEqual(["RO-READ-1"]);
    const report = await asReader(["report", "--json", "--no-refresh"]);
    expect(report.exitCode, report.stderr).toBe(0);
    expect(JSON.parse(report.stdout).orders).toBe(1);

    const reconcile = await asReader(["reconcile"]);
    expect(reconcile.exitCode).toBe(2);
    expect(reconcile.stderr).toMatch(/Cannot open the records at .*records\.db: permission denied/);
    expect(reconcile.stderr).toContain("writable for you again");
    expect(reconcile.stderr).not.toContain("nothing was sent");
    expect(reconcile.stderr).not.toContain("Free some disk space");
    // pending writes down what it follows and hands on: refused the same way.
    const pending = await asReader(["pending", "--once"]);
    expect(pending.exitCode).toBe(2);
    expect(pending.stderr).toMatch(/Cannot open the records at .*records\.db: permission denied/);

    // A plan only reads: it answers from them, the earlier purchase found as the order's repeat.
    const plan = await asReader(["buy", "--item", "12", "--qty", "1", "--note", "081234569931", "--plan", "--json"]);
    expect(plan.stderr).not.toMatch(/Cannot write the journal/);
    expect(JSON.parse(plan.stdout).rows).toMatchObject([
      { verdict: "refused", problem: { code: "REPEATED_ORDER" }, already_bought: "RO-READ-1" },
    ]);
    const file = join(reseller.configDir, "orders.csv");
    writeFileSync(file, "item_id,quantity,note\n12,1,081234569933\n");
    const filePlan = await asReader(["buy", "--file", file, "--plan", "--json"]);
    expect(filePlan.exitCode, filePlan.stderr).toBe(0);
    expect(JSON.parse(filePlan.stdout).rows).toMatchObject([{ verdict: "would_buy" }]);

    // The listener writes down each delivery: told to make them writable, not readable, in either language.
    const listen = await asReader(["webhook", "listen", "--port", "0"]);
    expect(listen.exitCode).toBe(2);
    expect(listen.stderr).toMatch(/Cannot open the webhook deliveries at .*records\.db: permission denied/);
    expect(listen.stderr).toContain("writable for you again");
    expect(listen.stderr).not.toContain("readable file");
    const dengar = await asReader(["webhook", "listen", "--port", "0", "--lang", "id"]);
    expect(dengar.exitCode).toBe(2);
    expect(dengar.stderr).toContain("tidak bisa dibuka");
    expect(dengar.stderr).toContain("bisa Anda tulis lagi");
    expect(dengar.stderr).not.toContain("yang bisa dibaca");

    const buy = await asReader(["buy", "--item", "12", "--qty", "1", "--note", "081234569932", "--yes"]);
    expect(buy.exitCode).toBe(2);
    expect(buy.stderr).toMatch(/Cannot write the journal at .*records\.db: permission denied .*; nothing was sent\./);
    expect(harness.accountOf(apiKey).transactions.length).toBe(before);
  });
});
