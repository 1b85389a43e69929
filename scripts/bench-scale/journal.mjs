#!/usr/bin/env node
// The journal at a big shop's scale: `trx show REF`, `buy --ref-id X` (a ref_id already bought),
// `history` (its default view) and `report` (today's books) run by the built CLI against the emulator, with a journal of 1k
// orders and one of 100k, as a ratio of the large to the small measured in the same run (each round
// runs both back to back, so a busier machine slows both). Also: the first use of each journal (a
// journal written the way an earlier release wrote it is imported into the records database then),
// `history --json` of everything and the journal's own streaming reader over everything,
// and with a journal of 1M orders: its import and the commands above still answering.
//
// The journals are grown by writing records in the journal's format directly: ~5 per order
// (intent, attempt, outcome, status, sometimes a failed attempt or an outcome settled weeks later
// by reconcile), 3,000 orders a day ending now, several profiles and service addresses, a few lines
// torn by a crash. Goals: within 1.2x of 1k, peak memory under 80 MiB.
//
// `node scripts/bench-scale/journal.mjs [--quick] [--stream]` (after `npm run build`); --quick: 1k vs
// 20k, no 1M; --stream: only `history --json` of everything's peak memory at 1k, 100k and 300k.
// BENCH_ROUNDS (default 7, quick 3) changes the run. Benchmarks are scripts, never timed assertions.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulatorProcess } from "../bench-kit.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = join(root, "bin", "reseller.js");
const quick = process.argv.includes("--quick");
/** Only `history --json` of everything by journal size (see below). */
const streamOnly = process.argv.includes("--stream");
const small = 1_000;
const large = quick ? 20_000 : 100_000;
const huge = Number(process.env.BENCH_HUGE ?? (quick ? 0 : 1_000_000));
const rounds = Number(process.env.BENCH_ROUNDS ?? (quick ? 3 : 7));
const timeGoal = 1.2;
const memoryGoalMiB = 80;
const work = mkdtempSync(join(tmpdir(), "reseller-bench-journal-"));
const hasTime = existsSync("/usr/bin/time");

if (!existsSync(join(root, "dist", "emulator", "server.js"))) {
  console.error("Run `npm run build` first.");
  process.exit(2);
}

const { child: emulator, baseUrl, apiKey } = await startEmulatorProcess();

const envFor = (configDir) => ({
  PATH: process.env.PATH,
  HOME: join(work, "home"),
  RESELLER_CONFIG_DIR: configDir,
  LANG: "C.UTF-8",
  TZ: "Asia/Jakarta",
});

