#!/usr/bin/env node
// `node scripts/bench-scale/bulk.mjs` (after `npm run build`): bulk buying and reconcile at a shop's
// scale, as ratios against baselines measured in the same run, against the emulator with 100 ms
// added to every request (as scripts/bench.mjs sets it):
//
// - re-running a bought file of BENCH_RERUN_ROWS rows (default 10000) vs its first run (goal < 0.2x),
//   and the journal's size before and after the re-run (goal: unchanged);
// - `buy --file --wait` of BENCH_WAIT_ORDERS orders (default 1000) vs the same without --wait plus
//   the delivery time of one order (goal within 1.2x);
// - `reconcile` of BENCH_RECONCILE unknown orders (default 1000) vs N × one look-up's time (what one
//   at a time costs).
//
// BENCH_QUICK=1 uses 2000 / 200 / 200 for a quick run; BENCH_PARTS=rerun,wait,reconcile picks parts.
// Benchmarks are scripts, never timed assertions.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { startEmulatorProcess } from "../bench-kit.mjs";
import Database from "better-sqlite3";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = join(root, "bin", "reseller.js");
const quick = process.env.BENCH_QUICK === "1";
const rerunRows = Number(process.env.BENCH_RERUN_ROWS ?? (quick ? 2000 : 10_000));
const waitOrders = Number(process.env.BENCH_WAIT_ORDERS ?? (quick ? 200 : 1000));
const reconcileOrders = Number(process.env.BENCH_RECONCILE ?? (quick ? 200 : 1000));
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const latencyMs = 100;
const parts = new Set((process.env.BENCH_PARTS ?? "rerun,wait,reconcile").split(","));
const work = mkdtempSync(join(tmpdir(), "reseller-bench-bulk-"));

