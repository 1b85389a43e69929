#!/usr/bin/env node
// Start-up cost of `reseller` commands, as ratios against a bare `node` measured in the same run
// (absolute times vary from machine to machine; the ratios are what to compare). `npm run bench:startup`.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "reseller.js");
const runs = Number(process.env.BENCH_RUNS ?? 15);
const { startEmulator } = await import(join(root, "dist", "emulator", "server.js"));
const emulator = await startEmulator({ port: 0 });
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  RESELLER_BASE_URL: emulator.baseUrl,
  RESELLER_API_KEY: emulator.demoApiKey,
  RESELLER_CONFIG_DIR: mkdtempSync(join(tmpdir(), "reseller-bench-")),
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// spawnSync would block the emulator living in this process, so each run is awaited asynchronously.

function timeOnce(args) {
  return new Promise((resolvePromise, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "ignore"] });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`${args.join(" ")} exited ${code}`));
      resolvePromise(Number(process.hrtime.bigint() - started) / 1e6);
    });
  });
}

async function measure(args) {
  await timeOnce(args); // warm the file cache
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await timeOnce(args));
  return median(times);
}

const cases = [
  ["node -e 0 (baseline)", ["-e", "0"]],
  ["reseller --version", [bin, "--version"]],
  ["reseller balance", [bin, "balance"]],
  ["reseller balance --json", [bin, "balance", "--json"]],
  ["reseller item 12", [bin, "item", "12"]],
  ["reseller lock list", [bin, "lock", "list"]],
  ["reseller history", [bin, "history"]],
];

const results = [];
for (const [name, args] of cases) results.push([name, await measure(args)]);
await emulator.close();


const baseline = results[0][1];
console.log(`median of ${runs} runs each, node ${process.version}`);
for (const [name, ms] of results) console.log(`${name.padEnd(28)} ${ms.toFixed(1).padStart(7)} ms   ${(ms / baseline).toFixed(2)}x baseline`);
