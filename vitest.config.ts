import { accessSync, constants, mkdtempSync, readdirSync, rmSync, statfsSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

const runDirPrefix = "reseller-tests-";

/**
 * The dirs of runs that ended without their exit handler (killed, or the machine's power lost), named
 * by the pid of the run that made them: in memory, they would hold it until a reboot.
 * A run still going (another checkout's, say) keeps its own.
 */
function leftBehindByEndedRuns(): void {
  for (const name of readdirSync("/dev/shm")) {
    // `<prefix><pid>-XXXXXX`: mkdtemp's own letters hold no `-`, so a dir named otherwise is not taken for one.
    const pid = Number(new RegExp(`^${runDirPrefix}(\\d+)-`).exec(name)?.[1] ?? Number.NaN);
    if (Number.isNaN(pid) || runs(pid)) continue;
    try {
      rmSync(`/dev/shm/${name}`, { recursive: true, force: true });
    } catch {
      // Another user's, which is theirs to remove.
    }
  }
}

/** Whether a process with this pid is running (one of another user's counts: its dir is not ours). */
function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The run's temp dir, in memory when the machine has a tmpfs at /dev/shm with a GiB free and nobody
 * chose a TMPDIR: nearly every test creates a config dir with a records database in it, and SQLite
 * syncs each new one to disk several times (the tables, WAL mode, every purchase's journal), which on
 * a disk shared by other work cost more than the tests themselves. Nothing here tests a machine's
 * power failing, and what a killed process wrote is kept the same on either. Removed when the run ends.
 */
function runTempDir(): Record<string, string> {
  // This file is read once per project: the first reading makes the dir, the others find it.
  const made = process.env.TESTS_RUN_TMPDIR;
  if (made) return { TMPDIR: made };
  if (process.env.TMPDIR) return {};
  try {
    accessSync("/dev/shm", constants.W_OK);
    // A container's default /dev/shm holds 64 MB: too little for the files running at once (a
    // streamed journal alone writes 7 MB), so the disk it is.
    const { bavail, bsize } = statfsSync("/dev/shm");
    if (bavail * bsize < 2 ** 30) return {};
  } catch {
    return {};
  }
  leftBehindByEndedRuns();
  const dir = mkdtempSync(`/dev/shm/${runDirPrefix}${process.pid}-`);
  process.env.TESTS_RUN_TMPDIR = dir;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return { TMPDIR: dir };
}

const processTests = ["test/e2e/**/*.test.ts", "test/emulator/**/*.test.ts", "test/pty/**/*.test.ts"];

/**
 * Unit tests that change what the whole process holds, beyond a run of main() (which puts the zone
 * times are shown in back when it ends) or a catalogue asked for by language (no module holds one):
 * each gets fresh modules, the others share a worker's (the project "in-process-shared").
 */
const changesProcessState = [
  // 1000 runs of main(): timed out on a busy machine, they run on and hold the next file's records open.
  "argv.property.test.ts",
  // Mocks node:fs for the config store it imports: a store already loaded would keep the real one.
  "config-disk-full.test.ts",
  // Spies on Journal.prototype.append, the class every purchase in the worker writes its journal through.
  "journal-full.test.ts",
  // Spies on Journal.prototype.append too, failing every record while a check runs.
  "journal-steps.test.ts",
  // Sets process.env.TZ and the zone screens show times in (src/output/format.ts) for some checks.
  "output.test.ts",
];
/**
 * End-to-end tests whose subject is what commands say (screens, words, refusals) rather than the
 * process: they run the CLI through main() in this process (test/support/run-main.ts). A run leaves
 * nothing of itself in the process (its words travel in its context, its records database is closed
 * when it ends, the zone times are shown in is the default again), so these files share a worker's
 * modules too.
 */
const cliInProcess = [
  "test/e2e/account-check.test.ts",
  "test/e2e/alternatives-cart.test.ts",
  "test/e2e/alternatives-shown.test.ts",
  "test/e2e/alternatives.test.ts",
  "test/e2e/bahasa-orders.test.ts",
  "test/e2e/bahasa-service.test.ts",
  "test/e2e/bahasa-settings.test.ts",
  "test/e2e/bahasa-shop.test.ts",
  "test/e2e/bahasa-statuses.test.ts",
  "test/e2e/bahasa-words.test.ts",
  "test/e2e/bahasa.test.ts",
  "test/e2e/books-current.test.ts",
  "test/e2e/broken-config-dir.test.ts",
  "test/e2e/buy-bulk.test.ts",
  "test/e2e/buy-line-rules.test.ts",
  "test/e2e/buy-plan.test.ts",
  "test/e2e/buy-proof.test.ts",
  "test/e2e/buy-verdicts.test.ts",
  "test/e2e/caller-ref-id.test.ts",
  "test/e2e/checks-before-paying.test.ts",
  "test/e2e/commands-config.test.ts",
  "test/e2e/commands-exit-codes.test.ts",
  "test/e2e/commands-lock.test.ts",
  "test/e2e/dialects.test.ts",
  "test/e2e/golden-screens.test.ts",
  "test/e2e/help-examples.test.ts",
  "test/e2e/help.test.ts",
  "test/e2e/history-latest.test.ts",
  "test/e2e/history-ledger.test.ts",
  "test/e2e/history.test.ts",
  "test/e2e/hostile-answers.test.ts",
  "test/e2e/items-disrupted.test.ts",
  "test/e2e/items-failed-here.test.ts",
  "test/e2e/items.test.ts",
  "test/e2e/jq.test.ts",
  "test/e2e/ledger-day.test.ts",
  "test/e2e/lists.test.ts",
  "test/e2e/manual-delivery-shapes.test.ts",
  "test/e2e/one-customer.test.ts",
  "test/e2e/open-amount.test.ts",
  "test/e2e/open-shapes.test.ts",
  "test/e2e/out-file.test.ts",
  "test/e2e/partial.test.ts",
  "test/e2e/pending.test.ts",
  "test/e2e/repeat-check.test.ts",
  "test/e2e/secrets-hostile.test.ts",
  "test/e2e/shop-alerts.test.ts",
  "test/e2e/shop-day-alternatives.test.ts",
  "test/e2e/shop-dialects.test.ts",
  "test/e2e/shop-price-list.test.ts",
  "test/e2e/shop-prices.test.ts",
  "test/e2e/shop-receipts.test.ts",
  "test/e2e/shop-webhook.test.ts",
  "test/e2e/table-width.test.ts",
  "test/e2e/topup-limits.test.ts",
  "test/e2e/topup.test.ts",
  "test/e2e/trx.test.ts",
  "test/e2e/typed-dates.test.ts",
  "test/e2e/typed-numbers.test.ts",
  "test/e2e/verdict-after-sending.test.ts",
  "test/e2e/webhook-config.test.ts",
  "test/e2e/webhook-confirm-404.test.ts",
  "test/e2e/webhook-dialects.test.ts",
  "test/e2e/words.test.ts",
];
const sharingModules = [
  ...readdirSync(resolve(import.meta.dirname, "test/unit"))
    .filter((name) => name.endsWith(".test.ts") && !changesProcessState.includes(name))
    .map((name) => `test/unit/${name}`),
  "test/api/client.test.ts",
];

export default defineConfig({
  test: {
    // Most tests wait on a process they spawned (the built CLI, a shell, tmux) or on the emulator's
    // clock, not on the CPU: on a two-core machine vitest's default (cores - 1) would run one file at a
    // time. Four measured 288 s against three's 308 s for the whole run; five gained nothing more.
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests that format times in this process see a zone with an offset, as the built CLI does in the
    // end-to-end tests (test/support/cli.ts): on a CI machine in UTC, local time and UTC would look alike.
    // Their temp dirs, and those of the CLI they run (test/support/cli.ts passes TMPDIR on), are the run's.
    env: { TZ: "Asia/Jakarta", ...runTempDir() },
    // Removes the temp dirs tests make with makeTempDir (test/support/temp-dir.ts) when their test ends.
    setupFiles: ["./test/support/setup.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    projects: [
      // Tests that run handlers in this process and change what it holds (mocked modules, spies on a
      // class, the machine's zone, the proxy settings): what they change stays with their file, so each
      // file gets fresh modules. A new folder of tests lands here.
      {
        extends: true,
        test: { name: "in-process", include: ["test/**/*.test.ts"], exclude: [...processTests, ...sharingModules] },
      },
      // The other unit and client tests change nothing of the process: a worker keeps the modules it
      // loaded (src, vitest's own) for its next file, instead of a new process loading them again.
      { extends: true, test: { name: "in-process-shared", include: sharingModules, isolate: false } },
      // These drive processes (the built CLI, tmux) against an emulator of the file's own and change
      // nothing of this process: a worker keeps the modules it loaded (the emulator, vitest's own) for
      // its next file, rather than a new process loading them again for each.
      { extends: true, test: { name: "processes", include: processTests, exclude: cliInProcess, isolate: false } },
      // main() run in this process, in any language, one run after another: a worker keeps src loaded
      // for its next file.
      { extends: true, test: { name: "cli-in-process", include: cliInProcess, isolate: false } },
    ],
  },
});
