#!/usr/bin/env node
// `npm run bench`: what a `reseller` call costs, as paired ratios against baselines measured in the
// same run. Each round runs a baseline and the command under test back to back (alternating which
// goes first), so a machine that is busier in one round than another slows both; the ratio of the
// pair is what is compared. Printed: the median ratio with its min and max over the rounds, the
// median times, and the peak memory (max RSS) of each command. Absolute times vary from machine to
// machine and minute to minute; the ratios are the figures to compare.
//
// BENCH_LANG=id runs every command with an Indonesian locale (LANG=id_ID.UTF-8), so the words and
// the piped help come from the Indonesian catalogue; the baselines are the same in both.
// BENCH_ROUNDS (default 15) sets the rounds of the start-up rows. The bulk rows (`buy --file` with
// BENCH_BULK_ORDERS orders, default 1000, at 100 ms a request, against a bare loop of undici
// requests at the same concurrency) take minutes: BENCH_BULK_ROUNDS (default 3), BENCH_BULK=0 skips
// them. Benchmarks are scripts, never timed assertions in tests.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulatorProcess } from "./bench-kit.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "reseller.js");
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const work = mkdtempSync(join(tmpdir(), "reseller-bench-"));

// The emulator runs in a process of its own, so the timed processes are spawned synchronously and
// nothing in this process competes with them.
const { child: emulator, baseUrl, apiKey } = await startEmulatorProcess();

const configDir = join(work, "config");
const env = {
  PATH: process.env.PATH,
  HOME: join(work, "home"),
  XDG_CACHE_HOME: join(work, "cache"),
  RESELLER_CONFIG_DIR: configDir,
  LANG: process.env.BENCH_LANG === "id" ? "id_ID.UTF-8" : "C.UTF-8",
};
// The key comes from the config store, as for a reseller who ran `reseller login` once.
const login = spawnSync(process.execPath, [bin, "login", "--with-key", "--base-url", baseUrl], {
  env,
  input: apiKey,
  encoding: "utf8",
});
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
const balanceJson = { name: "reseller balance --json", ...reseller(["balance", "--json"]) };

/** @type {{ name: string, goal?: number, memoryGoal?: number, baseline: { name: string, argv: string[] }, argv: string[], env?: Record<string, string> }[]} */
const rows = [
  { name: "reseller --version", goal: 1.15, baseline: emptyFile, ...reseller(["--version"]) },
  // What the launcher's answer from the bundle's first line saves: the same through the CLI.
  { name: "reseller --version --no-color (the CLI)", baseline: emptyFile, ...reseller(["--version", "--no-color"]) },
  { name: "reseller --help", goal: 1.3, baseline: emptyFile, ...reseller(["--help"]) },
  // What --help costs on a terminal, where commander lays it out: `help` takes that path piped too.
  { name: "reseller help (commander)", baseline: emptyFile, ...reseller(["help"]) },
  { name: "reseller help (no code cache)", baseline: emptyFile, ...reseller(["help"], noCache) },
  { name: "reseller history", baseline: emptyFile, ...reseller(["history"]) },
  { name: "reseller config list", baseline: emptyFile, ...reseller(["config", "list"]) },
  {
    name: "reseller balance --json",
    goal: 1.5,
    memoryGoal: 70,
    baseline: bareBalance,
    ...reseller(["balance", "--json"]),
  },
  {
    name: "reseller balance --json (no code cache)",
    baseline: bareBalance,
    ...reseller(["balance", "--json"], noCache),
  },
  { name: "reseller item 12", baseline: bareBalance, ...reseller(["item", "12"]) },
  {
    name: "reseller balance --jq .data.balance",
    goal: 1.5,
    baseline: balanceJson,
    ...reseller(["balance", "--jq", ".data.balance"]),
  },
];

