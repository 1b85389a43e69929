#!/usr/bin/env node
// The catalogue at a big shop's scale: `node scripts/bench-scale/catalogue.mjs [--quick]` (after
// `npm run build`; also run by `npm run bench:scale`).
// For a catalogue of 5,000 and of 200,000 variants (the emulator grown with catalogueSize), it measures:
//
// - `reseller items --refresh` against a bare client (undici, nothing else) that fetches the same
//   requests the CLI made, at the same concurrency (4), reading each body and parsing it: the cost of
//   everything the CLI does beyond fetching. Both the service's own way (per_page=all answered) and
//   paging (per_page=all refused: pages of 500). Peak memory is the child's maximum resident set
//   (GNU time), when /usr/bin/time is there.
// - `reseller items --search` on a copy over a minute old (a delta is asked first) against the same
//   search on a young copy (the file alone), both piped.
//
// Each round runs the two commands compared back to back, alternating which goes first; the figure is
// the median of the per-round ratios, with its range. BENCH_SIZES (default "5000,200000"),
// BENCH_PAGED_SIZES (default "5000,50000": paging 200k variants through the emulator takes minutes,
// most of them the emulator's own), BENCH_ROUNDS (default 5), BENCH_SEARCH_ROUNDS (default 11) and
// BENCH_PARTS (default "refresh,fetch,paged,search"; "fetch" is --refresh with a search that finds nothing, the fetch alone) change the run. Benchmarks are scripts, never timed assertions in tests.
import { spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  writeSync,
} from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulatorProcess } from "../bench-kit.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "bin", "reseller.js");
// --quick (as `npm run bench:scale -- --quick` passes it): 50,000 variants at most, three rounds.
const quick = process.argv.includes("--quick");
const sizes = (process.env.BENCH_SIZES ?? (quick ? "5000,50000" : "5000,200000")).split(",").map(Number);
const pagedSizes = (process.env.BENCH_PAGED_SIZES ?? (quick ? "5000" : "5000,50000"))
  .split(",")
  .filter(Boolean)
  .map(Number);
const rounds = Number(process.env.BENCH_ROUNDS ?? (quick ? 3 : 5));
const searchRounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 11);
const search = process.env.BENCH_SEARCH ?? "mobile legends 86";
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const work = mkdtempSync(join(tmpdir(), "reseller-bench-catalogue-"));
if (!existsSync(join(root, "dist", "emulator", "server.js"))) throw new Error("Run `npm run build` first.");

