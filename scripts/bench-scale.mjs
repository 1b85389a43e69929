#!/usr/bin/env node
// `npm run bench:scale [-- --quick]`: how reseller holds up at a big shop's scale. Runs every part
// in scripts/bench-scale/*.mjs (journal, webhook, completion, catalogue, bulk, ...) one after the
// other, in name order, each in its own process so one part's memory and timers never touch the
// next's, passing --quick (smaller sizes) through and printing their output as it comes. Each part
// prints its own ratios against a baseline measured in the same run. Exits 1 if any part failed.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = join(dirname(fileURLToPath(import.meta.url)), "bench-scale");
const passed = process.argv.slice(2).filter((a) => a === "--quick");
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const parts = readdirSync(dir)
  .filter((name) => name.endsWith(".mjs"))
  .filter((name) => only.length === 0 || only.includes(name.replace(/\.mjs$/, "")))
  .sort();

const failed = [];
for (const part of parts) {
  const name = part.replace(/\.mjs$/, "");
  console.log(`\n=== ${name} ${"=".repeat(Math.max(3, 70 - name.length))}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [join(dir, part), ...passed], { stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed.push(name);
    console.log(`--- ${name} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
  } else {
    console.log(`--- ${name}: ${seconds} s`);
  }
}
if (failed.length) {
  console.log(`\n${failed.length} of ${parts.length} parts failed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log(
  `\n${parts.length} part${parts.length === 1 ? "" : "s"} run: ${parts.map((p) => p.replace(/\.mjs$/, "")).join(", ")}`,
);
