#!/usr/bin/env node
// `npm test` after lint and the build: the typecheck runs beside vitest instead of before it. Most of
// the suite waits on processes it spawned, so tsc's ~20 s of one core fits beside it; the run fails
// if either does.
import { spawn } from "node:child_process";

/** Runs an npm script or a binary of node_modules with the output passed through; resolves its exit code. */
function run(command, args) {
  return new Promise((done) => {
    spawn(command, args, { stdio: "inherit" }).on("exit", (code) => done(code ?? 1));
  });
}

const [typecheck, tests] = await Promise.all([
  run("npm", ["run", "--silent", "typecheck"]),
  run("npx", ["vitest", "run", ...process.argv.slice(2)]),
]);
if (typecheck !== 0) console.error(`npm test: the typecheck failed (exit ${typecheck})`);
process.exit(typecheck || tests);