/** The emulator in a process of its own, reporting each catalogue request it answers. */
async function startEmulator(size, perPageAll) {
  const { child, baseUrl, apiKey } = await startEmulatorProcess({
    options: `{ port: 0, catalogueSize: ${size}, perPageAll: ${JSON.stringify(perPageAll)}, log: (line) => { if (line.startsWith("GET /v1/item")) process.stderr.write("request " + line.split(" ")[1] + "\\n"); } }`,
    stderr: "pipe",
  });
  const requests = [];
  let partial = "";
  child.stderr.setEncoding("utf8").on("data", (d) => {
    const lines = (partial + d).split("\n");
    partial = lines.pop();
    for (const line of lines) if (line.startsWith("request ")) requests.push(line.slice(8));
  });
  return { baseUrl, apiKey, requests, stop: () => child.kill() };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

/** Runs argv, timed, with its peak memory when GNU time is there. */
function measure(argv, env) {
  const timed = gnuTime ? [gnuTime, "-f", "maxrss=%M", ...argv] : argv;
  const started = process.hrtime.bigint();
  const result = spawnSync(timed[0], timed.slice(1), { env, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const stderr = result.stderr.toString();
  if (result.status !== 0)
    throw new Error(`${argv.slice(1).join(" ")} exited ${result.status}: ${stderr.slice(-2000)}`);
  const rss = /maxrss=(\d+)/.exec(stderr);
  return { ms, mib: rss ? Number(rss[1]) / 1024 : NaN, stdout: result.stdout.toString() };
}

// The bare client: the same requests, 4 at a time, each body read and parsed, nothing else.
const bareClient = `
const { Agent, request } = require(${JSON.stringify(join(root, "node_modules", "undici"))});
const [baseUrl, apiKey, ...paths] = process.argv.slice(1);
const dispatcher = new Agent({ keepAliveTimeout: 10000 });
let next = 0, variants = 0;
async function worker() {
  while (next < paths.length) {
    const path = paths[next++];
    const { body } = await request(baseUrl + path, { dispatcher, headers: { "x-apikey": apiKey, accept: "application/json" }, headersTimeout: 600000, bodyTimeout: 600000 });
    const answer = JSON.parse(await body.text());
    // A refusal (per_page=all when the service pages) is read too, and lists nothing.
    for (const entry of Array.isArray(answer.data) ? answer.data : []) variants += entry.products ? entry.products.reduce((n, p) => n + p.variants.length, 0) : 1;
  }
}
Promise.all([worker(), worker(), worker(), worker()]).then(() => { process.stdout.write(String(variants)); return dispatcher.close(); });
`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
const ratioCell = (ratios) => `${fmt(median(ratios))}x (${fmt(Math.min(...ratios))}–${fmt(Math.max(...ratios))})`;

const rows = [];
const load = loadavg()[0];

/** `quiet`: with a search that finds nothing, so that only the fetch is compared (the bare client prints nothing). */
async function benchRefresh(size, perPageAll, quiet = false) {
  const emulator = await startEmulator(size, perPageAll);
  const env = {
    PATH: process.env.PATH,
    HOME: join(work, "home"),
    RESELLER_CONFIG_DIR: join(work, `config-${size}-${perPageAll}`),
    RESELLER_BASE_URL: emulator.baseUrl,
    RESELLER_API_KEY: emulator.apiKey,
    LANG: "C.UTF-8",
  };
  try {
    // The whole list printed, piped, as a script that keeps its own copy would read it.
    const cli = [process.execPath, bin, "items", "--refresh", ...(quiet ? ["--search", "no-such-item"] : [])];
    const before = emulator.requests.length;
    const first = measure(cli, env);
    await settle();
    const paths = emulator.requests.slice(before);
    const listed = quiet
      ? Number(
          JSON.parse(
            readFileSync(
              join(
                env.RESELLER_CONFIG_DIR,
                "catalogue",
                readdirSync(join(env.RESELLER_CONFIG_DIR, "catalogue")).find((n) => n.endsWith(".jsonl")),
              ),
              "utf8",
            ).slice(0, 4096),
          ).count,
        )
      : first.stdout.split("\n").filter(Boolean).length;
    const bare = [process.execPath, "-e", bareClient, emulator.baseUrl, emulator.apiKey, ...paths];
    const fetched = Number(measure(bare, env).stdout);
    const samples = { cli: [], bare: [], ratio: [], mib: [], bareMib: [] };
    for (let round = 0; round < rounds; round++) {
      const [a, b] = round % 2 ? [measure(bare, env), measure(cli, env)] : [measure(cli, env), measure(bare, env)];
      const [c, d] = round % 2 ? [b, a] : [a, b];
      samples.cli.push(c.ms);
      samples.bare.push(d.ms);
      samples.ratio.push(c.ms / d.ms);
      samples.mib.push(c.mib);
      samples.bareMib.push(d.mib);
    }
    rows.push([
      `\`items --refresh${quiet ? " --search no-such-item" : ""}\`, ${size.toLocaleString("en")} variants, ${perPageAll === "answered" ? "per_page=all" : `${paths.length - 1} pages of 500 (per_page=all refused)`}`,
      `${ratioCell(samples.ratio)} of the bare client`,
      `${fmt(median(samples.cli), 0)} ms vs ${fmt(median(samples.bare), 0)} ms`,
      `${fmt(Math.max(...samples.mib), 0)} MiB (bare: ${fmt(Math.max(...samples.bareMib), 0)} MiB)`,
      `${listed.toLocaleString("en")} listed, ${fetched.toLocaleString("en")} fetched bare, ${paths.length} requests`,
    ]);
  } finally {
    emulator.stop();
  }
}

/** Makes the kept copy look two minutes old: its fixed-size header rewritten in place, the same length. */
function age(configDir) {
  const dir = join(configDir, "catalogue");
  const file = join(
    dir,
    readdirSync(dir).find((name) => name.endsWith(".jsonl")),
  );
  // Only the header is read and written: rewriting the whole 24 MB copy would leave the old copy's
  // run competing with the kernel writing it back.
  const fd = openSync(file, "r+");
  try {
    const head = Buffer.alloc(64 * 1024);
    const read = readSync(fd, head, 0, head.length, 0);
    const end = head.subarray(0, read).indexOf(10);
    const header = JSON.parse(head.subarray(0, end).toString());
    header.synced_at -= 120_000;
    const line = Buffer.from(JSON.stringify(header).padEnd(end, " "));
    if (line.length !== end) throw new Error("the header changed length");
    writeSync(fd, line, 0, line.length, 0);
  } finally {
    closeSync(fd);
  }
}

async function benchSearch(size) {
  const emulator = await startEmulator(size, "answered");
  const configDir = join(work, `search-${size}`);
  const env = {
    PATH: process.env.PATH,
    HOME: join(work, "home"),
    RESELLER_CONFIG_DIR: configDir,
    RESELLER_BASE_URL: emulator.baseUrl,
    RESELLER_API_KEY: emulator.apiKey,
    LANG: "C.UTF-8",
  };
  try {
    measure([process.execPath, bin, "items", "--refresh", "--search", "-"], env);
    const cli = [process.execPath, bin, "items", "--search", search];
    const young = () => measure(cli, env);
    const old = () => {
      age(configDir);
      return measure(cli, env);
    };
    const found = young().stdout.split("\n").filter(Boolean).length;
    old();
    young();
    const samples = { young: [], old: [], ratio: [], mib: [] };
    for (let round = 0; round < searchRounds; round++) {
      let y, o;
      if (round % 2) {
        o = old();
        y = young();
      } else {
        y = young();
        o = old();
      }
      samples.young.push(y.ms);
      samples.old.push(o.ms);
      samples.ratio.push(o.ms / y.ms);
      samples.mib.push(o.mib);
    }
    rows.push([
      `\`items --search "${search}"\` on a copy over a minute old, ${size.toLocaleString("en")} variants`,
      `${ratioCell(samples.ratio)} of a young copy`,
      `${fmt(median(samples.old), 0)} ms vs ${fmt(median(samples.young), 0)} ms`,
      `${fmt(Math.max(...samples.mib), 0)} MiB`,
      `${found} found; the old copy asks a delta first`,
    ]);
  } finally {
    emulator.stop();
  }
}

const parts = (process.env.BENCH_PARTS ?? "refresh,fetch,paged,search").split(",");
try {
  if (parts.includes("refresh")) for (const size of sizes) await benchRefresh(size, "answered");
  if (parts.includes("fetch")) for (const size of sizes) await benchRefresh(size, "answered", true);
  if (parts.includes("paged")) for (const size of pagedSizes) await benchRefresh(size, "refused");
  if (parts.includes("search")) for (const size of sizes) await benchSearch(size);
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, load ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}; ${rounds} rounds (${searchRounds} for searches)`,
);
console.log("");
console.log("| what | median ratio (min–max) | median times | peak memory | |");
console.log("|---|---|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log("");
console.log(
  "Goals: --refresh of 200,000 variants within 1.3x of the bare client, under 150 MiB; a search on an old copy within 1.2x of a young one.",
);
