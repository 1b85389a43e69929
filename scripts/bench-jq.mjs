#!/usr/bin/env node
// `npm run bench:jq`: what `--jq` costs, as the paired ratio of `reseller balance --jq .data.balance`
// to `reseller balance --json` measured in the same run. Each round runs the two back to back,
// alternating which goes first, so a machine busier in one round slows both; the median ratio of the
// pairs (with its min and max) is the figure to compare, the times are for orientation. A third row
// pipes `balance --json` into the jq program, when one is installed, for the cost of the pipe --jq saves.
//
// BENCH_ROUNDS (default 15). Benchmarks are scripts, never timed assertions in tests.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulatorProcess } from "./bench-kit.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "reseller.js");
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const work = mkdtempSync(join(tmpdir(), "reseller-bench-jq-"));

// The emulator runs in a process of its own, so nothing in this process competes with the timed ones.
process.on("exit", () => rmSync(work, { recursive: true, force: true }));
const { baseUrl, apiKey } = await startEmulatorProcess();

const env = {
  PATH: process.env.PATH,
  HOME: join(work, "home"),
  XDG_CACHE_HOME: join(work, "cache"),
  RESELLER_CONFIG_DIR: join(work, "config"),
  RESELLER_BASE_URL: baseUrl,
  RESELLER_API_KEY: apiKey,
  LANG: "C.UTF-8",
};

const json = { name: "reseller balance --json", argv: [process.execPath, bin, "balance", "--json"] };
const jq = {
  name: "reseller balance --jq .data.balance",
  argv: [process.execPath, bin, "balance", "--jq", ".data.balance"],
};
const hasJq = spawnSync("sh", ["-c", "command -v jq"], { stdio: "ignore" }).status === 0;
const piped = hasJq
  ? {
      name: "reseller balance --json | jq -r .data.balance",
      argv: ["sh", "-c", `"$0" "$1" balance --json | jq -r .data.balance`, process.execPath, bin],
    }
  : undefined;

function timeOnce(command) {
  const started = process.hrtime.bigint();
  // stdout is a pipe, as for a script that reads what reseller prints.
  const result = spawnSync(command.argv[0], command.argv.slice(1), { env, stdio: ["ignore", "pipe", "pipe"] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${command.name} exited ${result.status}: ${result.stderr}`);
  return { ms, stdout: result.stdout.toString() };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// The answers agree, and every command leaves the code cache a reseller's second call finds.
const expected = JSON.parse(timeOnce(json).stdout).data.balance;
for (const command of [jq, piped].filter(Boolean)) {
  const got = timeOnce(command).stdout.trim();
  if (got !== String(expected)) throw new Error(`${command.name} printed ${got}, not ${expected}`);
}

const load = loadavg()[0];
const measured = [jq, piped].filter(Boolean).map((command) => ({ command, ratios: [], times: [], baseTimes: [] }));
for (let round = 0; round < rounds; round++) {
  for (const row of measured) {
    const pair = round % 2 ? [row.command, json] : [json, row.command];
    const [a, b] = pair.map((c) => timeOnce(c).ms);
    const [ms, baseMs] = round % 2 ? [a, b] : [b, a];
    row.times.push(ms);
    row.baseTimes.push(baseMs);
    row.ratios.push(ms / baseMs);
  }
}

console.log(`--jq against --json, ${rounds} paired rounds (node ${process.version}, load ${load.toFixed(2)})`);
console.log(
  `${"command".padEnd(50)} ${"median".padStart(9)} ${"vs --json".padStart(9)} ${"median ratio".padStart(12)} ${"min–max".padStart(13)}`,
);
for (const row of measured) {
  const ratio = median(row.ratios);
  const range = `${Math.min(...row.ratios).toFixed(2)}–${Math.max(...row.ratios).toFixed(2)}`;
  console.log(
    `${row.command.name.padEnd(50)} ${`${median(row.times).toFixed(1)} ms`.padStart(9)} ${`${median(row.baseTimes).toFixed(1)} ms`.padStart(9)} ${`${ratio.toFixed(2)}x`.padStart(12)} ${range.padStart(13)}`,
  );
}
