#!/usr/bin/env node
// `npm run bench:items`: what finding an item costs once the catalogue is kept. For a catalogue of
// 5,000 variants (the emulator grown with --catalogue-size), the time of `reseller items --search`
// from a warm copy, as a ratio to `reseller --version` measured in the same run: each round runs the
// two back to back (alternating which goes first), so a machine that is busier in one round slows
// both. Printed: the median ratio with its min and max, the median times, and how many requests
// reached the service while the searches were timed (a warm copy asks none).
//
// BENCH_ROUNDS (default 21), BENCH_CATALOGUE (default 5000) and BENCH_SEARCH (default
// "mobile legends 86") change the run. Benchmarks are scripts, never timed assertions in tests.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulatorProcess } from "./bench-kit.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "reseller.js");
const rounds = Number(process.env.BENCH_ROUNDS ?? 21);
const size = Number(process.env.BENCH_CATALOGUE ?? 5000);
const search = process.env.BENCH_SEARCH ?? "mobile legends 86";
const goal = 1.5;
const work = mkdtempSync(join(tmpdir(), "reseller-bench-items-"));

// The emulator runs in a process of its own, so the timed processes are spawned synchronously and
// nothing in this process competes with them. It reports each catalogue request on stderr.
const {
  child: emulator,
  baseUrl,
  apiKey,
} = await startEmulatorProcess({
  options: `{ port: 0, catalogueSize: ${size}, log: (line) => { if (line.startsWith("GET /v1/item")) process.stderr.write("request " + line + "\\n"); } }`,
  stderr: "pipe",
});
let catalogueRequests = 0;
emulator.stderr
  .setEncoding("utf8")
  .on("data", (d) => (catalogueRequests += d.split("\n").filter((l) => l.startsWith("request ")).length));

const env = {
  PATH: process.env.PATH,
  HOME: join(work, "home"),
  XDG_CACHE_HOME: join(work, "cache"),
  RESELLER_CONFIG_DIR: join(work, "config"),
  LANG: "C.UTF-8",
};
const run = (args, input) => {
  const result = spawnSync(process.execPath, [bin, ...args], { env, input, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`reseller ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return result;
};
// The key comes from the config store, as for a reseller who ran `reseller login` once.
run(["login", "--with-key", "--base-url", baseUrl], apiKey);
const kept = run(["items", "--refresh", "--json"]).stdout;
const variants = JSON.parse(kept).items.length;
const found = run(["items", "--search", search]).stdout.split("\n").filter(Boolean).length;
// The request log of a sync arrives a moment after the process ends.
const settle = () => new Promise((r) => setTimeout(r, 200));

const version = { name: "reseller --version", args: ["--version"] };
const items = { name: `reseller items --search "${search}"`, args: ["items", "--search", search] };

function timeOnce(command) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [bin, ...command.args], { env, stdio: ["ignore", "ignore", "pipe"] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${command.name} exited ${result.status}: ${result.stderr}`);
  return ms;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const load = loadavg()[0];
// Warm the file cache, and leave each command the code cache a reseller's second call finds.
for (let i = 0; i < 3; i++) {
  timeOnce(version);
  timeOnce(items);
}
await settle();
const requestsBefore = catalogueRequests;
const samples = { version: [], items: [], ratio: [] };
let keptAt = Date.now();
for (let round = 0; round < rounds; round++) {
  // The copy is used without asking while younger than a minute: keep it so, untimed.
  if (Date.now() - keptAt > 30_000) {
    run(["items", "--refresh"]);
    await settle();
    keptAt = Date.now();
  }
  const before = catalogueRequests;
  let v, s;
  if (round % 2) {
    s = timeOnce(items);
    v = timeOnce(version);
  } else {
    v = timeOnce(version);
    s = timeOnce(items);
  }
  await settle();
  if (catalogueRequests !== before) throw new Error("a timed search asked the service: the copy was not warm");
  samples.version.push(v);
  samples.items.push(s);
  samples.ratio.push(s / v);
}
emulator.kill();
rmSync(work, { recursive: true, force: true });

const fmt = (n, digits = 2) => n.toFixed(digits);
const ratio = median(samples.ratio);
console.log(
  `${cpus()[0]?.model ?? "unknown CPU"}, ${availableParallelism()} CPUs, load ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}; node ${process.version}; ${rounds} rounds`,
);
console.log(
  `catalogue: ${variants} variants kept; "${search}" finds ${found}; requests to the service during the timed searches: ${catalogueRequests - requestsBefore}`,
);
console.log("");
console.log("| command | ratio to `reseller --version`: median (min–max) | goal | median time |");
console.log("|---|---|---|---|");
console.log(
  `| \`${items.name}\` (warm copy) | ${fmt(ratio)}x (${fmt(Math.min(...samples.ratio))}–${fmt(Math.max(...samples.ratio))}) | <= ${goal}x ${ratio <= goal ? "met" : "not met"} | ${fmt(median(samples.items), 1)} ms |`,
);
console.log(`| \`${version.name}\` | 1.00x | | ${fmt(median(samples.version), 1)} ms |`);
