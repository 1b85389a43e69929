#!/usr/bin/env node
// `node scripts/bench-scale/completion.mjs`: what pressing Tab after `reseller buy --item ` costs in
// bash, zsh and fish when the kept catalogue holds 5,000 variants and when it holds 200,000 (a big
// shop). The copy is made the way a reseller makes it (`reseller items --refresh` against an emulator
// grown with --catalogue-size); completion then never asks the service, so the emulator is stopped
// before anything is timed. The first Tab after the copy changed makes a small id index beside it
// (src/catalogue/id-index.ts): that one is timed and printed apart, the rest are the Tabs after it. Each shell is timed as a person meets it: bash runs its completion
// function, fish `complete -C`, and zsh a real Tab in an interactive zsh on a pseudo-terminal (zpty),
// timed until its menu shows. Printed: the median of each (and `reseller --version` as the floor a
// Node process costs on this machine), and the ratio of 200k to 5k. The goal: within 0.5 s at 200k.
//
// BENCH_ROUNDS (default 7) and BENCH_SIZES (default "5000,200000") change the run. Needs `npm run
// build` first. A shell that is not installed is skipped and said so.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulatorProcess } from "../bench-kit.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "bin", "reseller.js");
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const sizes = (process.env.BENCH_SIZES ?? "5000,200000").split(",").map(Number);
const goalMs = 500;
const work = mkdtempSync(join(tmpdir(), "reseller-bench-completion-"));
const line = "reseller buy --item ";

const has = (program) => spawnSync("sh", ["-c", 'command -v "$1"', "sh", program], { stdio: "ignore" }).status === 0;
const shells = ["bash", "zsh", "fish"].filter(has);
const missing = ["bash", "zsh", "fish"].filter((s) => !shells.includes(s));

// The scripts call `reseller` by name: the built one, on PATH.
const shimDir = join(work, "bin");
mkdirSync(shimDir);
writeFileSync(join(shimDir, "reseller"), `#!/bin/sh\nexec '${process.execPath}' '${bin}' "$@"\n`);
chmodSync(join(shimDir, "reseller"), 0o755);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function startEmulator(size) {
  const { child, ...address } = await startEmulatorProcess({ options: `{ port: 0, catalogueSize: ${size} }` });
  return { ...address, stop: () => child.kill() };
}

