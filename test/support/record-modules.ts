/**
 * What a real `reseller` process loaded, read from V8's own coverage (NODE_V8_COVERAGE). The CLI is
 * one bundle, dist/reseller.cjs, in which esbuild wraps every lazily imported module (and every
 * CommonJS dependency) in an initialiser named after its source path — "src/commands/balance.ts",
 * "node_modules/undici/lib/core/util.js" — that runs when the module is first imported. Coverage
 * counts the calls of each function, so it says which modules were loaded and which only shipped.
 * Files outside the bundle (cli-table3, required beside it) show up as scripts of their own.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { baseEnv, binPath } from "./cli.js";
import { makeTempDir } from "./temp-dir.js";

interface V8Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

export interface ModuleRecord {
  exitCode: number | null;
  /** Whether the bundle was compiled at all (the --version fast path never does). */
  bundleRan: boolean;
  /** Module initialisers in the bundle that ran, by source path. */
  loaded: string[];
  /** Module initialisers in the bundle that never ran: shipped, not loaded. */
  notLoaded: string[];
  /** The URL of every script that ran code, Node's own included. */
  scripts: string[];
}

const moduleName = /^(src|node_modules)\//;

export function modulesLoadedBy(args: string[], env: Record<string, string | undefined>): Promise<ModuleRecord> {
  const coverage = makeTempDir("reseller-coverage-");
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [binPath, ...args], {
      // Coverage changes V8's flags, so a code cache made without it would be refused: none here.
      env: baseEnv({ ...env, NODE_V8_COVERAGE: coverage, RESELLER_NO_CODE_CACHE: "1" }),
      stdio: ["ignore", "ignore", "ignore"],
    });
    child.on("error", reject);
    child.on("close", (exitCode) => {
      const scripts = readdirSync(coverage).flatMap(
        (file) => (JSON.parse(readFileSync(join(coverage, file), "utf8")) as V8Coverage).result,
      );
      const bundle = scripts.find((s) => s.url.endsWith("/dist/reseller.cjs"));
      const wrappers = (bundle?.functions ?? []).filter((f) => moduleName.test(f.functionName));
      done({
        exitCode,
        bundleRan: bundle !== undefined,
        loaded: wrappers.filter((f) => f.ranges[0]!.count > 0).map((f) => f.functionName),
        notLoaded: wrappers.filter((f) => f.ranges[0]!.count === 0).map((f) => f.functionName),
        scripts: scripts.filter((s) => s.functions.some((f) => f.ranges[0]!.count > 0)).map((s) => s.url),
      });
    });
  });
}
