#!/usr/bin/env node
// `npm run bench`: what a `reseller` call costs, as paired ratios against baselines measured in the
// same run. Each round runs a baseline and the command under test back to back (alternating which
// goes first), so a machine that is busier in one round than another slows both; the ratio of the
// pair is what is compared. Printed: the median ratio with its min and max over the rounds, the
// median times, and the peak memory (max RSS) of each command. Absolute times vary from machine to
// machine and minute to minute; the ratios are the figures to compare.
//
// BENCH_ROUNDS (default 15) sets the rounds. Benchmarks are scripts, never timed assertions in tests.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "reseller.js");
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const work = mkdtempSync(join(tmpdir(), "reseller-bench-"));

// The emulator runs in a process of its own, so the timed processes are spawned synchronously and
// nothing in this process competes with them.
const emulator = spawn(
  process.execPath,
  ["--input-type=module", "-e", `const { startEmulator } = await import(${JSON.stringify(join(root, "dist", "emulator", "server.js"))});
   const e = await startEmulator({ port: 0 });
   process.stdout.write(JSON.stringify({ baseUrl: e.baseUrl, apiKey: e.demoApiKey }) + "\\n");`],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const { baseUrl, apiKey } = await new Promise((done, fail) => {
  let text = "";
  emulator.stdout.setEncoding("utf8").on("data", (d) => {
    text += d;
    if (text.includes("\n")) done(JSON.parse(text));
  });
  emulator.on("exit", (code) => fail(new Error(`the emulator exited ${code}`)));
});

const configDir = join(work, "config");
const env = { PATH: process.env.PATH, HOME: join(work, "home"), XDG_CACHE_HOME: join(work, "cache"), RESELLER_CONFIG_DIR: configDir, LANG: "C.UTF-8" };
// The key comes from the config store, as for a reseller who ran `reseller login` once.
const login = spawnSync(process.execPath, [bin, "login", "--with-key", "--base-url", baseUrl], { env, input: apiKey, encoding: "utf8" });
if (login.status !== 0) throw new Error(`login failed: ${login.stderr}`);

// The baselines: Node doing nothing, and a bare script doing balance's GET with node:http.
const empty = join(work, "empty.cjs");
writeFileSync(empty, "");
const bareGet = join(work, "bare-get.cjs");
writeFileSync(
  bareGet,
  `const { profiles } = JSON.parse(require("node:fs").readFileSync(${JSON.stringify(join(configDir, "config.json"))}, "utf8"));
const { base_url, api_key } = profiles.default;
require("node:http").get(base_url + "/v1/balance", { headers: { "x-apikey": api_key, accept: "application/json" } }, (res) => {
  let body = "";
  res.setEncoding("utf8").on("data", (d) => (body += d)).on("end", () => process.stdout.write(body + "\\n"));
});
`,
);

const node = (...args) => ({ argv: [process.execPath, ...args] });
const reseller = (args, extraEnv = {}) => ({ argv: [process.execPath, bin, ...args], env: extraEnv });
const emptyFile = { name: "node, an empty file", ...node(empty) };
const bareBalance = { name: "node:http GET /v1/balance", ...node(bareGet) };
const noCache = { RESELLER_NO_CODE_CACHE: "1" };

const rows = [
  { name: "reseller --version", goal: 1.15, baseline: emptyFile, ...reseller(["--version"]) },
  { name: "reseller --help", goal: 1.3, baseline: emptyFile, ...reseller(["--help"]) },
  { name: "reseller --help (no code cache)", baseline: emptyFile, ...reseller(["--help"], noCache) },
  { name: "reseller history", baseline: emptyFile, ...reseller(["history"]) },
  { name: "reseller config list", baseline: emptyFile, ...reseller(["config", "list"]) },
  { name: "reseller balance --json", goal: 1.5, memoryGoal: 70, baseline: bareBalance, ...reseller(["balance", "--json"]) },
  { name: "reseller balance --json (no code cache)", baseline: bareBalance, ...reseller(["balance", "--json"], noCache) },
  { name: "reseller item 12", baseline: bareBalance, ...reseller(["item", "12"]) },
];

function timeOnce(command) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command.argv[0], command.argv.slice(1), { env: { ...env, ...command.env }, stdio: ["ignore", "ignore", "pipe"] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${command.argv.slice(1).join(" ")} exited ${result.status}: ${result.stderr}`);
  return ms;
}

// Peak memory from the kernel's rusage of the child, through GNU time where it is installed.
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
function peakMiB(command) {
  if (!gnuTime) return undefined;
  const out = join(work, "time.txt");
  const result = spawnSync(gnuTime, ["-f", "%M", "-o", out, ...command.argv], { env: { ...env, ...command.env }, stdio: "ignore" });
  if (result.status !== 0) return undefined;
  return Number(readFileSync(out, "utf8").trim().split("\n").pop()) / 1024;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const load = loadavg()[0];
// Warm the file cache, and leave each command the code cache a reseller's second call finds.
for (const row of rows) {
  timeOnce(row.baseline);
  timeOnce(row);
  timeOnce(row);
}
const samples = rows.map(() => ({ subject: [], baseline: [], ratio: [] }));
for (let round = 0; round < rounds; round++) {
  rows.forEach((row, i) => {
    let subject, baseline;
    if (round % 2) {
      subject = timeOnce(row);
      baseline = timeOnce(row.baseline);
    } else {
      baseline = timeOnce(row.baseline);
      subject = timeOnce(row);
    }
    samples[i].subject.push(subject);
    samples[i].baseline.push(baseline);
    samples[i].ratio.push(subject / baseline);
  });
}
const memory = rows.map((row) => median([peakMiB(row), peakMiB(row), peakMiB(row)].filter((m) => m !== undefined)));
const baselineMemory = new Map([emptyFile, bareBalance].map((b) => [b, median([peakMiB(b), peakMiB(b), peakMiB(b)])]));

emulator.kill();
rmSync(work, { recursive: true, force: true });

const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
console.log(`${cpus()[0]?.model ?? "unknown CPU"}, ${availableParallelism()} CPUs, load ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}; node ${process.version}; ${rounds} rounds`);
console.log("");
console.log("| command | baseline (same run) | ratio: median (min–max) | goal | median time vs baseline | peak memory |");
console.log("|---|---|---|---|---|---|");
rows.forEach((row, i) => {
  const s = samples[i];
  const ratio = median(s.ratio);
  const goal = row.goal ? `<= ${row.goal}x ${ratio <= row.goal ? "met" : "not met"}` : "";
  const mem = memory[i];
  const memGoal = row.memoryGoal && Number.isFinite(mem) ? ` (<= ${row.memoryGoal} MiB ${mem <= row.memoryGoal ? "met" : "not met"})` : "";
  console.log(
    `| \`${row.name}\` | ${row.baseline.name} | ${fmt(ratio)}x (${fmt(Math.min(...s.ratio))}–${fmt(Math.max(...s.ratio))}) | ${goal} | ` +
      `${fmt(median(s.subject), 1)} ms vs ${fmt(median(s.baseline), 1)} ms | ${fmt(mem, 1)} MiB${memGoal} |`,
  );
});
console.log("");
console.log(`peak memory of the baselines: ${[...baselineMemory].map(([b, m]) => `${b.name} ${fmt(m, 1)} MiB`).join(", ")}`);