/** A config dir holding a kept catalogue of `size` variants, made through the CLI. */
async function keptCatalogue(size) {
  const emulator = await startEmulator(size);
  const home = join(work, `shop-${size}`);
  const env = {
    PATH: `${shimDir}:${process.env.PATH}`,
    HOME: home,
    XDG_CACHE_HOME: join(home, "cache"),
    RESELLER_CONFIG_DIR: join(home, "config"),
    LANG: "C.UTF-8",
    TERM: "xterm",
  };
  mkdirSync(home, { recursive: true });
  const run = (args, input) => {
    const result = spawnSync(process.execPath, [bin, ...args], { env, input, encoding: "utf8", maxBuffer: 1 << 30 });
    if (result.status !== 0) throw new Error(`reseller ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
    return result;
  };
  run(["login", "--with-key", "--base-url", emulator.baseUrl], emulator.apiKey);
  const started = Date.now();
  run(["items", "--refresh"]);
  const refreshMs = Date.now() - started;
  emulator.stop();
  // The first Tab after the copy changed makes the id index beside it: timed on its own.
  const firstStarted = process.hrtime.bigint();
  const offered = spawnSync(process.execPath, [bin, "__complete", "items"], { env, encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean).length;
  const firstMs = Number(process.hrtime.bigint() - firstStarted) / 1e6;
  return { env, refreshMs, offered, firstMs };
}

function scriptFor(shell) {
  const file = join(work, `reseller.${shell}`);
  writeFileSync(file, spawnSync(process.execPath, [bin, "completion", shell], { encoding: "utf8" }).stdout);
  return file;
}

const timed = (file, args, env) => {
  const started = process.hrtime.bigint();
  const result = spawnSync(file, args, { env, encoding: "utf8", timeout: 600_000 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${file} ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return { ms, out: result.stdout };
};

/** How many candidates each way shows, and how long it took. */
const ways = {
  version: (env) => {
    const { ms } = timed(process.execPath, [bin, "--version"], env);
    return { ms, shown: null };
  },
  bash: (env) => {
    const program = `source "$1"; read -ra COMP_WORDS <<< "$2"; COMP_WORDS+=(""); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); _reseller; echo "\${#COMPREPLY[@]}"`;
    const { ms, out } = timed("bash", ["-c", program, "bash", scripts.bash, line], env);
    return { ms, shown: Number(out.trim()) };
  },
  fish: (env) => {
    const { ms, out } = timed(
      "fish",
      ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", scripts.fish, line],
      env,
    );
    return { ms, shown: out.split("\n").filter(Boolean).length };
  },
  // zsh's completion runs only inside its line editor: an interactive zsh on a pseudo-terminal, Tab
  // pressed, the time until the menu's last line is drawn. Its own start is outside the timing.
  zsh: (env) => {
    const program = `
zmodload zsh/zpty zsh/datetime
zpty -b z 'zsh -f -i'
zpty -w z 'PS1="> "; autoload -U compinit && compinit -u && source ${scripts.zsh} && print RE""ADY'
zpty -r z out '*READY*'
zpty -r -t z out
t0=$EPOCHREALTIME
zpty -w -n z '${line}'$'\\t'
zpty -r z out '*, Rp*'
t1=$EPOCHREALTIME
sleep 0.05
zpty -r -t z more
print -r -- $(( (t1 - t0) * 1000 )) "\${#\${(f)out}}"
zpty -d z`;
    const { out } = timed("zsh", ["-f", "-c", program], env);
    const [ms] = out.trim().split(/\s+/).map(Number);
    return { ms, shown: null };
  },
};

const scripts = Object.fromEntries(shells.map((s) => [s, scriptFor(s)]));
const load = loadavg()[0];
const results = {};
for (const size of sizes) {
  process.stderr.write(`keeping a catalogue of ${size} variants (reseller items --refresh)… `);
  const shop = await keptCatalogue(size);
  process.stderr.write(`${(shop.refreshMs / 1000).toFixed(1)} s\n`);
  const samples = Object.fromEntries(["version", ...shells].map((w) => [w, []]));
  const shown = {};
  // Warm the file cache and the code cache the launcher keeps, as a reseller's second Tab finds them.
  for (const w of ["version", ...shells]) ways[w](shop.env);
  for (let round = 0; round < rounds; round++) {
    // Alternating the order, so a machine busier in one part of a round slows every way alike.
    const order = round % 2 ? ["version", ...shells].reverse() : ["version", ...shells];
    for (const w of order) {
      const r = ways[w](shop.env);
      samples[w].push(r.ms);
      if (r.shown !== null) shown[w] = r.shown;
    }
  }
  results[size] = {
    medians: Object.fromEntries(Object.entries(samples).map(([w, s]) => [w, median(s)])),
    max: Object.fromEntries(Object.entries(samples).map(([w, s]) => [w, Math.max(...s)])),
    shown,
    offered: shop.offered,
    refreshMs: shop.refreshMs,
    firstMs: shop.firstMs,
  };
}
rmSync(work, { recursive: true, force: true });

const fmt = (n) => `${Math.round(n)} ms`;
console.log(
  `${cpus()[0]?.model ?? "unknown CPU"}, ${availableParallelism()} CPUs, load ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}; node ${process.version}; ${rounds} rounds; Tab after \`${line}\``,
);
if (missing.length) console.log(`not installed, not timed: ${missing.join(", ")}`);
console.log("");
const [small, large] = [sizes[0], sizes.at(-1)];
console.log(
  `| way | ${sizes.map((s) => `${s.toLocaleString("en")} variants: median (max)`).join(" | ")} | ratio ${large.toLocaleString("en")}/${small.toLocaleString("en")} | goal at ${large.toLocaleString("en")}: <= ${goalMs} ms |`,
);
console.log(`|---|${sizes.map(() => "---|").join("")}---|---|`);
for (const w of ["version", ...shells]) {
  const name =
    w === "version"
      ? "`reseller --version` (a Node start, the floor)"
      : `${w}${results[large].shown[w] !== undefined ? ` (${results[large].shown[w]} shown)` : ""}`;
  const cells = sizes.map((s) => `${fmt(results[s].medians[w])} (${fmt(results[s].max[w])})`);
  const ratio = results[large].medians[w] / results[small].medians[w];
  const goal = w === "version" ? "" : results[large].medians[w] <= goalMs ? "met" : "not met";
  console.log(`| ${name} | ${cells.join(" | ")} | ${ratio.toFixed(2)}x | ${goal} |`);
}
console.log("");
console.log(
  `\`reseller __complete items\` offers ${sizes.map((s) => `${results[s].offered} of ${s.toLocaleString("en")}`).join(", ")} (a screenful); keeping the copy took ${sizes.map((s) => `${(results[s].refreshMs / 1000).toFixed(1)} s`).join(" and ")}.`,
);
console.log(
  `The first \`__complete items\` after the copy changed, which makes the id index: ${sizes.map((s) => `${fmt(results[s].firstMs)} at ${s.toLocaleString("en")}`).join(", ")}.`,
);