const { child: emulator, baseUrl, apiKey } = await startEmulatorProcess();
// The emulator's controls answer the account's own key.
const control = (path, body) =>
  fetch(`${baseUrl}/__emulator/${path}`, {
    method: "POST",
    headers: { "X-APIKEY": apiKey, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
await control("balance", { api_key: apiKey, balance: 1_000_000_000_000 });
await control("faults", { latency_ms: latencyMs });

const env = (configDir) => ({
  PATH: process.env.PATH,
  HOME: join(work, "home"),
  LANG: "C.UTF-8",
  RESELLER_BASE_URL: baseUrl,
  RESELLER_API_KEY: apiKey,
  RESELLER_CONFIG_DIR: configDir,
});

/** Runs the built reseller and returns its wall time; throws on an exit code not expected. */
function timed(args, configDir, expect = [0]) {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, ...args], {
    env: env(configDir),
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (!expect.includes(r.status))
    throw new Error(`reseller ${args.join(" ")} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  return { ms, stdout: r.stdout, stderr: r.stderr };
}

let fileNo = 0;
/** An orders file of fresh customers (so fresh ref_ids): pulsa, delivered by the emulator's provider. */
function ordersFile(rows) {
  fileNo += 1;
  const lines = Array.from(
    { length: rows },
    (_, i) => `11,1,08${String(fileNo).padStart(3, "0")}${String(i).padStart(7, "0")}`,
  );
  const file = join(work, `orders-${fileNo}.csv`);
  writeFileSync(file, `item_id,quantity,note\n${lines.join("\n")}\n`);
  return file;
}
/** The journal's records in a config dir, counted by SQLite (0 before any). */
const journalSize = (dir) => {
  if (!existsSync(join(dir, "records.db"))) return 0;
  const db = new Database(join(dir, "records.db"), { readonly: true });
  try {
    return db.prepare("SELECT count(*) FROM journal_events").pluck().get();
  } finally {
    db.close();
  }
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const results = [];

// 1. Re-running a bought file.
if (parts.has("rerun")) {
  const dir = join(work, "rerun");
  const file = ordersFile(rerunRows);
  const first = timed(["buy", "--file", file, "--concurrency", String(concurrency)], dir);
  const sizeBefore = journalSize(dir);
  const again = timed(["buy", "--file", file, "--concurrency", String(concurrency)], dir);
  const sizeAfter = journalSize(dir);
  const ratio = again.ms / first.ms;
  results.push({
    what: `re-run of a bought ${rerunRows}-row file vs its first run (--concurrency ${concurrency})`,
    figure: `${ratio.toFixed(3)}x (${seconds(again.ms)} vs ${seconds(first.ms)}); journal ${sizeBefore} → ${sizeAfter} bytes`,
    goal: `< 0.2x, journal unchanged: ${ratio < 0.2 && sizeAfter === sizeBefore ? "met" : "not met"}`,
  });
}

// 2. --wait in its own pool.
if (parts.has("wait")) {
  // One order's delivery time: a single buy --wait minus the same buy without.
  const one = join(work, "one");
  const deliveries = [];
  for (let i = 0; i < 3; i++) {
    const bare = timed(
      ["buy", "--item", "11", "--qty", "1", "--note", `0812${String(i).padStart(8, "0")}`, "--yes"],
      one,
    );
    const waited = timed(
      ["buy", "--item", "11", "--qty", "1", "--note", `0813${String(i).padStart(8, "0")}`, "--yes", "--wait"],
      one,
    );
    deliveries.push(waited.ms - bare.ms);
  }
  const delivery = deliveries.sort((a, b) => a - b)[1];
  const without = timed(
    ["buy", "--file", ordersFile(waitOrders), "--concurrency", String(concurrency)],
    join(work, "nowait"),
  );
  const withWait = timed(
    ["buy", "--file", ordersFile(waitOrders), "--concurrency", String(concurrency), "--wait"],
    join(work, "wait"),
  );
  const ratio = withWait.ms / (without.ms + delivery);
  results.push({
    what: `buy --file --wait of ${waitOrders} orders vs without --wait plus one delivery (--concurrency ${concurrency})`,
    figure: `${ratio.toFixed(2)}x (${seconds(withWait.ms)} vs ${seconds(without.ms)} + ${seconds(delivery)})`,
    goal: `<= 1.2x: ${ratio <= 1.2 ? "met" : "not met"}`,
  });
}

// 3. reconcile of unknown orders: purchases the service holds, journaled as unknown.
if (parts.has("reconcile")) {
  const dir = join(work, "reconcile");
  const bought = join(work, "reconcile-bought");
  const file = ordersFile(reconcileOrders);
  timed(["buy", "--file", file, "--concurrency", String(concurrency), "--json"], bought);
  const boughtDb = new Database(join(bought, "records.db"), { readonly: true });
  const refs = boughtDb
    .prepare("SELECT record FROM journal_events WHERE type = 'intent' ORDER BY seq")
    .pluck()
    .all()
    .map((r) => JSON.parse(r));
  boughtDb.close();
  const at = new Date().toISOString();
  const lines = [];
  for (const intent of refs) {
    const entry = randomBytes(6).toString("hex");
    lines.push(JSON.stringify({ ...intent, entry, at }));
    lines.push(JSON.stringify({ v: 1, type: "outcome", entry, at, outcome: "unknown", reason: "bench: answer lost" }));
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, "journal.jsonl"), `${lines.join("\n")}\n`, { mode: 0o600 });
  const r = timed(["reconcile", "--json"], dir);
  const settled = JSON.parse(r.stdout).settled;
  // One at a time costs at least one look-up's latency per order.
  const oneAtATime = reconcileOrders * latencyMs;
  results.push({
    what: `reconcile of ${reconcileOrders} unknown orders (${settled} settled)`,
    figure: `${seconds(r.ms)}; one at a time would take at least ${seconds(oneAtATime)} (${(r.ms / oneAtATime).toFixed(2)}x of that)`,
    goal: `8 at a time: <= 0.2x of one at a time: ${r.ms / oneAtATime <= 0.2 ? "met" : "not met"}`,
  });
}

emulator.kill();
rmSync(work, { recursive: true, force: true });
console.log(
  `${availableParallelism()} CPUs; node ${process.version}; ${latencyMs} ms added to every request${quick ? "; quick sizes" : ""}`,
);
console.log("");
console.log("| what | figure | goal |");
console.log("|---|---|---|");
for (const r of results) console.log(`| ${r.what} | ${r.figure} | ${r.goal} |`);