function timeOnce(command) {
  const started = process.hrtime.bigint();
  // stdout is a pipe, as for a script that reads what reseller prints.
  const result = spawnSync(command.argv[0], command.argv.slice(1), {
    env: { ...env, ...command.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`${command.argv.slice(1).join(" ")} exited ${result.status}: ${result.stderr}`);
  return ms;
}

// Peak memory from the kernel's rusage of the child, through GNU time where it is installed.
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
function peakMiB(command) {
  if (!gnuTime) return undefined;
  const out = join(work, "time.txt");
  const result = spawnSync(gnuTime, ["-f", "%M", "-o", out, ...command.argv], {
    env: { ...env, ...command.env },
    stdio: "ignore",
  });
  if (result.status !== 0) return undefined;
  return Number(readFileSync(out, "utf8").trim().split("\n").pop()) / 1024;
}

/** A long run timed whole, its peak memory taken on the way when GNU time is there. */
function timeWithMemory(command) {
  const out = join(work, "time.txt");
  const argv = gnuTime ? [gnuTime, "-f", "%M", "-o", out, ...command.argv] : command.argv;
  const started = process.hrtime.bigint();
  const result = spawnSync(argv[0], argv.slice(1), {
    env: { ...env, ...command.env },
    stdio: ["ignore", "ignore", "pipe"],
    maxBuffer: 64 << 20,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`${command.argv.slice(1).join(" ")} exited ${result.status}: ${result.stderr}`);
  return { ms, peak: gnuTime ? Number(readFileSync(out, "utf8").trim().split("\n").pop()) / 1024 : undefined };
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

// Bulk buying. Each run buys from a file of its own (fresh notes, so fresh ref_ids) with a fresh
// journal, as a shop's first run of the day would; the bare loop sends the same purchases.
const bulkRows = [];
if (process.env.BENCH_BULK !== "0") {
  const orders = Number(process.env.BENCH_BULK_ORDERS ?? 1000);
  const bulkRounds = Number(process.env.BENCH_BULK_ROUNDS ?? 3);
  const control = (path, body) =>
    fetch(`${baseUrl}/__emulator/${path}`, {
      method: "POST",
      headers: { "X-APIKEY": apiKey, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  await control("balance", { api_key: apiKey, balance: 1_000_000_000_000 });
  await control("faults", { latency_ms: 100 });
  const bareLoop = join(work, "bare-loop.cjs");
  writeFileSync(
    bareLoop,
    `const { Agent, request } = require(${JSON.stringify(join(root, "node_modules", "undici"))});
const [file, concurrency] = [process.argv[2], Number(process.argv[3])];
const lines = require("node:fs").readFileSync(file, "utf8").trim().split("\\n").slice(1);
const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
let next = 0;
async function worker() {
  while (next < lines.length) {
    const row = next++;
    const [item_id, quantity, note] = lines[row].split(",");
    const body = JSON.stringify({ ref_id: "BARE-" + note, carts: [{ item_id: Number(item_id), quantity: Number(quantity), note }] });
    const res = await request(${JSON.stringify(baseUrl)} + "/v1/trx", { method: "POST", dispatcher, body,
      headers: { "x-apikey": ${JSON.stringify(apiKey)}, "content-type": "application/json", accept: "application/json" } });
    const answer = JSON.parse(await res.body.text());
    if (res.statusCode !== 200) throw new Error("row " + row + ": HTTP " + res.statusCode + " " + JSON.stringify(answer));
  }
}
Promise.all(Array.from({ length: concurrency }, worker)).then(() => dispatcher.close());
`,
  );
  let run = 0;
  const ordersFile = () => {
    run += 1;
    const file = join(work, `orders-${run}.csv`);
    const lines = Array.from(
      { length: orders },
      (_, i) => `12,1,08${String(run).padStart(3, "0")}${String(i).padStart(7, "0")}`,
    );
    writeFileSync(file, `item_id,quantity,note\n${lines.join("\n")}\n`);
    return file;
  };
  const bulkEnv = { RESELLER_BASE_URL: baseUrl, RESELLER_API_KEY: apiKey };
  for (const concurrency of [4, 16]) {
    const row = {
      name: `reseller buy --file (${orders} orders, 100 ms a request, --concurrency ${concurrency})`,
      goal: 1.1,
      baseline: { name: `bare undici loop, ${concurrency} at a time` },
    };
    const sample = { subject: [], baseline: [], ratio: [], memory: [] };
    for (let round = 0; round < bulkRounds; round++) {
      const subject = () => {
        const dir = join(work, `bulk-config-${run + 1}`);
        const argv = [process.execPath, bin, "buy", "--file", ordersFile(), "--concurrency", String(concurrency)];
        return timeWithMemory({ argv, env: { ...bulkEnv, RESELLER_CONFIG_DIR: dir } });
      };
      const baseline = () => timeWithMemory({ argv: [process.execPath, bareLoop, ordersFile(), String(concurrency)] });
      let a, b;
      if (round % 2) {
        a = subject();
        b = baseline();
      } else {
        b = baseline();
        a = subject();
      }
      sample.subject.push(a.ms);
      sample.baseline.push(b.ms);
      sample.ratio.push(a.ms / b.ms);
      if (a.peak !== undefined) sample.memory.push(a.peak);
    }
    bulkRows.push({ row, sample, rounds: bulkRounds });
  }
}

emulator.kill();
rmSync(work, { recursive: true, force: true });

const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
console.log(
  `${cpus()[0]?.model ?? "unknown CPU"}, ${availableParallelism()} CPUs, load ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}; node ${process.version}; ${rounds} rounds; ${env.LANG.startsWith("id") ? "Indonesian" : "English"}`,
);
console.log("");
console.log(
  "| command | baseline (same run) | ratio: median (min–max) | goal | median time vs baseline | peak memory |",
);
console.log("|---|---|---|---|---|---|");
rows.forEach((row, i) => {
  const s = samples[i];
  const ratio = median(s.ratio);
  const goal = row.goal ? `<= ${row.goal}x ${ratio <= row.goal ? "met" : "not met"}` : "";
  const mem = memory[i];
  const memGoal =
    row.memoryGoal && Number.isFinite(mem)
      ? ` (<= ${row.memoryGoal} MiB ${mem <= row.memoryGoal ? "met" : "not met"})`
      : "";
  console.log(
    `| \`${row.name}\` | ${row.baseline.name} | ${fmt(ratio)}x (${fmt(Math.min(...s.ratio))}–${fmt(Math.max(...s.ratio))}) | ${goal} | ` +
      `${fmt(median(s.subject), 1)} ms vs ${fmt(median(s.baseline), 1)} ms | ${fmt(mem, 1)} MiB${memGoal} |`,
  );
});
for (const { row, sample, rounds: n } of bulkRows) {
  const ratio = median(sample.ratio);
  console.log(
    `| \`${row.name}\` | ${row.baseline.name} | ${fmt(ratio)}x (${fmt(Math.min(...sample.ratio))}–${fmt(Math.max(...sample.ratio))}), ${n} rounds | ` +
      `<= ${row.goal}x ${ratio <= row.goal ? "met" : "not met"} | ${fmt(median(sample.subject) / 1000, 2)} s vs ${fmt(median(sample.baseline) / 1000, 2)} s | ${fmt(median(sample.memory), 1)} MiB |`,
  );
}
console.log("");
console.log(
  `peak memory of the baselines: ${[...baselineMemory].map(([b, m]) => `${b.name} ${fmt(m, 1)} MiB`).join(", ")}`,
);
