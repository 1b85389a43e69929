/**
 * The journal under processes that pause and resume, and under a lock left by one that died: the
 * built CLI against the emulator, a sealed month of purchases never replaced by a newer log.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readlinkSync, rmSync, utimesSync, watch, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import type { RunningReseller } from "../support/cli.js";
import { until } from "../support/until.js";
import { resellerAs, type Reseller } from "./commands-harness.js";

const harness = useEmulator();
const reseller = (): Reseller => resellerAs(harness);

/** The first day of last month (UTC), where the journal's months are cut. */
function lastMonth(): { start: number; since: string } {
  const now = new Date();
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  return { start, since: new Date(start).toISOString().slice(0, 10) };
}

/** A journal of `orders` purchases made last month, as a release writes it (an intent and a done outcome each). */
function lastMonthJournal(configDir: string, orders: number): void {
  const { start } = lastMonth();
  const lines: string[] = [];
  for (let i = 0; i < orders; i++) {
    const at = new Date(start + i * 10_000).toISOString();
    const entry = `0a${i.toString(16).padStart(10, "0")}`;
    lines.push(
      `{"v":1,"entry":"${entry}","type":"intent","at":"${at}","kind":"buy","profile":"default","base_url":"http://127.0.0.1:1","ref_id":"OLD-${i}","request":{"carts":[{"item_id":12,"quantity":1,"note":"081234567890"}]},"pid":1,"host":"h"}`,
      `{"v":1,"entry":"${entry}","type":"outcome","at":"${at}","outcome":"done","invoice":"INV-OLD-${i}","amount":10650,"status":"paid","by":"answer"}`,
    );
  }
  writeFileSync(join(configDir, "journal.jsonl"), `${lines.join("\n")}\n`, { mode: 0o600 });
}

/** The ref_ids `history` lists from the first day of last month on. */
async function listedSinceLastMonth(r: Reseller): Promise<string[]> {
  const history = await r.run(["history", "--since", lastMonth().since, "--all-services"], {
    mode: "json",
    timeoutMs: 60_000,
  });
  expect(history.exitCode, history.stderr).toBe(0);
  return (history.json() as { ref_id: string }[]).map((e) => e.ref_id);
}

const quietly = <T>(look: () => T): T | undefined => {
  try {
    return look();
  } catch {
    return undefined;
  }
};

const buyArgs = (refId: string) => ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", refId];

/** A pid that ran on this machine and has ended. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number(ended.stdout);
}

/** The files a running process has open. */
function openFiles(pid: number): string[] {
  const fds = quietly(() => readdirSync(`/proc/${pid}/fd`)) ?? [];
  return fds.flatMap((fd) => quietly(() => readlinkSync(`/proc/${pid}/fd/${fd}`)) ?? []);
}

/**
 * Starts a `buy` on a fresh journal of 100,000 purchases and stops it (SIGSTOP) while it reads the
 * log to build its first index: once its index.new is there and it holds the log open. Undefined
 * when the stop landed elsewhere (it moved on meanwhile): that moment is what the case is about.
 */
async function pausedWhileIndexing(r: Reseller, refId: string): Promise<RunningReseller | undefined> {
  const storeDir = join(r.configDir, "journal.d");
  const log = join(r.configDir, "journal.jsonl");
  rmSync(storeDir, { recursive: true, force: true });
  rmSync(log, { force: true });
  lastMonthJournal(r.configDir, 100_000);
  mkdirSync(storeDir, { mode: 0o700 });
  let watcher: ReturnType<typeof watch> | undefined;
  const building = new Promise<void>((found) => {
    watcher = watch(storeDir, (_event, name) => {
      if (name?.startsWith("index.new.")) found();
    });
  });
  const running = r.start(buyArgs(refId), { mode: "json", timeoutMs: 120_000 });
  const pid = running.child.pid!;
  const ownIndex = join(storeDir, `index.new.${pid}`);
  const reading = () =>
    openFiles(pid).includes(log) &&
    quietly(() => readdirSync(ownIndex))?.length === 0 &&
    !existsSync(join(storeDir, "index"));
  try {
    await building;
    await until("the buy to open the journal", () => !existsSync(ownIndex) || reading(), 20_000, 1);
    running.child.kill("SIGSTOP");
  } finally {
    watcher?.close();
  }
  if (existsSync(ownIndex) && reading()) return running;
  running.child.kill("SIGKILL");
  await running.done;
  return undefined;
}

describe("a process paused while it indexes the journal", () => {
  it("resumed after another process ran and a purchase was made: a month of 100,000 purchases is all still listed", async () => {
    const r = reseller();
    let first: RunningReseller | undefined;
    for (let attempt = 0; attempt < 5 && !first; attempt++) first = await pausedWhileIndexing(r, "PAUSED-1");
    expect(first, "a buy stopped while it reads the journal").toBeDefined();
    // Its lock as it looks after a long pause: untouched for 62 s.
    const longAgo = new Date(Date.now() - 62_000);
    utimesSync(join(r.configDir, "journal.d", "index.lock"), longAgo, longAgo);

    const reconcile = await r.run(["reconcile"], { mode: "json", timeoutMs: 60_000 });
    expect(reconcile.exitCode, reconcile.stderr).toBe(0);
    const later = await r.run(buyArgs("AFTER-1"), { mode: "json", timeoutMs: 60_000 });
    expect(later.exitCode, later.stderr).toBe(0);

    first!.child.kill("SIGCONT");
    const resumed = await first!.done;
    expect(resumed.exitCode, resumed.stderr).toBe(0);

    const listed = await listedSinceLastMonth(r);
    expect(listed.filter((ref) => ref.startsWith("OLD-"))).toHaveLength(100_000);
    expect(listed).toEqual(expect.arrayContaining(["PAUSED-1", "AFTER-1"]));
  }, 300_000);
});

describe("a lock left by a migration that was killed", () => {
  it("meets five readers and a purchase started together: 20 trials, no purchase lost", async () => {
    const orders = 5_000;
    let lost = 0;
    let trialsWithLoss = 0;
    for (let trial = 0; trial < 20; trial++) {
      const r = reseller();
      lastMonthJournal(r.configDir, orders);
      const storeDir = join(r.configDir, "journal.d");
      const killed = deadPid();
      mkdirSync(join(storeDir, `index.new.${killed}`), { recursive: true, mode: 0o700 });
      writeFileSync(join(storeDir, `index.new.${killed}`, "b000"), "half\n");
      writeFileSync(join(storeDir, "index.lock"), `${killed} ${hostname()}\n`);

      // Each is stopped as soon as it exists and all are let go at once: started in the same instant.
      const runs = [
        ...Array.from({ length: 5 }, () => r.start(["reconcile"], { mode: "json", timeoutMs: 60_000 })),
        r.start(buyArgs(`NEW-${trial}`), { mode: "json", timeoutMs: 60_000 }),
      ];
      for (const run of runs) run.child.kill("SIGSTOP");
      for (const run of runs) run.child.kill("SIGCONT");
      for (const done of await Promise.all(runs.map((run) => run.done))) expect(done.exitCode, done.stderr).toBe(0);

      const listed = await listedSinceLastMonth(r);
      const kept = listed.filter((ref) => ref.startsWith("OLD-")).length + (listed.includes(`NEW-${trial}`) ? 1 : 0);
      lost += orders + 1 - kept;
      if (kept < orders + 1) trialsWithLoss++;
      rmSync(r.configDir, { recursive: true, force: true });
    }
    expect({ lost, trialsWithLoss }, "purchases no longer listed").toEqual({ lost: 0, trialsWithLoss: 0 });
  }, 600_000);
});
