#!/usr/bin/env node
// `node scripts/bench-scale/plan.mjs` (after `npm run build`): `buy --file --plan` of a file of
// BENCH_PLAN_ROWS rows (default 1000) against the emulator on this machine, as a bot plans before
// it runs: pulsa of four operators, game top-ups whose accounts are checked, licences of an item
// with little stock, and a part of the file bought before (settled rows, found in the journal).
// Prints the median wall time of BENCH_PLAN_RUNS plans (default 5), each mode's, and whether every
// run printed the same bytes. Goal: under 2 s, byte-identical. Benchmarks are scripts, never timed
// assertions.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulatorProcess } from "../bench-kit.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = join(root, "bin", "reseller.js");
const quick = process.argv.includes("--quick");
const rows = Number(process.env.BENCH_PLAN_ROWS ?? (quick ? 300 : 1000));
const runs = Number(process.env.BENCH_PLAN_RUNS ?? (quick ? 3 : 5));
const work = mkdtempSync(join(tmpdir(), "reseller-bench-plan-"));

const { child: emulator, baseUrl, apiKey } = await startEmulatorProcess();
await fetch(`${baseUrl}/__emulator/balance`, {
  method: "POST",
  headers: { "X-APIKEY": apiKey, "Content-Type": "application/json" },
  body: JSON.stringify({ api_key: apiKey, balance: 1_000_000_000 }),
});
const configDir = join(work, "config");
const env = {
  PATH: process.env.PATH,
  HOME: join(work, "home"),
  LANG: "C.UTF-8",
  TZ: "Asia/Jakarta",
  RESELLER_BASE_URL: baseUrl,
  RESELLER_API_KEY: apiKey,
  RESELLER_CONFIG_DIR: configDir,
};

// GNU time, where there is one, gives the command's own CPU time: on a machine others load, the
// wall time says more about them than about the plan.
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

function run(args, expect, extra = {}) {
  const started = process.hrtime.bigint();
  const command = [process.execPath, bin, ...args];
  const r = gnuTime
    ? spawnSync(gnuTime, ["-f", "cpu %U %S", ...command], {
        env: { ...env, ...extra },
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      })
    : spawnSync(command[0], command.slice(1), {
        env: { ...env, ...extra },
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const [, user, system] = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr) ?? [];
  const cpuMs = user === undefined ? undefined : (Number(user) + Number(system)) * 1000;
  if (!expect.includes(r.status))
    throw new Error(`reseller ${args.join(" ")} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  return { ms, cpuMs, stdout: r.stdout };
}

// Item 12 Telkomsel (0812…), 15 XL (0817…), 17 Indosat (0814…), 21 Mobile Legends (id|zone, checked),
// 3 Spotify (15 in stock: the rows beyond it would be refused).
const kinds = [
  (i) => `12,1,0812${String(i).padStart(8, "0")}`,
  (i) => `15,1,0817${String(i).padStart(8, "0")}`,
  (i) => `17,1,0814${String(i).padStart(8, "0")}`,
  (i) => `21,1,${String(10_000_000 + i)}|${1000 + (i % 9000)}`,
  (i) => `3,1,`,
];
const lines = Array.from({ length: rows }, (_, i) => kinds[i % kinds.length](i));
const file = join(work, "orders.csv");
writeFileSync(file, `item_id,quantity,note\n${lines.join("\n")}\n`);
// A third of the pulsa rows bought before: the plan finds them in the journal.
const bought = lines.filter((l, i) => i % 3 === 0 && /^1[257],/.test(l));
const boughtFile = join(work, "bought.csv");
writeFileSync(boughtFile, `item_id,quantity,note\n${bought.join("\n")}\n`);
run(["items"], [0]);
run(["buy", "--file", boughtFile, "--concurrency", "16", "--json"], [0]);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
for (const [mode, args, extra] of [
  ["--json", ["--json"], {}],
  ["piped", [], {}],
  ["terminal, 80 columns", [], { RESELLER_FORCE_TTY: "1", COLUMNS: "80" }],
]) {
  const times = [];
  const cpu = [];
  const outputs = new Set();
  for (let i = 0; i < runs; i++) {
    const r = run(["buy", "--file", file, "--plan", ...args], [0, 2], extra);
    times.push(r.ms);
    if (r.cpuMs !== undefined) cpu.push(r.cpuMs);
    outputs.add(r.stdout);
  }
  const ms = median(times);
  const cpuFigure = cpu.length ? `, CPU ${(median(cpu) / 1000).toFixed(2)} s` : "";
  results.push({
    what: `buy --file --plan of ${rows} rows (${bought.length} bought before), ${mode}`,
    figure: `${(ms / 1000).toFixed(2)} s median of ${runs}${cpuFigure}; ${outputs.size === 1 ? "byte-identical" : `${outputs.size} different outputs`}`,
    goal: `< 2 s, byte-identical: ${ms < 2000 && outputs.size === 1 ? "met" : "not met"}`,
  });
}

emulator.kill();
rmSync(work, { recursive: true, force: true });
console.log(
  `${availableParallelism()} CPUs (load average ${loadavg()[0].toFixed(1)}); node ${process.version}; the emulator on this machine, no added latency`,
);
console.log("");
console.log("| what | figure | goal |");
console.log("|---|---|---|");
for (const r of results) console.log(`| ${r.what} | ${r.figure} | ${r.goal} |`);
