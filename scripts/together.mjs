#!/usr/bin/env node
// Runs shell commands at the same time and fails if any fails: `npm test`'s lint, typecheck and
// build depend on none of each other, and tsc, which takes most of that time on one core, leaves the
// other core to Biome and esbuild. Each command's output is printed whole once it ends, in the order
// given, so two commands' lines never interleave.
import { spawn } from "node:child_process";

const commands = process.argv.slice(2);
if (!commands.length) {
  process.stderr.write("usage: node scripts/together.mjs '<command>' ['<command>'...]\n");
  process.exit(2);
}

const runs = commands.map(
  (command) =>
    new Promise((resolve) => {
      const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
      const output = [];
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
      child.on("error", (error) => resolve({ command, code: 1, output: [Buffer.from(`${error.message}\n`)] }));
      child.on("close", (code, signal) => resolve({ command, code: code ?? (signal ? 1 : 0), output }));
    }),
);

let failed = 0;
for (const run of runs) {
  const { command, code, output } = await run;
  process.stdout.write(`> ${command}\n`);
  process.stdout.write(Buffer.concat(output));
  if (code !== 0) {
    failed += 1;
    process.stderr.write(`"${command}" failed (exit ${code})\n`);
  }
}
process.exit(failed ? 1 : 0);