/** One run of the CLI: wall time, peak memory (MiB, from /usr/bin/time) and the exit code. */
function runOnce(configDir, args, { ok = [0] } = {}) {
  const command = hasTime ? "/usr/bin/time" : process.execPath;
  const argv = hasTime ? ["-f", "%M", process.execPath, bin, ...args] : [bin, ...args];
  const started = process.hrtime.bigint();
  const result = spawnSync(command, argv, {
    env: envFor(configDir),
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const stderrLines = result.stderr.trim().split("\n");
  const kib = hasTime ? Number(stderrLines.at(-1)) : Number.NaN;
  if (!ok.includes(result.status))
    throw new Error(`reseller ${args.join(" ")} exited ${result.status}: ${result.stderr.slice(-2000)}`);
  return { ms, mib: kib / 1024, status: result.status };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const hex = (n) => randomBytes(n).toString("hex");
const refAt = (ms) =>
  `RSL-${new Date(ms).toISOString().slice(0, 10).replaceAll("-", "")}-${randomBytes(8).toString("base64url").slice(0, 10).toUpperCase()}`;
const notes = ["081234567890", "085712345678", "087812340000", "123456789 (2345)", "https://instagram.com/shop"];
const items = [
  { item_id: 12, price: 11_500 },
  { item_id: 22, price: 5_600 },
  { item_id: 7, price: 86_000 },
  { item_id: 31, price: 150_000 },
];

/**
 * Writes a journal of `orders` purchases the way the current release writes them, 3,000 a day
 * ending an hour ago; returns a few ref_ids from it. Most are this profile's at this address; some
 * are another profile's and another address's (the emulator of the quick start).
 */
function growJournal(configDir, orders) {
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const fd = openSync(join(configDir, "journal.jsonl"), "a", 0o600);
  const dayMs = 86_400_000;
  const endMs = Date.now() - 3_600_000;
  const startMs = endMs - (orders / 3000) * dayMs;
  const step = (endMs - startMs) / orders;
  const late = [];
  const refs = [];
  let chunk = [];
  const flush = () => {
    if (chunk.length) writeSync(fd, chunk.join(""));
    chunk = [];
  };
  for (let i = 0; i < orders; i++) {
    const t = startMs + i * step;
    const at = (plus = 0) => new Date(t + plus).toISOString();
    const entry = hex(6);
    const ref = refAt(t);
    const roll = Math.random();
    const profile = roll < 0.9 ? "default" : "shop2";
    const base = roll < 0.97 ? baseUrl : "http://127.0.0.1:8080";
    const item = pick(items);
    const request = { carts: [{ item_id: item.item_id, quantity: 1, note: pick(notes) }] };
    if (i % Math.max(1, Math.floor(orders / 20)) === 0) refs.push(ref);
    const line = (r) => chunk.push(`${JSON.stringify({ v: 1, entry, ...r })}\n`);
    line({
      type: "intent",
      at: at(),
      kind: "buy",
      profile,
      base_url: base,
      ref_id: ref,
      request,
      pid: 4242,
      host: "shop-pc",
    });
    line({ type: "attempt", at: at(5), attempt: 1 });
    const invoice = `INV-${hex(5).toUpperCase()}`;
    if (roll < 0.01) {
      // The answer was lost; reconcile settles it weeks later, far down the journal.
      line({ type: "attempt_failed", at: at(9_000), attempt: 1, error: "UND_ERR_SOCKET", may_have_reached: true });
      line({
        type: "outcome",
        at: at(9_100),
        outcome: "unknown",
        reason: "no answer after 1 attempt: UND_ERR_SOCKET",
        code: "UND_ERR_SOCKET",
      });
      late.push({
        at: i + Math.floor(orders / 10),
        record: {
          v: 1,
          entry,
          type: "outcome",
          outcome: "done",
          invoice,
          amount: item.price,
          status: "completed",
          by: "reconcile",
        },
      });
    } else if (roll < 0.03) {
      line({ type: "outcome", at: at(300), outcome: "refused", code: "BALANCE_IS_INSUFFICIENT", http_status: 400 });
    } else {
      line({
        type: "outcome",
        at: at(300),
        outcome: "done",
        invoice,
        amount: item.price,
        status: "paid",
        by: "answer",
      });
      line({ type: "status", at: at(40_000), status: roll < 0.05 ? "failed" : "completed", invoice });
    }
    // A power loss mid-write, now and then: the next record lands on the torn line.
    if (i % 50_000 === 49_999) chunk.push('{"v":1,"entry":"torn","type":"outco');
    while (late.length && late[0].at <= i) {
      const { record } = late.shift();
      chunk.push(`${JSON.stringify({ ...record, at: at(1000) })}\n`);
    }
    if (chunk.length > 20_000) flush();
  }
  for (const { record } of late) chunk.push(`${JSON.stringify({ ...record, at: new Date(endMs).toISOString() })}\n`);
  flush();
  closeSync(fd);
  return refs;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

/** Logs in and buys once with a generated ref_id (which reads nothing from the journal); returns that ref_id. */
function loginAndBuy(configDir) {
  const login = spawnSync(process.execPath, [bin, "login", "--with-key", "--base-url", baseUrl], {
    env: envFor(configDir),
    input: apiKey,
    encoding: "utf8",
  });
  if (login.status !== 0) throw new Error(`login exited ${login.status}: ${login.stderr}`);
  const bought = spawnSync(
    process.execPath,
    // --again: the grown journal holds the same order, and the repeat check would ask about it.
    [bin, "buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--again", "--yes", "--json"],
    { env: envFor(configDir), encoding: "utf8" },
  );
  if (bought.status !== 0) throw new Error(`buy exited ${bought.status}: ${bought.stderr}`);
  return JSON.parse(bought.stdout).data.ref_id;
}

/** A config dir with a grown journal, logged in, with one real purchase at its end, then its first use. */
function prepare(name, orders) {
  const configDir = join(work, name);
  const started = Date.now();
  const refs = growJournal(configDir, orders);
  const grownMs = Date.now() - started;
  // First use: the journal an earlier release wrote is imported into the records database.
  const first = runOnce(configDir, ["history", "--limit", "1"]);
  const realRef = loginAndBuy(configDir);
  return { name, orders, configDir, refs, realRef, grownMs, first };
}

console.log(
  `Journal at scale: ${small.toLocaleString("en")} vs ${large.toLocaleString("en")} orders, ${rounds} rounds, medians${quick ? " (--quick)" : ""}.`,
);
const sets = [prepare("small", small), prepare("large", large)];
for (const s of sets) {
  console.log(
    `  ${s.orders.toLocaleString("en")} orders: grown in ${s.grownMs} ms; first use (migration) ${fmt(s.first.ms)} ms, ${fmt(s.first.mib)} MiB`,
  );
}

const commands = [
  { name: "trx show REF", args: (s) => ["trx", "show", s.realRef] },
  // An existing ref_id: the service refuses it (exit 1) after the journal is asked whether it was ours.
  {
    name: "buy --ref-id X (existing)",
    args: (s) => [
      "buy",
      "--item",
      "12",
      "--qty",
      "1",
      "--note",
      "081234567890",
      "--ref-id",
      s.realRef,
      "--again",
      "--yes",
    ],
    ok: [0, 1],
  },
  // A generated ref_id: the repeat check finds the same order bought before and refuses (exit 2), nothing sent.
  {
    name: "buy (repeat check)",
    args: () => ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--yes"],
    ok: [2],
    goal: 1.3,
  },
  { name: "history", args: () => ["history"] },
  // The day's books: read newest first from the journal's end, stopping at the day's start (WIB).
  { name: "report (today)", args: () => ["report"], goal: 1.3 },
  // Every order's books (issue 37): counted as read, the peak must not follow the journal either.
  {
    name: "report --since (everything)",
    args: () => ["report", "--since", "2000-01-01", "--no-refresh"],
    rounds: quick ? 1 : 5,
  },
  // Every order, streamed: the peak must not follow the journal (the stream section below goes further).
  {
    name: "history --json (everything)",
    args: () => ["history", "--json", "--since", "2000-01-01"],
    rounds: quick ? 1 : 5,
  },
];

// The store's own readers, for the commands whose code is still being moved onto them: a node
// process that loads the journal module and asks what each command asks.
const storeScript = (body) => `
  const { openJournal } = await import(${JSON.stringify(join(root, "dist", "journal", "journal.js"))});
  const journal = openJournal(process.argv[1]);
  const ref = process.argv[2];
  let n = 0;
  ${body}
  process.stdout.write(String(n));`;
const storeReaders = [
  // Holds nothing: each entry is serialised and dropped, as a streaming `history --json` would.
  {
    name: "journal.newestFirst() of everything",
    body: "for (const e of journal.newestFirst()) { n++; JSON.stringify(e); }",
    rounds: quick ? 1 : 3,
  },
  {
    name: "journal.newestFirst() first 50 (history)",
    body: "for (const e of journal.newestFirst()) { if (++n >= 50) break; }",
  },
  { name: "journal.byRefId(REF) (buy --ref-id's check)", body: "n = journal.byRefId(ref).length;" },
  { name: "journal.unsettled() (reconcile)", body: "n = journal.unsettled().length;" },
];
function storeOnce(s, body) {
  const argv = [process.execPath, "--input-type=module", "-e", storeScript(body), s.configDir, s.realRef];
  const started = process.hrtime.bigint();
  const result = hasTime
    ? spawnSync("/usr/bin/time", ["-f", "%M", ...argv], { encoding: "utf8" })
    : spawnSync(argv[0], argv.slice(1), { encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`the store's reader exited ${result.status}: ${result.stderr}`);
  return { ms, mib: Number(result.stderr.trim().split("\n").at(-1)) / 1024, status: Number(result.stdout) };
}

const rows = [];
for (const command of streamOnly ? [] : commands) {
  const times = { small: [], large: [] };
  const mems = { small: [], large: [] };
  const n = command.rounds ?? rounds;
  for (let round = 0; round < n; round++) {
    const order = round % 2 ? [...sets].reverse() : sets;
    for (const s of order) {
      const r = runOnce(s.configDir, command.args(s), { ok: command.ok });
      times[s.name].push(r.ms);
      mems[s.name].push(r.mib);
    }
  }
  rows.push({
    name: command.name,
    goal: command.goal,
    small: median(times.small),
    large: median(times.large),
    smallMiB: median(mems.small),
    largeMiB: median(mems.large),
  });
}
for (const reader of streamOnly ? [] : storeReaders) {
  const times = { small: [], large: [] };
  const mems = { small: [], large: [] };
  const n = reader.rounds ?? rounds;
  for (let round = 0; round < n; round++) {
    const order = round % 2 ? [...sets].reverse() : sets;
    for (const s of order) {
      const r = storeOnce(s, reader.body);
      times[s.name].push(r.ms);
      mems[s.name].push(r.mib);
    }
  }
  rows.push({
    name: reader.name,
    small: median(times.small),
    large: median(times.large),
    smallMiB: median(mems.small),
    largeMiB: median(mems.large),
  });
}

const pad = (text, n) => String(text).padEnd(n);
const padl = (text, n) => String(text).padStart(n);
console.log("");
console.log(
  `${pad("command", 46)}${padl(`${small / 1000}k ms`, 10)}${padl(`${large / 1000}k ms`, 10)}${padl("ratio", 8)}${padl(`${small / 1000}k MiB`, 10)}${padl(`${large / 1000}k MiB`, 10)}  goal`,
);
for (const row of rows) {
  const ratio = row.large / row.small;
  const isStream = row.name.includes("everything");
  const rowGoal = row.goal ?? timeGoal;
  const met = isStream ? row.largeMiB < memoryGoalMiB : ratio <= rowGoal && row.largeMiB < memoryGoalMiB;
  const goal = isStream ? `bounded memory (< ${memoryGoalMiB} MiB)` : `<= ${rowGoal}x, < ${memoryGoalMiB} MiB`;
  console.log(
    `${pad(row.name, 46)}${padl(fmt(row.small), 10)}${padl(fmt(row.large), 10)}${padl(`${ratio.toFixed(2)}x`, 8)}${padl(fmt(row.smallMiB), 10)}${padl(fmt(row.largeMiB), 10)}  ${goal}: ${met ? "met" : "NOT met"}`,
  );
}

// `history --json` of everything must stream in bounded memory: its peak at three journal sizes,
// written to /dev/null and to a reader that is behind. That reader is a pipe made non-blocking (as
// a Node process sharing the pipe makes it, for everyone writing to it) and read only after a
// pause: a CLI that did not wait for it would hold the whole answer in memory meanwhile.
const streamSizes = [small, large, large * 3];
const streamRounds = quick ? 1 : 5;
/** Peak MiB of `args` with stdout on a non-blocking pipe that is read only after `pauseMs`. */
function runBehindReader(configDir, args, pauseMs = 3000) {
  const parent = `
    const { spawn } = require("node:child_process");
    const child = spawn("/usr/bin/time", ["-f", "%M", process.execPath, ...JSON.parse(process.argv[1])], { stdio: ["ignore", "inherit", "pipe"] });
    // Node opens its stdout pipe non-blocking, and the child shares it (a child is started blocking, so only after).
    process.stdout.write("");
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code) => { process.stderr.write(err); process.exitCode = code; });`;
  const script = `
    const { spawn } = require("node:child_process");
    const parent = spawn(process.execPath, ["-e", ${JSON.stringify(parent)}, process.argv[1]], { stdio: ["ignore", "pipe", "pipe"] });
    let err = "", bytes = 0;
    parent.stderr.on("data", (d) => (err += d));
    parent.stdout.pause();
    setTimeout(() => parent.stdout.on("data", (d) => (bytes += d.length)).resume(), ${pauseMs});
    parent.on("close", (code) => process.stdout.write(JSON.stringify({ code, err, bytes })));`;
  const result = spawnSync(process.execPath, ["-e", script, JSON.stringify([bin, ...args])], {
    env: envFor(configDir),
    encoding: "utf8",
  });
  const { code, err, bytes } = JSON.parse(result.stdout);
  if (code !== 0)
    throw new Error(`reseller ${args.join(" ")} behind a slow reader exited ${code}: ${err.slice(-2000)}`);
  return { mib: Number(err.trim().split("\n").at(-1)) / 1024, bytes };
}
if (hasTime) {
  console.log("");
  console.log(
    `history --json of everything (--since 2000-01-01), peak memory by journal size, median of ${streamRounds}:`,
  );
  const everything = ["history", "--json", "--since", "2000-01-01"];
  const peaks = [];
  const answerBytes = [];
  for (const orders of streamSizes) {
    const s = orders === small ? sets[0] : orders === large ? sets[1] : prepare(`stream-${orders}`, orders);
    const direct = median(Array.from({ length: streamRounds }, () => runOnce(s.configDir, everything).mib));
    const behind = Array.from({ length: streamRounds }, () => runBehindReader(s.configDir, everything));
    const behindMiB = median(behind.map((r) => r.mib));
    peaks.push(direct, behindMiB);
    answerBytes.push(behind[0].bytes);
    console.log(
      `  ${pad(`${orders.toLocaleString("en")} orders`, 16)}to /dev/null ${padl(fmt(direct), 4)} MiB; to a reader 3 s behind ${padl(fmt(behindMiB), 4)} MiB (${fmt(behind[0].bytes / 1048576, 1)} MiB of JSON)`,
    );
    if (orders !== small && orders !== large) rmSync(s.configDir, { recursive: true, force: true });
  }
  const peakAt = (k) => Math.max(peaks[2 * k], peaks[2 * k + 1]);
  console.log(
    `  from ${large.toLocaleString("en")} to ${streamSizes[2].toLocaleString("en")} orders the peak grew ${fmt(peakAt(2) - peakAt(1))} MiB while the answer grew ${fmt((answerBytes[2] - answerBytes[1]) / 1048576)} MiB (bounded: it must not follow the answer); under ${memoryGoalMiB} MiB: ${Math.max(...peaks) < memoryGoalMiB ? "met" : "NOT met"}`,
  );
}

if (huge && !streamOnly) {
  console.log("");
  const name = "huge";
  const configDir = join(work, name);
  const started = Date.now();
  const refs = growJournal(configDir, huge);
  console.log(
    `${huge.toLocaleString("en")} orders in the current release's format: ${(Date.now() - started) / 1000} s to write.`,
  );
  const realRef = loginAndBuy(configDir);
  const first = runOnce(configDir, ["trx", "show", realRef]);
  console.log(
    `  first use, \`trx show REF\` (migration: index built, past months sealed): ${fmt(first.ms / 1000, 1)} s, ${fmt(first.mib)} MiB`,
  );
  const steps = [
    { label: "trx show REF", args: ["trx", "show", realRef] },
    {
      label: "buy --ref-id X (existing)",
      args: ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", realRef, "--again", "--yes"],
      ok: [0, 1],
    },
    { label: "history", args: ["history"] },
    { label: "reconcile", args: ["reconcile"], ok: [0, 5] },
  ];
  for (const { label, args, ok } of steps) {
    try {
      const r = runOnce(configDir, args, { ok: ok ?? [0] });
      console.log(`  ${pad(label, 46)} exit ${r.status}, ${fmt(r.ms)} ms, ${fmt(r.mib)} MiB`);
    } catch (error) {
      console.log(`  ${pad(label, 46)} FAILED: ${String(error.message).split("\n")[0]}`);
    }
  }
  for (const reader of storeReaders) {
    const r = storeOnce({ configDir, realRef }, reader.body);
    console.log(`  ${pad(reader.name, 46)} ${r.status} entries, ${fmt(r.ms)} ms, ${fmt(r.mib)} MiB`);
  }
  void refs;
}

emulator.kill();
if (process.env.BENCH_KEEP) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
